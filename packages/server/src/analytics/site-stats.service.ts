import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BasicSiteStats } from '@commons/shared';
import type { DB } from '../db/schema.js';
import type { Clock } from '../lib/time.js';
import { insertEventOnce, siteStats } from './analytics.repository.js';

export const SITE_STATS_EVENT = 'bss';

/** The hourly job: one `bss` row. Its unique key is the moment, so a repeated run adds nothing. */
export async function recordSiteStats(deps: { db: Kysely<DB>; clock: Clock }): Promise<BasicSiteStats> {
  const now = deps.clock();
  const stats = await siteStats(deps.db, now);
  await insertEventOnce(deps.db, {
    eventName: SITE_STATS_EVENT,
    uniqueKey: crypto.createHash('md5').update(`${SITE_STATS_EVENT}_${now.toISOString()}`).digest(),
    payload: stats,
    createdAt: now,
  });
  return stats;
}
