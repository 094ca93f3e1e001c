import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  addEveryoneAsMembers,
  addMember,
  addModerator,
  deleteBan,
  findCommunityByName,
  isModerator,
  markCommunitiesDeleted,
  removeModerator,
  unusedCommunities,
  type CommunityRow,
} from '../communities/communities.repository.js';
import type { DB } from '../db/schema.js';
import { imagesRoot, originalPath } from '../images/image-store.js';
import { findImageById } from '../images/images.repository.js';
import { parseId } from '../lib/ids.js';
import { inCommunity, recordModAction } from '../moderation/modlog.service.js';
import { lockModerators } from '../moderation/moderation.repository.js';
import { purgeUserComments } from '../comments/comments.service.js';
import type { Deps } from '../deps.js';
import { recomputeHotnessAfter } from '../posts/posts.repository.js';
import { purgeUserPosts } from '../posts/posts.service.js';
import { eraseAccount } from '../users/profile.service.js';
import { SYSTEM_ACCOUNTS } from '../site/seed.js';
import { ensureBadgeType, findBadgeTypeId, findUserByName } from '../users/users.repository.js';
import { OperatorError } from '../users/users.service.js';

/**
 * The upkeep commands of DOMAIN §17 that act on communities, posts, badges and images. Run by the
 * operator, they check no one's permissions and send no notifications; what changes a community's
 * moderators is in the moderation log, acted for the site (no actor), as the CLI's `admin` is.
 */

async function requireCommunity(db: Kysely<DB>, name: string): Promise<CommunityRow> {
  const community = await findCommunityByName(db, name);
  if (!community || community.deleted_at) throw new OperatorError(`There is no community named ${name}.`);
  return community;
}

/** `mod add|remove <community> <username>`: a moderator ranked last, or one fewer. */
export async function setModeratorByOperator(
  db: Kysely<DB>,
  communityName: string,
  username: string,
  add: boolean,
  at: Date,
): Promise<string> {
  const community = await requireCommunity(db, communityName);
  const user = await findUserByName(db, username);
  if (!user || user.deleted_at) throw new OperatorError(`There is no user named ${username}.`);
  return db.transaction().execute(async (trx) => {
    await lockModerators(trx, community.id);
    if (add) {
      if (await isModerator(trx, community.id, user.id)) {
        throw new OperatorError(`@${user.username} already moderates ${community.name}.`);
      }
      // As a moderator added through the site: a member, and no longer banned there (DOMAIN §7.3).
      await addMember(trx, community.id, user.id);
      await addModerator(trx, community.id, user.id);
      await deleteBan(trx, community.id, user.id, at);
    } else if (!(await removeModerator(trx, community.id, user.id))) {
      throw new OperatorError(`@${user.username} does not moderate ${community.name}.`);
    }
    await recordModAction(trx, null, {
      at,
      actedAs: 'admins',
      action: add ? 'add_moderator' : 'remove_moderator',
      ...inCommunity(community),
      targetUserId: user.id,
      targetUserName: user.username,
    });
    return add
      ? `@${user.username} now moderates ${community.name}.`
      : `@${user.username} no longer moderates ${community.name}.`;
  });
}

const HOTNESS_BATCH = 1000;

/** `fix-hotness`: every post's hotness from its upvotes and age, a thousand posts a transaction. */
export async function fixHotness(db: Kysely<DB>): Promise<string> {
  let after = '';
  let changed = 0;
  for (;;) {
    const batch = await recomputeHotnessAfter(db, after, HOTNESS_BATCH);
    if (batch.lastId === null) break;
    after = batch.lastId;
    changed += batch.changed;
  }
  return changed === 0
    ? `Every post's hotness was right; nothing changed.`
    : `Recomputed the hotness of ${changed} post${changed === 1 ? '' : 's'}.`;
}

/** `add-all-users-to-community <name>`: every live account joins it. */
export async function addEveryoneToCommunity(db: Kysely<DB>, name: string): Promise<string> {
  const community = await requireCommunity(db, name);
  const { added, members } = await db
    .transaction()
    .execute((trx) => addEveryoneAsMembers(trx, community.id, SYSTEM_ACCOUNTS));
  return `${added} account${added === 1 ? '' : 's'} joined ${community.name}; it has ${members} member${members === 1 ? '' : 's'}.`;
}

/**
 * `delete-unused-communities [--days N] [--dry-run]`: communities still without a post N days (30) after
 * they were made, default communities aside, leave the site (their names stay taken).
 */
export async function deleteUnusedCommunities(
  db: Kysely<DB>,
  days: number,
  dryRun: boolean,
  at: Date,
): Promise<string> {
  const unused = await unusedCommunities(db, new Date(at.getTime() - days * 86_400_000));
  if (unused.length === 0) return `No community older than ${days} days is without a post.`;
  const names = (list: readonly string[]) => list.join(', ');
  if (dryRun) {
    return `Would delete ${unused.length} communit${unused.length === 1 ? 'y' : 'ies'}: ${names(unused.map((c) => c.name))}.`;
  }
  const deleted = await markCommunitiesDeleted(
    db,
    unused.map((c) => c.id),
    at,
  );
  return `Deleted ${deleted.length} communit${deleted.length === 1 ? 'y' : 'ies'}${deleted.length ? `: ${names(deleted)}` : ''}.`;
}

/** `new-badge <name>`: a badge type admins can then give; one that exists is left as it is. */
export async function newBadgeType(db: Kysely<DB>, name: string): Promise<string> {
  if (!/^[a-z0-9_-]{1,32}$/i.test(name)) {
    throw new OperatorError('A badge name is 1 to 32 letters, digits, - or _.');
  }
  const existed = (await findBadgeTypeId(db, name)) !== undefined;
  await ensureBadgeType(db, name);
  return existed ? `The badge type ${name} exists already.` : `Made the badge type ${name}.`;
}

/** `image-path <imageId>`: the folder holding an image's files under the data directory. */
export async function imageFolder(db: Kysely<DB>, dataDir: string, imageId: string): Promise<string> {
  const id = parseId(imageId);
  if (!id) throw new OperatorError(`Not an image id: ${imageId}.`);
  if (!(await findImageById(db, id))) throw new OperatorError(`There is no image ${id}.`);
  return path.dirname(originalPath(imagesRoot(dataDir), id));
}

/**
 * `delete-user <username> [--purge]`: the account's deletion (DOMAIN §8.8) by the operator, banned or
 * not; with `--purge`, first every post (content too) and comment of it, removed as the `nobody` admin.
 */
export async function deleteUserByOperator(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  username: string,
  purge: boolean,
): Promise<string> {
  const user = await findUserByName(deps.db, username);
  if (!user) throw new OperatorError(`There is no user named ${username}.`);
  if ((SYSTEM_ACCOUNTS as readonly string[]).includes(user.username)) {
    throw new OperatorError(`@${user.username} is a system account; it cannot be deleted.`);
  }
  if (user.deleted_at) throw new OperatorError(`@${user.username} is deleted already.`);
  let removed = '';
  if (purge) {
    const nobody = await findUserByName(deps.db, 'nobody');
    if (!nobody) throw new OperatorError('The system account nobody is missing: run npm run cli -- migrate.');
    const posts = await purgeUserPosts(deps, user.id, null, nobody.id);
    const comments = await purgeUserComments(deps, user.id, null, nobody.id);
    removed = ` after removing ${posts} post${posts === 1 ? '' : 's'} and ${comments} comment${comments === 1 ? '' : 's'}`;
  }
  await eraseAccount(deps, user, null);
  return `Deleted the account @${user.username}${removed}; its name stays taken.`;
}
