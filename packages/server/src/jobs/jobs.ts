import { purgeUsedCaptchas } from '../captcha/captcha.service.js';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import { maintainTables } from '../db/maintenance.js';
import { deleteTemporaryImages } from '../images/images.service.js';
import { systemClock } from '../lib/time.js';
import { purgeWindows } from '../posts/posts.repository.js';
import { purgeExpiredSessions } from '../sessions/sessions.service.js';
import type { Job } from './scheduler.js';

const HOUR = 3600 * 1000;

/** The background jobs of DOMAIN §14 that exist so far, and the embedded engine's upkeep. */
export function siteJobs(config: Config, engine: Engine): Job[] {
  const upkeep: Job[] =
    engine === 'pglite'
      ? [{ name: 'maintain-embedded-tables', everyMs: HOUR / 6, runAlone: (db) => maintainTables(db) }]
      : [];
  return [
    ...upkeep,
    {
      name: 'delete-expired-sessions',
      everyMs: HOUR,
      run: (trx) => purgeExpiredSessions({ db: trx, clock: systemClock }),
    },
    {
      name: 'delete-used-captchas',
      everyMs: HOUR,
      run: (trx) => purgeUsedCaptchas({ db: trx, clock: systemClock }),
    },
    {
      // Top-window feeds: rows of posts older than their window go (DOMAIN §2.5).
      name: 'purge-post-windows',
      everyMs: HOUR,
      run: (trx) => purgeWindows(trx, systemClock()),
    },
    {
      name: 'delete-temporary-images',
      everyMs: HOUR,
      run: (trx) => deleteTemporaryImages({ db: trx, clock: systemClock, config }),
    },
  ];
}
