import { purgeUsedCaptchas } from '../captcha/captcha.service.js';
import type { Config } from '../config.js';
import { deleteTemporaryImages } from '../images/images.service.js';
import { recordSiteStats } from '../analytics/site-stats.service.js';
import { expireBlocksJob } from '../ipblocks/ip-blocks.service.js';
import { systemClock } from '../lib/time.js';
import { purgeWindows } from '../posts/post-windows.repository.js';
import { purgeExpiredSessions } from '../sessions/sessions.service.js';
import {
  purgeDeliveredEvents,
  sendAnnouncements,
  sendWelcomeNotifications,
} from '../notifications/notification-jobs.service.js';
import type { Job } from './scheduler.js';

const HOUR = 3600 * 1000;

/** The background jobs of DOMAIN §14 that exist so far. */
export function siteJobs(config: Config): Job[] {
  return [
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
    {
      name: 'announcement-notifications',
      everyMs: 10_000,
      run: (trx) => sendAnnouncements({ db: trx, clock: systemClock }),
    },
    {
      name: 'welcome-notifications',
      everyMs: 60_000,
      run: (trx) => sendWelcomeNotifications({ db: trx, clock: systemClock, config }),
    },
    {
      name: 'purge-notification-events',
      everyMs: HOUR,
      run: (trx) => purgeDeliveredEvents({ db: trx, clock: systemClock }),
    },
    {
      name: 'record-site-stats',
      everyMs: HOUR,
      run: (trx) => recordSiteStats({ db: trx, clock: systemClock }),
    },
    {
      // Its notice reaches the other processes when the claim's transaction commits.
      name: 'expire-ip-blocks',
      everyMs: 100_000,
      run: (trx) => expireBlocksJob({ db: trx, clock: systemClock }),
    },
  ];
}
