import { sql } from 'kysely';
import { apiMessages, errorCodes, type Badge, type User } from '@commons/shared';
import type { Deps } from '../deps.js';
import { deleteImages, storeImage } from '../images/images.service.js';
import { UnsupportedImageError } from '../images/image-processing.js';
import { AppError, badRequest, forbidden, notFound, notLoggedIn } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { assertMayDeleteAccount } from '../policies/users.policy.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { unusablePasswordHash, verifyPassword } from './passwords.js';
import { profilePictures } from './user-views.js';
import { presentUser, viewOf } from './users.presenter.js';
import { userJson } from './users.service.js';
import { badgesOf, findUserByName, type UserRow } from './users.repository.js';

const userNotFound = () => notFound(errorCodes.userNotFound, apiMessages.userNotFound);
const userDeleted = () => forbidden('user-deleted', apiMessages.userDeleted);

async function requireUser(deps: Pick<Deps, 'db'>, username: string): Promise<UserRow> {
  const user = await findUserByName(deps.db, username);
  if (!user) throw userNotFound();
  return user;
}

function requireAdmin(viewer: UserRow | null): UserRow {
  if (!viewer) throw notLoggedIn();
  assertAdmin(siteRole(viewer));
  return viewer;
}

/** `POST /api/users/{username}/badges` (API.md §7.5): adding a badge twice changes nothing. */
export async function addBadge(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  type: string,
): Promise<Badge[]> {
  requireAdmin(viewer);
  const user = await requireUser(deps, username);
  const badgeType = await deps.db
    .selectFrom('badge_types')
    .select('id')
    .where('name', '=', type)
    .executeTakeFirst();
  if (!badgeType) throw notFound('badge_type_not_found', 'Badge type not found.');
  if (user.deleted_at) throw userDeleted();
  await deps.db
    .insertInto('user_badges')
    .values({ type: badgeType.id, user_id: user.id })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
    .execute();
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
  requireAdmin(viewer);
  const user = await requireUser(deps, username);
  if (byType) {
    await deps.db
      .deleteFrom('user_badges')
      .where('user_id', '=', user.id)
      .where('type', 'in', (eb) => eb.selectFrom('badge_types').select('id').where('name', '=', badgeId))
      .execute();
    return;
  }
  const id = Number(badgeId);
  if (!/^\d{1,9}$/.test(badgeId)) throw badRequest('bad_badge_id', 'Invalid badge ID.');
  await deps.db.deleteFrom('user_badges').where('user_id', '=', user.id).where('id', '=', id).execute();
}

/**
 * `DELETE /api/users/{username}` (API.md §7.2, DOMAIN §8.8): with the requester's own password; an
 * admin may delete others. The account's sessions end first; then, in one transaction, it leaves its
 * communities, moderator posts, bans and mutes, loses its picture and personal details, and becomes
 * the ghost. The name stays taken; posts and comments stay.
 */
export async function deleteAccount(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  password: string,
): Promise<void> {
  if (!viewer) throw notLoggedIn();
  await deps.limiter.consume('deleteAccount', viewer.id);
  if (!(await verifyPassword(viewer.password, password))) {
    throw forbidden('wrong_password', 'Invalid password.');
  }
  const target = await requireUser(deps, username);
  assertMayDeleteAccount(siteRole(viewer), target.id === viewer.id);
  if (target.deleted_at) throw userDeleted();
  if (target.banned_at) throw forbidden('user_banned', 'A banned account cannot be deleted.');

  await deleteUserSessions(deps.db, target.id);
  const scrambled = await unusablePasswordHash();
  const picture = await deps.db.transaction().execute(async (trx) => {
    await sql`
      WITH gone AS (DELETE FROM community_members WHERE user_id = ${target.id} RETURNING community_id)
      UPDATE communities c SET no_members = c.no_members - 1 FROM gone WHERE c.id = gone.community_id`.execute(
      trx,
    );
    const moderated = await trx
      .deleteFrom('community_mods')
      .where('user_id', '=', target.id)
      .returning('community_id')
      .execute();
    // The others keep their ranks in order, numbered from 0 again (DOMAIN §7.2).
    for (const { community_id } of moderated) {
      await sql`
        UPDATE community_mods m SET position = r.rank - 1
        FROM (SELECT user_id, row_number() OVER (ORDER BY position, created_at) AS rank
              FROM community_mods WHERE community_id = ${community_id}) r
        WHERE m.community_id = ${community_id} AND m.user_id = r.user_id`.execute(trx);
    }
    await trx.deleteFrom('community_banned').where('user_id', '=', target.id).execute();
    await trx
      .deleteFrom('muted_users')
      .where((eb) => eb.or([eb('user_id', '=', target.id), eb('muted_user_id', '=', target.id)]))
      .execute();
    await trx.deleteFrom('muted_communities').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('user_badges').where('user_id', '=', target.id).execute();
    await trx
      .updateTable('users')
      .set({
        email: null,
        email_confirmed_at: null,
        password: scrambled,
        about_me: null,
        is_admin: false,
        notifications_new_count: 0,
        pro_pic: null,
        deleted_at: deps.clock(),
      })
      .where('id', '=', target.id)
      .execute();
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
  const input = await readUpload();
  let image;
  try {
    image = await storeImage(deps, input, 'avatar');
  } catch (error) {
    if (error instanceof UnsupportedImageError) {
      throw badRequest(errorCodes.unsupportedImageFormat, apiMessages.unsupportedImage);
    }
    throw error;
  }
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
  if (!viewer) throw notLoggedIn();
  const user = await requireUser(deps, username);
  if (user.id !== viewer.id) throw forbidden('not_owner', 'You can only change your own picture.');
  return user;
}

async function replacePicture(deps: Deps, owner: UserRow, imageId: string | null): Promise<User> {
  // The old picture is read under the row lock, so two uploads at once each delete the one they replaced.
  let old: string | null;
  try {
    old = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select('pro_pic')
        .where('id', '=', owner.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ pro_pic: imageId }).where('id', '=', owner.id).execute();
      return row.pro_pic;
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
    if (!before) throw new AppError(400, 'invalid_cursor', apiMessages.invalidCursor);
  }
  let query = deps.db.selectFrom('users').selectAll();
  if (before) query = query.where('id', '<=', before);
  const rows = await query.orderBy('id', 'desc').limit(101).execute();
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
