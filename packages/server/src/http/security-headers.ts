import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Directives the built app satisfies, without 'unsafe-inline': the server adds hashes of index.html's
 * inline scripts, and each page gets a nonce for the few style elements a dialog library injects. A
 * page that carries its first screen's markup allows the exact style attributes in it, by their hashes
 * (server-render.ts): the script sets the same styles through the DOM, which no policy governs.
 */
export function contentSecurityPolicy(
  inlineScriptHashes: readonly string[],
  styleNonce?: string,
  styleAttributeHashes: readonly string[] = [],
): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(' ');
  const styles = [
    "'self'",
    ...(styleNonce ? [`'nonce-${styleNonce}'`] : []),
    ...(styleAttributeHashes.length > 0
      ? ["'unsafe-hashes'", ...styleAttributeHashes.map((h) => `'${h}'`)]
      : []),
  ].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    `style-src ${styles}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    'frame-src https://www.youtube-nocookie.com',
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { csp: string; isHttps: (request: FastifyRequest) => boolean },
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // App-shell pages set their own policy, with their nonce.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', options.csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    if (options.isHttps(request)) reply.header('Strict-Transport-Security', 'max-age=31536000');
    return payload;
  });
}
