import { purgeUsedCaptchas } from '../captcha/captcha.service.js';
import { systemClock } from '../lib/time.js';
import { purgeExpiredSessions } from '../sessions/sessions.service.js';
import type { Job } from './scheduler.js';

const HOUR = 3600 * 1000;

/** The background jobs of DOMAIN §14 that exist so far. */
export const jobs: Job[] = [
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
];
