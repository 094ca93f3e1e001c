import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Directives the built app satisfies, without 'unsafe-inline': the server adds hashes of index.html's
 * inline scripts, and each page gets a nonce for the few style elements a dialog library injects.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[], styleNonce?: string): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
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
