import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/time.js';
import type { PushSender } from './notifications/push-sender.js';
import type { RateLimiter } from './rate-limits/rate-limiter.js';
import type { Secrets } from './site/secrets.js';

/** What services are given: they take it as their first argument and know nothing of HTTP. */
export interface Deps {
  db: Kysely<DB>;
  config: Config;
  secrets: Secrets;
  limiter: RateLimiter;
  clock: Clock;
  /** Web push for new and merged notifications (DOMAIN §5.6). */
  push: PushSender;
}
