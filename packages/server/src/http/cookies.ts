import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { csrfTokenFor, SESSION_LIFETIME_MS } from '../sessions/sessions.service.js';

/**
 * Cookies are `Secure` only when the site is served over https: a https PUBLIC_URL, or a trusted proxy
 * reporting https. Plain http on localhost or a LAN address keeps working.
 */
export function isHttps(deps: Deps, request: FastifyRequest): boolean {
  return deps.config.publicUrl?.protocol === 'https:' || request.protocol === 'https';
}

export function setSessionCookie(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
): void {
  reply.setCookie(deps.config.sessionCookieName, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(deps, request),
    expires: new Date(deps.clock().getTime() + SESSION_LIFETIME_MS),
  });
}

/**
 * After a member's page-changing write on a site of several processes: when the write's note ends
 * (ms since the epoch, by this machine's clock like the note itself), for their next requests to carry
 * to any process (feeds/own-writes.ts).
 */
export const OWN_WRITE_COOKIE = 'wrote';

export function setOwnWriteCookie(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  ttlMs: number,
): void {
  reply.setCookie(OWN_WRITE_COOKIE, String(Date.now() + ttlMs), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(deps, request),
    maxAge: Math.ceil(ttlMs / 1000),
  });
}

/**
 * The cookie holds the token as it is (API.md §3.2), its `=` included, which a cookie may hold:
 * percent-encoded, a client that sends the cookie's value back as the header would be refused.
 */
const CSRF_COOKIE = { path: '/', sameSite: 'lax', encode: (value: string) => value } as const;

/** Whether the browser's cookie lacks this CSRF token, so that the answer sends it (again). */
export function lacksCsrfCookie(request: FastifyRequest, token: string): boolean {
  return request.cookies.csrftoken !== token;
}

/** The CSRF token goes in the `Csrf-Token` header of every response, and in a readable cookie. */
export function sendCsrfToken(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
): void {
  const token = csrfTokenFor(deps, sessionId);
  reply.header('Csrf-Token', token);
  if (lacksCsrfCookie(request, token)) {
    reply.setCookie('csrftoken', token, CSRF_COOKIE);
  }
}

/** After login or signup: the new session id and its token replace the old ones. */
export function sendNewSession(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
): void {
  setSessionCookie(deps, request, reply, sessionId);
  const token = csrfTokenFor(deps, sessionId);
  reply.header('Csrf-Token', token);
  reply.setCookie('csrftoken', token, CSRF_COOKIE);
}
