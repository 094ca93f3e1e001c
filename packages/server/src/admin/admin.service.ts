import { apiMessages } from '@commons/shared/texts/api';
import { purgeUserComments } from '../comments/comments.service.js';
import { findCommunityByName, setDefaultCommunity } from '../communities/communities.repository.js';
import { denyCommunityRequest } from '../community-requests/community-requests.service.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { inCommunity, recordAdminAction, recordSiteBan } from '../moderation/modlog.service.js';
import { purgeUserPosts } from '../posts/posts.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { assertMayBeBannedSiteWide } from '../policies/users.policy.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { findUserByName, setBannedAt, type UserRow } from '../users/users.repository.js';

export interface AdminAction {
  action: string;
  username?: string;
  name?: string;
  deleteContentDays?: number;
  id?: number;
  body?: string;
}

function required(value: string | undefined): string {
  if (typeof value !== 'string') throw errors.invalidJson(apiMessages.requiredFieldMissing);
  return value;
}

/**
 * `POST /api/_admin` (API.md §16.1); each action that changes something is in the moderation log.
 * Site-wide bans: an admin cannot be banned (checked before anything
 * happens); the user's sessions end; with `deleteContentDays` their posts and comments of the last N
 * days (0: all) are deleted as admins, posts with their content.
 */
export async function runAdminAction(deps: Deps, viewer: UserRow | null, action: AdminAction): Promise<void> {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  switch (action.action) {
    case 'ban_user': {
      const target = await findUserByName(deps.db, required(action.username));
      if (!target) throw errors.userNotFound();
      assertMayBeBannedSiteWide(siteRole(target));
      if (target.banned_at) throw errors.alreadyBanned(target.username);
      const days = action.deleteContentDays;
      if (days !== undefined && (!Number.isFinite(days) || days < 0))
        throw errors.deleteContentDaysNegative();
      const now = deps.clock();
      // 0, or a span reaching back before any post could be, is all of the account's content.
      const since =
        days === undefined || days === 0 || days * 86_400_000 >= now.getTime()
          ? null
          : new Date(now.getTime() - days * 86_400_000);
      // The ban first, then the purge: a post or comment under way for the account either committed
      // before the ban took the account's row, and the purge finds it, or waits and is refused
      // (holdActiveAccount). Purged first, what came in meanwhile stayed.
      await deps.db.transaction().execute(async (trx) => {
        await setBannedAt(trx, target.id, now);
        await deleteUserSessions(trx, target.id);
        await recordSiteBan(trx, viewer, target, true, now, days);
      });
      if (days !== undefined) {
        await purgeUserPosts(deps, target.id, since, viewer.id);
        await purgeUserComments(deps, target.id, since, viewer.id);
      }
      return;
    }
    case 'unban_user': {
      const target = await findUserByName(deps.db, required(action.username));
      if (!target) throw errors.userNotFound();
      if (!target.banned_at) return;
      await deps.db.transaction().execute(async (trx) => {
        await setBannedAt(trx, target.id, null);
        await recordSiteBan(trx, viewer, target, false, deps.clock());
      });
      return;
    }
    case 'add_default_forum':
    case 'remove_default_forum': {
      const community = await findCommunityByName(deps.db, required(action.name));
      if (!community) throw errors.communityNotFound();
      const add = action.action === 'add_default_forum';
      await deps.db.transaction().execute(async (trx) => {
        // Asking for what is so already changes nothing, and is not logged.
        if (await setDefaultCommunity(trx, community.id, add)) {
          await recordAdminAction(
            trx,
            viewer,
            add ? 'add_default_community' : 'remove_default_community',
            deps.clock(),
            inCommunity(community),
          );
        }
      });
      return;
    }
    case 'deny_comm':
      await denyCommunityRequest(deps, viewer, action);
      return;
    default:
      throw errors.invalidAction();
  }
}
