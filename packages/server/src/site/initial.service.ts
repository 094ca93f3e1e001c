import type { Initial } from '@commons/shared';
import { bannedFrom, sidebarCommunities } from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { viewerLists } from '../lists/lists.service.js';
import { vapidPublicKey } from '../push/push.service.js';
import { listReportReasons } from '../reports/report-reasons.repository.js';
import type { Viewer } from '../sessions/sessions.service.js';
import { mutesJson } from '../users/mutes.service.js';
import { countUsers } from '../users/users.repository.js';
import { userJson } from '../users/users.service.js';
import { getSiteSettings } from './site-settings.repository.js';

/**
 * `GET /api/_initial` (API.md §6.1): what the app needs to start. `vapidPublicKey` is empty while Web
 * Push is off (no subscriber address), so the client never asks for permission it cannot use.
 */
export async function getInitial(deps: Deps, viewer: Viewer): Promise<Initial> {
  const [settings, reportReasons, noUsers, communities, bans, mutes, lists] = await Promise.all([
    getSiteSettings(deps.db),
    listReportReasons(deps.db),
    countUsers(deps.db),
    sidebarCommunities(deps, viewer.user),
    bannedFrom(deps, viewer.user),
    viewer.user ? mutesJson(deps, viewer.user) : { communityMutes: [], userMutes: [] },
    viewer.user ? viewerLists(deps, viewer.user) : [],
  ]);
  return {
    signupsDisabled: settings.signupsDisabled,
    reportReasons,
    user: viewer.user ? await userJson(deps, viewer.user, viewer.user) : null,
    lists,
    communities,
    noUsers,
    bannedFrom: bans,
    vapidPublicKey: vapidPublicKey(deps),
    mutes,
    imagePostSubmitReqPoints: deps.config.imagePostSubmitReqPoints,
    linkPostSubmitReqPoints: deps.config.linkPostSubmitReqPoints,
  };
}
