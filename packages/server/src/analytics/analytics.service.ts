import crypto from 'node:crypto';
import { limits, type AnalyticsPage } from '@commons/shared';
import { analyticsEvents, type AnalyticsClientEvent } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { parseAdminLimit } from '../ipblocks/ip-blocks.service.js';
import { errors } from '../lib/errors.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import type { Viewer } from '../sessions/sessions.service.js';
import type { UserRow } from '../users/users.repository.js';
import { insertEventOnce, listEvents } from './analytics.repository.js';
import { SITE_STATS_EVENT } from './site-stats.service.js';

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

/**
 * `GET /api/analytics/bss` (API.md §16.4, admin): the hourly snapshots, newest first. `next` is the
 * Unix seconds of the first event of the next page (inclusive), `""` at the end.
 */
export async function listSiteStats(
  deps: Deps,
  viewer: UserRow | null,
  query: { limit?: string; next?: string },
): Promise<AnalyticsPage> {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  const limit = parseAdminLimit(query.limit, limits.analyticsPageSize);
  // `next` is whole seconds and inclusive: everything before the end of that second.
  let before: Date | null = null;
  if (query.next !== undefined && query.next !== '') {
    if (!/^\d{1,11}$/.test(query.next)) throw errors.invalidNextValue();
    before = new Date((Number(query.next) + 1) * 1000);
  }
  const rows = await listEvents(deps.db, SITE_STATS_EVENT, before, limit + 1);
  const following = rows.length > limit ? rows[limit]! : null;
  return {
    events: rows.slice(0, limit).map((row) => ({
      id: Number(row.id),
      name: '',
      uniqueKey: null,
      payload: JSON.stringify(inStatsOrder(row.payload as Record<string, unknown>)),
      createdAt: row.created_at.toISOString(),
    })),
    next: following ? String(Math.floor(following.created_at.getTime() / 1000)) : '',
  };
}

/** BasicSiteStats' keys as API.md §5.15 lists them; jsonb keeps its own order. */
const STATS_KEYS = [
  'version',
  'users_day',
  'users_week',
  'users_month',
  'return_users_day',
  'return_users_week',
  'return_users_month',
  'signups',
  'pwa_installs',
  'notifications_enabled',
  'posts_day',
  'posts_week',
  'comments_day',
  'comments_week',
] as const;

function inStatsOrder(stored: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of STATS_KEYS) if (key in stored) ordered[key] = stored[key];
  return Object.assign(ordered, stored);
}
