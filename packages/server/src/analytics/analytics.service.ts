import crypto from 'node:crypto';
import { analyticsEvents, type AnalyticsClientEvent } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import type { Viewer } from '../sessions/sessions.service.js';
import { insertEventOnce } from './analytics.repository.js';

function isClientEvent(event: string): event is AnalyticsClientEvent {
  return (analyticsEvents as readonly string[]).includes(event);
}

/**
 * `POST /api/analytics` (DOMAIN §13): the installed app's `pwa_use`, once per session. The row's key is
 * MD5("pwa_use_" + session id); the session id itself is never stored (it is a bearer secret).
 */
export async function recordClientEvent(
  deps: Deps,
  viewer: Viewer,
  request: { event: string; ip: string; userAgent: string | undefined },
): Promise<void> {
  await deps.limiter.consume('analyticsIp', request.ip);
  if (!isClientEvent(request.event)) throw errors.badEvent();
  const uniqueKey = crypto.createHash('md5').update(`${request.event}_${viewer.sessionId}`).digest();
  await insertEventOnce(deps.db, {
    eventName: request.event,
    uniqueKey,
    payload: { userId: viewer.user?.id ?? null, userAgent: request.userAgent ?? '', ip: request.ip },
  });
}
