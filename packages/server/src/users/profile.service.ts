import { type Badge, type User } from '@commons/shared';
import type { Deps } from '../deps.js';
import { deleteImages, storeUpload } from '../images/images.service.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { recordAdminAction } from '../moderation/modlog.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { assertMayDeleteAccount } from '../policies/users.policy.js';
import {
  deleteBansOfUser,
  leaveAllCommunities,
  removeModeratorEverywhere,
} from '../communities/communities.repository.js';
import { deleteListsOfUser } from '../lists/lists.repository.js';
import { deletePushSubscriptionsOfUser } from '../push/push-subscriptions.repository.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { unusablePasswordHash, verifyPassword } from './passwords.js';
import { profilePictures } from './user-views.js';
import { presentUser, viewOf } from './users.presenter.js';
import { userJson } from './users.service.js';
import { recordBadgeEvent } from '../notifications/notification-events.service.js';
import { deletePendingEventsOf } from '../notifications/notification-events.repository.js';
import { deleteNotificationsOf } from '../notifications/notifications.repository.js';
import { clearMutedWords } from './muted-words.repository.js';
import { deleteMutesOfUser } from './mutes.repository.js';
import {
  addUserBadge,
  badgesOf,
  deleteBadgesOfUser,
  deleteUserBadge,
  deleteUserBadgesOfType,
  findBadgeTypeId,
  findUserByName,
  lockAccount,
  lockProPic,
  scrubDeletedAccount,
  setProPic,
  usersNewestFirst,
  type UserRow,
} from './users.repository.js';

async function requireUser(deps: Pick<Deps, 'db'>, username: string): Promise<UserRow> {
  const user = await findUserByName(deps.db, username);
  if (!user) throw errors.userNotFound();
  return user;
}

function requireAdmin(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  return viewer;
}

/**
 * `POST /api/users/{username}/badges` (API.md §7.5): adding a badge twice changes nothing (no
 * notification, no entry in the moderation log).
 */
export async function addBadge(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  type: string,
): Promise<Badge[]> {
  const admin = requireAdmin(viewer);
  const user = await requireUser(deps, username);
  const badgeType = await findBadgeTypeId(deps.db, type);
  if (badgeType === undefined) throw errors.badgeTypeNotFound();
  if (user.deleted_at) throw errors.userDeleted();
  await deps.db.transaction().execute(async (trx) => {
    // Only a badge actually given notifies: giving it again changes nothing.
    if (await addUserBadge(trx, user.id, badgeType)) {
      const now = deps.clock();
      await recordBadgeEvent(trx, user.id, type, admin.id, now);
      await recordAdminAction(trx, admin, 'add_badge', now, badgeTarget(user, type));
    }
  });
  return (await badgesOf(deps.db, [user.id])).get(user.id) ?? [];
}

/**
 * `DELETE /api/users/{username}/badges/{badgeId}` (API.md §7.5): one badge by its id, or with
 * `byType=true` every badge of the type named in the path. Removing what is not there is a no-op.
 */
export async function removeBadge(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  badgeId: string,
  byType: boolean,
): Promise<void> {
  const admin = requireAdmin(viewer);
  const user = await requireUser(deps, username);
  if (!byType && !/^\d{1,9}$/.test(badgeId)) throw errors.badBadgeId();
  await deps.db.transaction().execute(async (trx) => {
    const removed = byType
      ? await deleteUserBadgesOfType(trx, user.id, badgeId)
      : await deleteUserBadge(trx, user.id, Number(badgeId));
    const now = deps.clock();
    for (const type of removed) {
      await recordAdminAction(trx, admin, 'remove_badge', now, badgeTarget(user, type));
    }
  });
}

/** A badge's entry in the moderation log: the user, and the badge's type as the title. */
function badgeTarget(user: UserRow, type: string) {
  return { targetUserId: user.id, targetUserName: user.username, targetTitle: type };
}

/**
 * `DELETE /api/users/{username}` (API.md §7.2, DOMAIN §8.8): with the requester's own password; an
 * admin may delete others. The account's sessions end first; then, in one transaction, it leaves its
 * communities, moderator posts, bans, mutes, lists and push subscriptions, loses its picture and personal details, and
 * becomes the ghost. The name stays taken; posts and comments stay. An admin's deletion of another's
 * account is in the moderation log.
 */
export async function deleteAccount(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  password: string,
): Promise<void> {
  if (!viewer) throw errors.notLoggedIn();
  await deps.limiter.consume('deleteAccount', viewer.id);
  if (!(await verifyPassword(viewer.password, password))) {
    throw errors.deleteAccountWrongPassword();
  }
  const target = await requireUser(deps, username);
  assertMayDeleteAccount(siteRole(viewer), target.id === viewer.id);
  if (target.deleted_at) throw errors.userDeleted();
  if (target.banned_at) throw errors.bannedAccountNotDeletable();

  await eraseAccount(deps, target, viewer);
}

/**
 * The account deletion itself (DOMAIN §8.8), after the checks: its sessions end; in one transaction it
 * leaves its communities, moderator posts, bans, mutes, lists and push subscriptions, loses its picture
 * and personal details, and becomes the ghost. Another's deletion is in the moderation log, by the
 * admin (`actor`) or for the site (null: the operator's `delete-user`).
 */
export async function eraseAccount(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  target: UserRow,
  actor: UserRow | null,
): Promise<void> {
  const scrambled = await unusablePasswordHash();
  const picture = await deps.db.transaction().execute(async (trx) => {
    // Events still on their way to the account go first, before the account's row is locked below: a
    // delivery holding one of them waits for that lock, and would otherwise wait on us as we on it.
    await deletePendingEventsOf(trx, target.id);
    // Then the row, before anything of the account is cleared: a join, mute or post under way for it
    // has committed (and is cleared below) or waits and is refused (holdActiveAccount).
    await lockAccount(trx, target.id);
    await deleteUserSessions(trx, target.id);
    await leaveAllCommunities(trx, target.id);
    await removeModeratorEverywhere(trx, target.id);
    await deleteBansOfUser(trx, target.id);
    await deleteMutesOfUser(trx, target.id);
    await deleteListsOfUser(trx, target.id);
    await clearMutedWords(trx, target.id);
    await deleteBadgesOfUser(trx, target.id);
    await deletePushSubscriptionsOfUser(trx, target.id);
    await scrubDeletedAccount(trx, target.id, scrambled, deps.clock());
    // An admin (or the operator) deleting someone else's account acts for the site; one's own
    // deletion is not logged.
    if (target.id !== actor?.id) {
      await recordAdminAction(trx, actor, 'delete_account', deps.clock(), {
        targetUserId: target.id,
        targetUserName: target.username,
      });
    }
    // After the account's row is locked and marked deleted: a delivery that got in before has
    // committed, and one after sees the account deleted and creates nothing.
    await deleteNotificationsOf(trx, target.id);
    return target.pro_pic;
  });
  if (picture) await deleteImages(deps, [picture]);
}

/**
 * `POST /api/users/{username}/pro_pic` (API.md §7.4): the owner's new picture, through the image
 * pipeline (re-encoded, fit within 2000×2000); the old one is deleted. Answers with the owner's User.
 */
export async function setProfilePicture(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  readUpload: () => Promise<Buffer>,
): Promise<User> {
  const owner = await requireOwner(deps, viewer, username);
  await deps.limiter.consume('uploadImage', owner.id);
  const image = await storeUpload(deps, await readUpload(), 'avatar');
  return replacePicture(deps, owner, image.id);
}

/** `DELETE /api/users/{username}/pro_pic`: no picture afterwards (a no-op without one). */
export async function removeProfilePicture(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
): Promise<User> {
  const owner = await requireOwner(deps, viewer, username);
  return replacePicture(deps, owner, null);
}

async function requireOwner(deps: Deps, viewer: UserRow | null, username: string): Promise<UserRow> {
  if (!viewer) throw errors.notLoggedIn();
  const user = await requireUser(deps, username);
  if (user.id !== viewer.id) throw errors.notOwnPicture();
  return user;
}

async function replacePicture(deps: Deps, owner: UserRow, imageId: string | null): Promise<User> {
  // The old picture is read under the row lock, so two uploads at once each delete the one they replaced.
  let old: string | null;
  try {
    old = await deps.db.transaction().execute(async (trx) => {
      const previous = await lockProPic(trx, owner.id);
      await setProPic(trx, owner.id, imageId);
      return previous;
    });
  } catch (error) {
    if (imageId) await deleteImages(deps, [imageId]);
    throw error;
  }
  if (old && old !== imageId) await deleteImages(deps, [old]);
  const updated = await requireUser(deps, owner.username);
  return userJson(deps, updated, updated);
}

/** `GET /api/users` (API.md §7.6, admin): every account, newest first, 100 a page. */
export async function listUsers(
  deps: Deps,
  viewer: UserRow | null,
  next: string | undefined,
): Promise<{ users: User[]; next: string | null }> {
  const admin = requireAdmin(viewer);
  let before: string | null = null;
  if (next) {
    before = parseId(next);
    if (!before) throw errors.invalidCursor();
  }
  const rows = await usersNewestFirst(deps.db, before, 101);
  const page = rows.slice(0, 100);
  const [badges, pictures] = await Promise.all([
    badgesOf(
      deps.db,
      page.map((r) => r.id),
    ),
    profilePictures(deps, page),
  ]);
  return {
    users: page.map((row) =>
      presentUser(
        row,
        { badges: badges.get(row.id) ?? [], proPic: pictures.get(row.id) ?? null, moddingList: null },
        viewOf(admin, row),
      ),
    ),
    next: rows[100]?.id ?? null,
  };
}
