import type { Initial } from '@commons/shared';
import { bannedFrom, sidebarCommunities } from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { listReportReasons } from '../reports/report-reasons.repository.js';
import type { Viewer } from '../sessions/sessions.service.js';
import { mutesJson } from '../users/mutes.service.js';
import { countUsers } from '../users/users.repository.js';
import { userJson } from '../users/users.service.js';
import { getSiteSettings } from './site-settings.repository.js';

/**
 * `GET /api/_initial` (API.md §6.1): what the app needs to start. Lists and push keys join this
 * as those features arrive; until then they are truly empty.
 */
export async function getInitial(deps: Deps, viewer: Viewer): Promise<Initial> {
  const [settings, reportReasons, noUsers, communities, bans, mutes] = await Promise.all([
    getSiteSettings(deps.db),
    listReportReasons(deps.db),
    countUsers(deps.db),
    sidebarCommunities(deps, viewer.user),
    bannedFrom(deps, viewer.user),
    viewer.user ? mutesJson(deps, viewer.user) : { communityMutes: [], userMutes: [] },
  ]);
  return {
    signupsDisabled: settings.signupsDisabled,
    reportReasons,
    user: viewer.user ? await userJson(deps, viewer.user, viewer.user) : null,
    lists: [],
    communities,
    noUsers,
    bannedFrom: bans,
    vapidPublicKey: '',
    mutes,
    imagePostSubmitReqPoints: deps.config.imagePostSubmitReqPoints,
    linkPostSubmitReqPoints: deps.config.linkPostSubmitReqPoints,
  };
}
