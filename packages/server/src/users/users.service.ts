import type { Kysely } from 'kysely';
import { type User } from '@commons/shared';
import { joinDefaultCommunities, moddingList } from '../communities/communities.service.js';
import { insertBookmarksList } from '../lists/lists.repository.js';
import { recordAdminAction, recordSiteBan } from '../moderation/modlog.service.js';
import type { Deps } from '../deps.js';
import type { DB } from '../db/schema.js';
import { errors } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { pushSubscriptionsCount } from '../push/push.service.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { hashPassword } from './passwords.js';
import { profilePictures } from './user-views.js';
import { presentUser, viewOf, type PresentOptions } from './users.presenter.js';
import {
  badgesOf,
  findUserByName,
  insertUser,
  setAdmin,
  setBannedAt,
  setPasswordHash,
  type UserRow,
} from './users.repository.js';

/**
 * The User JSON of one user as `viewer` sees it. `moddingList` is filled where the contract fills it
 * (`_user`, `GET /api/users/{name}`) and null elsewhere.
 */
export async function userJson(
  deps: Pick<Deps, 'db' | 'secrets'>,
  row: UserRow,
  viewer: UserRow | null,
  options: PresentOptions & { withModdingList?: boolean } = {},
): Promise<User> {
  const [badges, modding, pictures] = await Promise.all([
    badgesOf(deps.db, [row.id]),
    options.withModdingList ? moddingList(deps, row.id) : null,
    profilePictures(deps, [row]),
  ]);
  return presentUser(
    row,
    { badges: badges.get(row.id) ?? [], proPic: pictures.get(row.id) ?? null, moddingList: modding },
    viewOf(viewer, row),
    options,
  );
}

/** `GET /api/users/{username}` (API.md §7.1). */
export async function getUserProfile(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  adminsView: boolean,
): Promise<User> {
  if (adminsView) {
    if (!viewer) throw errors.notLoggedIn();
    assertAdmin(siteRole(viewer));
  }
  const row = await findUserByName(deps.db, username);
  if (!row) throw errors.userNotFound();
  return userJson(deps, row, viewer, {
    withModdingList: true,
    keepDeletedUsername: true,
    ...(adminsView
      ? { adminDetails: { webPushSubscriptionsCount: await pushSubscriptionsCount(deps, row.id) } }
      : {}),
  });
}

/** `GET /api/_user`: the logged-in user, self view, with `moddingList` (API.md §6.5). */
export async function getCurrentUser(deps: Deps, viewer: UserRow | null): Promise<User> {
  if (!viewer) throw errors.notLoggedIn();
  return userJson(deps, viewer, viewer, { withModdingList: true });
}

export interface NewUser {
  username: string;
  email: string | null;
  /** An argon2id hash (hash outside the transaction: it takes a while). */
  passwordHash: string;
  ip: string | null;
  isAdmin?: boolean;
  aboutMe?: string | null;
}

/**
 * Creates an account and everything a new account gets (membership of the default communities, the
 * private bookmarks list). Runs inside the caller's transaction. Returns undefined when the name is
 * taken (case-insensitively), also when another request won a race.
 */
export async function createUser(db: Kysely<DB>, user: NewUser): Promise<UserRow | undefined> {
  const row = await insertUser(db, {
    id: newId(),
    username: user.username,
    email: user.email,
    password: user.passwordHash,
    created_ip: user.ip,
    is_admin: user.isAdmin ?? false,
    about_me: user.aboutMe ?? null,
  });
  if (row) {
    await joinDefaultCommunities(db, row.id);
    await insertBookmarksList(db, row.id, row.created_at);
  }
  return row;
}

/** Operator and admin actions on accounts; each names the account by username. */
async function requireUser(db: Kysely<DB>, username: string): Promise<UserRow> {
  const row = await findUserByName(db, username);
  if (!row) throw errors.userNotFound(username);
  return row;
}

export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** Grants or takes the admin role (the operator's command), recorded in the moderation log. */
export async function makeAdmin(
  db: Kysely<DB>,
  username: string,
  isAdmin: boolean,
  at: Date,
): Promise<UserRow> {
  const row = await requireUser(db, username);
  if (row.deleted_at) throw new OperatorError(`@${row.username} is a deleted account.`);
  if (row.is_admin === isAdmin) {
    throw new OperatorError(
      isAdmin ? `@${row.username} is already an admin.` : `@${row.username} is not an admin.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await setAdmin(trx, row.id, isAdmin);
    await recordAdminAction(trx, null, isAdmin ? 'add_admin' : 'remove_admin', at, {
      targetUserId: row.id,
      targetUserName: row.username,
    });
  });
  return row;
}

/**
 * Site-wide ban (DOMAIN §7.4): admins cannot be banned; the user's sessions end at once. Content
 * deletion joins this when posts and comments exist.
 */
export async function banUser(db: Kysely<DB>, username: string, at: Date): Promise<UserRow> {
  const row = await requireUser(db, username);
  if (row.is_admin) throw new OperatorError(`@${row.username} is an admin; remove the admin role first.`);
  if (row.banned_at) throw new OperatorError(`@${row.username} is already banned.`);
  await db.transaction().execute(async (trx) => {
    await deleteUserSessions(trx, row.id);
    await setBannedAt(trx, row.id, at);
    await recordSiteBan(trx, null, row, true, at);
  });
  return row;
}

export async function unbanUser(db: Kysely<DB>, username: string): Promise<UserRow> {
  const row = await requireUser(db, username);
  if (!row.banned_at) throw new OperatorError(`@${row.username} is not banned.`);
  await db.transaction().execute(async (trx) => {
    await setBannedAt(trx, row.id, null);
    await recordSiteBan(trx, null, row, false, new Date());
  });
  return row;
}

/** Sets a new password and ends the account's sessions (whoever had them, the owner logs in afresh). */
export async function resetPassword(db: Kysely<DB>, username: string, password: string): Promise<UserRow> {
  const row = await requireUser(db, username);
  if (row.deleted_at) throw new OperatorError(`@${row.username} is a deleted account.`);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, row.id, hash);
    await deleteUserSessions(trx, row.id);
  });
  return row;
}

export async function endUserSessions(
  db: Kysely<DB>,
  username: string,
): Promise<{ user: UserRow; ended: number }> {
  const user = await requireUser(db, username);
  return { user, ended: await deleteUserSessions(db, user.id) };
}
