import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { noteOwnWriteCookie } from '../feeds/own-writes.js';
import { errors } from '../lib/errors.js';
import {
  isValidCsrfToken,
  lastSeenIsStale,
  recordVisit,
  resolveViewer,
} from '../sessions/sessions.service.js';
import { sendCsrfToken, setSessionCookie } from './cookies.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every visitor has a session (API.md §3.1): resolve it, issue the cookie and CSRF token when missing,
 * and note a logged-in visitor's last visit. Used by the API hook and by app-shell page responses.
 */
export async function attachViewer(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const viewer = await resolveViewer(
    deps,
    request.cookies[deps.config.sessionCookieName],
    request.routeOptions.config?.recentSession === true,
  );
  request.viewer = viewer;
  if (viewer.user) noteOwnWriteCookie(deps, request, viewer.user.id);
  if (viewer.isNewSession) setSessionCookie(deps, request, reply, viewer.sessionId);
  sendCsrfToken(deps, request, reply, viewer.sessionId);
  if (lastSeenIsStale(deps, viewer)) {
    await recordVisit(deps, viewer, request.ip);
    setSessionCookie(deps, request, reply, viewer.sessionId); // the cookie rolls with the session
  }
}

/** Sessions and CSRF for the API routes: before routing, CSRF checks and auth. */
export function registerSessionHooks(scope: FastifyInstance, deps: Deps): void {
  scope.decorateRequest('viewer', null as never);
  scope.addHook('onRequest', async (request, reply) => {
    await attachViewer(deps, request, reply);
    if (!MUTATING.has(request.method) || deps.config.csrfOff) return;
    const header = request.headers['x-csrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!isValidCsrfToken(deps, request.viewer.sessionId, token)) {
      throw errors.unauthorized();
    }
  });
}
