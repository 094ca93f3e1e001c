import { type Mutes } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { communityJsons, requireCommunity } from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { presentCommunityMute, presentUserMute } from './mutes.presenter.js';
import {
  clearMutes,
  communityMutesOf,
  deleteCommunityMute,
  deleteUserMute,
  insertCommunityMute,
  insertUserMute,
  userMutesOf,
} from './mutes.repository.js';
import { publicUsers } from './user-views.js';
import { findUserById, holdActiveAccount, type UserRow } from './users.repository.js';

/*
 * Mutes are the viewer's own state (API.md §13, DOMAIN §9.1): every function reads or changes only the
 * viewer's rows, so there is nothing of anyone else's to find or to leak. Not rate-limited (DOMAIN §12).
 * Muting oneself is allowed: the contract names no error for it, and it only hides one's own posts from
 * one's own feeds until unmuted.
 */

type Presenting = Pick<Deps, 'db' | 'secrets'>;

/** The viewer's Mutes container, targets filled, each list in creation order, in a fixed number of queries. */
export async function mutesJson(deps: Presenting, viewer: UserRow): Promise<Mutes> {
  const [userRows, communityRows] = await Promise.all([
    userMutesOf(deps.db, viewer.id),
    communityMutesOf(deps.db, viewer.id),
  ]);
  const [users, communities] = await Promise.all([
    publicUsers(deps, userRows, viewer),
    communityJsons(deps, communityRows, viewer, { viewerFields: 'none' }),
  ]);
  return {
    communityMutes: communityRows.map((row, i) => presentCommunityMute(row, communities[i]!)),
    userMutes: userRows.map((row, i) => presentUserMute(row, users[i]!)),
  };
}

function requireViewer(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notLoggedIn();
  return viewer;
}

/** `GET /api/mutes`. */
export async function getMutes(deps: Deps, viewer: UserRow | null): Promise<Mutes> {
  return mutesJson(deps, requireViewer(viewer));
}

/**
 * `POST /api/mutes`: mutes the user and/or the community named (idempotent), checking every target
 * before changing anything. Answers the container after the change.
 */
export async function addMute(
  deps: Deps,
  viewer: UserRow | null,
  body: { userId?: string | undefined; communityId?: string | undefined },
): Promise<Mutes> {
  const user = requireViewer(viewer);
  if (body.userId === undefined && body.communityId === undefined) {
    throw errors.invalidJson(apiMessages.requiredFieldMissing);
  }
  let mutedUserId: string | null = null;
  if (body.userId !== undefined) {
    const id = parseId(body.userId);
    if (!id) throw errors.invalidId();
    const target = await findUserById(deps.db, id);
    if (!target) throw errors.userNotFound();
    if (target.deleted_at) throw errors.userDeleted();
    mutedUserId = target.id;
  }
  const community =
    body.communityId === undefined ? null : await requireCommunity(deps.db, body.communityId, false);
  // Both or neither, when a client sends the two targets at once.
  await deps.db.transaction().execute(async (trx) => {
    // A mute never outlives its account's deletion, which deletes them all.
    if (!(await holdActiveAccount(trx, user.id))) throw errors.notLoggedIn();
    if (mutedUserId) await insertUserMute(trx, user.id, mutedUserId);
    if (community) await insertCommunityMute(trx, user.id, community.id);
  });
  return mutesJson(deps, user);
}

/** `DELETE /api/mutes?type=user|community|` (empty: both). Answers the container after clearing. */
export async function clearMutesOfType(
  deps: Deps,
  viewer: UserRow | null,
  type: string | undefined,
): Promise<Mutes> {
  const user = requireViewer(viewer);
  if (type !== undefined && type !== '' && type !== 'user' && type !== 'community') {
    throw errors.invalidMuteType();
  }
  if (type !== 'community') await clearMutes(deps.db, user.id, 'user');
  if (type !== 'user') await clearMutes(deps.db, user.id, 'community');
  return mutesJson(deps, user);
}

/** `DELETE /api/mutes/users/{userId}`; a mute that does not exist is not an error. */
export async function unmuteUser(deps: Deps, viewer: UserRow | null, userId: string): Promise<void> {
  const user = requireViewer(viewer);
  const id = parseId(userId);
  if (!id) throw errors.invalidId();
  await deleteUserMute(deps.db, user.id, { mutedUserId: id });
}

/** `DELETE /api/mutes/communities/{communityId}`; a mute that does not exist is not an error. */
export async function unmuteCommunity(
  deps: Deps,
  viewer: UserRow | null,
  communityId: string,
): Promise<void> {
  const user = requireViewer(viewer);
  const id = parseId(communityId);
  if (!id) throw errors.invalidId();
  await deleteCommunityMute(deps.db, user.id, { communityId: id });
}

const MUTE_ID = /^([uc])_(\d+)$/;
/** Mute ids are PostgreSQL integers: a larger number names no mute. */
const MAX_MUTE_ID = 2 ** 31 - 1;

/** `DELETE /api/mutes/{muteId}` (`u_<n>` / `c_<n>`); malformed → 400, a missing mute is not an error. */
export async function removeMute(deps: Deps, viewer: UserRow | null, muteId: string): Promise<void> {
  const user = requireViewer(viewer);
  const match = MUTE_ID.exec(muteId);
  if (!match) throw errors.invalidMuteId();
  const id = Number(match[2]);
  if (id > MAX_MUTE_ID) return;
  if (match[1] === 'u') await deleteUserMute(deps.db, user.id, { muteId: id });
  else await deleteCommunityMute(deps.db, user.id, { muteId: id });
}
