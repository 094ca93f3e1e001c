import type { Initial } from '@commons/shared';
import type { Deps } from '../deps.js';
import { listReportReasons } from '../reports/report-reasons.repository.js';
import type { Viewer } from '../sessions/sessions.service.js';
import { countUsers } from '../users/users.repository.js';
import { userJson } from '../users/users.service.js';
import { getSiteSettings } from './site-settings.repository.js';

/**
 * `GET /api/_initial` (API.md §6.1): what the app needs to start. Lists, mutes, joined communities,
 * bans and push keys join this as those features arrive; until then they are truly empty.
 */
export async function getInitial(deps: Deps, viewer: Viewer): Promise<Initial> {
  const [settings, reportReasons, noUsers] = await Promise.all([
    getSiteSettings(deps.db),
    listReportReasons(deps.db),
    countUsers(deps.db),
  ]);
  return {
    signupsDisabled: settings.signupsDisabled,
    reportReasons,
    user: viewer.user ? await userJson(deps.db, viewer.user, viewer.user) : null,
    lists: [],
    communities: null,
    noUsers,
    bannedFrom: null,
    vapidPublicKey: '',
    mutes: { communityMutes: [], userMutes: [] },
    imagePostSubmitReqPoints: deps.config.imagePostSubmitReqPoints,
    linkPostSubmitReqPoints: deps.config.linkPostSubmitReqPoints,
  };
}
