import type { Kysely } from 'kysely';
import type { ReadCache } from './cache/read-cache.js';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import type { IpBlockList } from './ipblocks/ip-block-list.js';
import type { Clock } from './lib/time.js';
import type { PushSender } from './notifications/push-sender.js';
import type { RateLimiter } from './rate-limits/rate-limiter.js';
import type { RecentSessions } from './sessions/recent-sessions.js';
import type { GuestSessionIds } from './sessions/sessions.service.js';
import type { Secrets } from './site/secrets.js';

/** What services are given: they take it as their first argument and know nothing of HTTP. */
export interface Deps {
  db: Kysely<DB>;
  config: Config;
  secrets: Secrets;
  limiter: RateLimiter;
  clock: Clock;
  /** What every guest sees the same, for a few seconds (feed pages). */
  readCache: ReadCache;
  /** Web push for new and merged notifications (DOMAIN §5.6). */
  push: PushSender;
  /** Session ids found not stored (returning guests'), so that their requests need no query. */
  guestSessionIds: GuestSessionIds;
  /** Members' sessions found in the last few seconds, for the feeds' reads (recent-sessions.ts). */
  recentSessions: RecentSessions;
  /** The IP blocks in effect, kept in memory and in step with the other processes (DOMAIN §7.9). */
  ipBlocks: IpBlockList;
}
