import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { CommunitySet, CommunitySort } from '@commons/shared';
import { anyOf, prepared } from '../db/named-statements.js';
import type { CommunitiesTable, CommunityRulesTable, DB } from '../db/schema.js';

export type CommunityRow = Selectable<CommunitiesTable>;
export type RuleRow = Selectable<CommunityRulesTable>;

export function findCommunityById(db: Kysely<DB>, id: string): Promise<CommunityRow | undefined> {
  return prepared(db)
    .selectFrom('communities')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Names and images of these communities, deleted or not, for presenting posts and comments. */
export function communityLabels(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<Pick<CommunityRow, 'id' | 'name' | 'pro_pic' | 'banner_image' | 'modlog_hide_names'>[]> {
  return prepared(db)
    .selectFrom('communities')
    .select(['id', 'name', 'pro_pic', 'banner_image', 'modlog_hide_names'])
    .where('id', '=', anyOf(ids))
    .execute();
}

/** A post's community, found even when deleted (the post still shows under it). */
export function communityOfPost(db: Kysely<DB>, communityId: string): Promise<CommunityRow> {
  return prepared(db)
    .selectFrom('communities')
    .selectAll()
    .where('id', '=', communityId)
    .executeTakeFirstOrThrow();
}

export function findCommunityByName(db: Kysely<DB>, name: string): Promise<CommunityRow | undefined> {
  return db
    .selectFrom('communities')
    .selectAll()
    .where('name_lc', '=', sql<string>`lower(${name})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Live communities found by id or by name (any case), in one query. */
export function communitiesByIdsOrNames(
  db: Kysely<DB>,
  ids: readonly string[],
  names: readonly string[],
): Promise<CommunityRow[]> {
  if (ids.length === 0 && names.length === 0) return Promise.resolve([]);
  const lowered = names.map((name) => name.toLowerCase());
  return db
    .selectFrom('communities')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', [...ids])] : []),
        ...(lowered.length > 0 ? [eb('name_lc', 'in', lowered)] : []),
      ]),
    )
    .where('deleted_at', 'is', null)
    .execute();
}

/** `LIKE` treats % and _ as wildcards; a search for them must find them literally. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Up to 10 communities whose name contains `q`, an exact match first (API.md §11.1). */
export function searchCommunities(db: Kysely<DB>, q: string): Promise<CommunityRow[]> {
  return db
    .selectFrom('communities')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('name_lc', 'like', likeContains(q))
    .orderBy(sql`name_lc = lower(${q})`, 'desc')
    .orderBy('no_members', 'desc')
    .orderBy('name_lc')
    .limit(10)
    .execute();
}

export function listCommunities(
  db: Kysely<DB>,
  options: { set: CommunitySet; sort: CommunitySort; limit: number | null; userId: string | null },
): Promise<CommunityRow[]> {
  let query = db
    .selectFrom('communities')
    .selectAll('communities')
    .where('communities.deleted_at', 'is', null);
  if (options.set === 'default') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('default_communities')
          .whereRef('default_communities.community_id', '=', 'communities.id'),
      ),
    );
  } else if (options.set === 'subscribed') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('community_members')
          .whereRef('community_members.community_id', '=', 'communities.id')
          .where('community_members.user_id', '=', options.userId ?? ''),
      ),
    );
  }
  switch (options.sort) {
    case 'new':
      query = query.orderBy('communities.created_at', 'desc').orderBy('communities.id', 'desc');
      break;
    case 'old':
      query = query.orderBy('communities.created_at', 'asc').orderBy('communities.id', 'asc');
      break;
    case 'size':
      query = query.orderBy('communities.no_members', 'desc').orderBy('communities.id');
      break;
    case 'name_asc':
      query = query.orderBy('communities.name_lc', 'asc');
      break;
    case 'name_dsc':
      query = query.orderBy('communities.name_lc', 'desc');
      break;
  }
  if (options.limit !== null) query = query.limit(options.limit);
  return query.execute();
}

/** Communities a user belongs to, or moderates, or the default set: sorted by lower-cased name. */
export function joinedCommunities(db: Kysely<DB>, userId: string): Promise<CommunityRow[]> {
  return db
    .selectFrom('communities')
    .innerJoin('community_members', 'community_members.community_id', 'communities.id')
    .selectAll('communities')
    .where('community_members.user_id', '=', userId)
    .where('communities.deleted_at', 'is', null)
    .orderBy('communities.name_lc')
    .execute();
}

export function moderatedCommunities(db: Kysely<DB>, userId: string): Promise<CommunityRow[]> {
  return db
    .selectFrom('communities')
    .innerJoin('community_mods', 'community_mods.community_id', 'communities.id')
    .selectAll('communities')
    .where('community_mods.user_id', '=', userId)
    .where('communities.deleted_at', 'is', null)
    .orderBy('communities.name_lc')
    .execute();
}

export function defaultCommunities(db: Kysely<DB>): Promise<CommunityRow[]> {
  return db
    .selectFrom('communities')
    .innerJoin('default_communities', 'default_communities.community_id', 'communities.id')
    .selectAll('communities')
    .where('communities.deleted_at', 'is', null)
    .orderBy('communities.name_lc')
    .execute();
}

export async function isDefaultCommunity(db: Kysely<DB>, communityId: string): Promise<boolean> {
  const row = await db
    .selectFrom('default_communities')
    .select('community_id')
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the community to the default set or takes it out; false when it was so already. */
export async function setDefaultCommunity(
  db: Kysely<DB>,
  communityId: string,
  isDefault: boolean,
): Promise<boolean> {
  if (isDefault) {
    const added = await db
      .insertInto('default_communities')
      .values({ community_id: communityId })
      .onConflict((oc) => oc.column('community_id').doNothing())
      .returning('community_id')
      .executeTakeFirst();
    return added !== undefined;
  }
  const removed = await db
    .deleteFrom('default_communities')
    .where('community_id', '=', communityId)
    .returning('community_id')
    .executeTakeFirst();
  return removed !== undefined;
}

export async function insertCommunity(
  db: Kysely<DB>,
  values: Insertable<CommunitiesTable>,
): Promise<CommunityRow | undefined> {
  return db
    .insertInto('communities')
    .values(values)
    .onConflict((oc) => oc.column('name_lc').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateCommunitySettings(
  db: Kysely<DB>,
  id: string,
  settings: { nsfw: boolean; about: string | null; posting_restricted: boolean; modlog_hide_names: boolean },
): Promise<CommunityRow> {
  return db
    .updateTable('communities')
    .set(settings)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds a member; true when they were not one before. The member count changes in the same step. */
export async function addMember(db: Kysely<DB>, communityId: string, userId: string): Promise<boolean> {
  const added = await db
    .insertInto('community_members')
    .values({ community_id: communityId, user_id: userId })
    .onConflict((oc) => oc.columns(['community_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (added) {
    await db
      .updateTable('communities')
      .set((eb) => ({ no_members: eb('no_members', '+', 1) }))
      .where('id', '=', communityId)
      .execute();
  }
  return added !== undefined;
}

/** Removes the user from every community they belong to; each member count drops in the same statement. */
export async function leaveAllCommunities(db: Kysely<DB>, userId: string): Promise<void> {
  // The communities' rows are taken in id order, as a signup joining the default ones takes them: in
  // the order of a join's plan, the two deadlocked each other. No key update, as the count's own
  // update takes: a comment's foreign key check on the community is not held up.
  await sql`
    SELECT c.id FROM communities c JOIN community_members m ON m.community_id = c.id
    WHERE m.user_id = ${userId} ORDER BY c.id FOR NO KEY UPDATE OF c`.execute(db);
  await sql`
    WITH gone AS (DELETE FROM community_members WHERE user_id = ${userId} RETURNING community_id)
    UPDATE communities c SET no_members = c.no_members - 1 FROM gone WHERE c.id = gone.community_id`.execute(
    db,
  );
}

export async function removeMember(db: Kysely<DB>, communityId: string, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('community_members')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (removed) {
    await db
      .updateTable('communities')
      .set((eb) => ({ no_members: eb('no_members', '-', 1) }))
      .where('id', '=', communityId)
      .execute();
  }
  return removed !== undefined;
}

/** Adds a moderator ranked last (DOMAIN §7.2). */
export async function addModerator(db: Kysely<DB>, communityId: string, userId: string): Promise<void> {
  await sql`
    INSERT INTO community_mods (community_id, user_id, position)
    SELECT ${communityId}, ${userId}, coalesce(max(position) + 1, 0) FROM community_mods WHERE community_id = ${communityId}
    ON CONFLICT (community_id, user_id) DO NOTHING`.execute(db);
}

/** Removes a moderator and renumbers the others 0..n−1 by rank. */
export async function removeModerator(db: Kysely<DB>, communityId: string, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('community_mods')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (removed) await renumberModerators(db, communityId);
  return removed !== undefined;
}

/** The others keep their ranks in order, numbered from 0 again (DOMAIN §7.2). */
async function renumberModerators(db: Kysely<DB>, communityId: string): Promise<void> {
  await sql`
    UPDATE community_mods m SET position = r.rank - 1
    FROM (SELECT user_id, row_number() OVER (ORDER BY position, created_at) AS rank
          FROM community_mods WHERE community_id = ${communityId}) r
    WHERE m.community_id = ${communityId} AND m.user_id = r.user_id`.execute(db);
}

/** Removes the user from every moderator list, renumbering each list's others. */
export async function removeModeratorEverywhere(db: Kysely<DB>, userId: string): Promise<void> {
  const moderated = await db
    .deleteFrom('community_mods')
    .where('user_id', '=', userId)
    .returning('community_id')
    .execute();
  for (const { community_id } of moderated) await renumberModerators(db, community_id);
}

export async function moderatedCount(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('community_mods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Which of these communities the user belongs to, moderates, and has muted: one named statement, a
 * row per community, where it was three statements with a text per number of communities.
 */
export async function viewerRelations(
  db: Kysely<DB>,
  userId: string,
  communityIds: readonly string[],
): Promise<{ joined: Set<string>; modded: Set<string>; muted: Set<string> }> {
  const result = { joined: new Set<string>(), modded: new Set<string>(), muted: new Set<string>() };
  if (communityIds.length === 0) return result;
  const { rows } = await sql<{ id: string; joined: boolean; modded: boolean; muted: boolean }>`
    SELECT c.id,
      EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS joined,
      EXISTS (SELECT 1 FROM community_mods m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS modded,
      EXISTS (SELECT 1 FROM muted_communities m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS muted
    FROM unnest(${[...new Set(communityIds)]}::text[]) AS c(id)`.execute(prepared(db));
  for (const row of rows) {
    if (row.joined) result.joined.add(row.id);
    if (row.modded) result.modded.add(row.id);
    if (row.muted) result.muted.add(row.id);
  }
  return result;
}

export async function isModerator(db: Kysely<DB>, communityId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_mods')
    .select('user_id')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these communities the user moderates. */
export async function moderatedAmong(
  db: Kysely<DB>,
  userId: string,
  communityIds: readonly string[],
): Promise<Set<string>> {
  const rows = await prepared(db)
    .selectFrom('community_mods')
    .select('community_id')
    .where('user_id', '=', userId)
    .where('community_id', '=', anyOf(communityIds))
    .execute();
  return new Set(rows.map((r) => r.community_id));
}

/** The moderators' user ids in rank order. */
export async function moderatorIds(db: Kysely<DB>, communityId: string): Promise<string[]> {
  const rows = await prepared(db)
    .selectFrom('community_mods')
    .select('user_id')
    .where('community_id', '=', communityId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.user_id);
}

export function rulesOf(db: Kysely<DB>, communityId: string): Promise<RuleRow[]> {
  return prepared(db)
    .selectFrom('community_rules')
    .selectAll()
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
}

/** A ban holds while it has no expiry or its expiry is still ahead (DOMAIN §7.3). */
export async function isBannedFrom(
  db: Kysely<DB>,
  communityId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('community_banned')
    .select('user_id')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function currentBans(db: Kysely<DB>, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('community_banned')
    .innerJoin('communities', 'communities.id', 'community_banned.community_id')
    .select('community_banned.community_id')
    .where('community_banned.user_id', '=', userId)
    .where('communities.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('community_banned.expires_at', 'is', null), eb('community_banned.expires_at', '>', now)]),
    )
    .orderBy('community_banned.created_at')
    .execute();
  return rows.map((r) => r.community_id);
}

export async function bannedUserIds(db: Kysely<DB>, communityId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('community_banned')
    .select('user_id')
    .where('community_id', '=', communityId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Bans a user; false when a ban already holds. An expired ban is replaced. */
export async function insertBan(
  db: Kysely<DB>,
  ban: { communityId: string; userId: string; expiresAt: Date | null; bannedBy: string; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('community_banned')
    .values({
      community_id: ban.communityId,
      user_id: ban.userId,
      expires_at: ban.expiresAt,
      banned_by: ban.bannedBy,
    })
    .onConflict((oc) =>
      oc
        .columns(['community_id', 'user_id'])
        .doUpdateSet({ expires_at: ban.expiresAt, banned_by: ban.bannedBy, created_at: ban.now })
        .where('community_banned.expires_at', '<=', ban.now),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Lifts a ban; true when one was in force at `now`. A ban that expired by itself is lifted already
 * (decisions §42): its row goes too, but nothing was lifted.
 */
export async function deleteBan(
  db: Kysely<DB>,
  communityId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .deleteFrom('community_banned')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .returning('expires_at')
    .executeTakeFirst();
  return row !== undefined && (row.expires_at === null || row.expires_at > now);
}

export async function deleteBansOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('community_banned').where('user_id', '=', userId).execute();
}

/** Every default community, for new members to join (DOMAIN §2.7). */
export async function defaultCommunityIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('default_communities')
    .innerJoin('communities', 'communities.id', 'default_communities.community_id')
    .select('default_communities.community_id')
    .where('communities.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.community_id);
}

export async function countCommunityPost(db: Kysely<DB>, communityId: string): Promise<void> {
  await db
    .updateTable('communities')
    .set({ posts_count: sql`posts_count + 1` })
    .where('id', '=', communityId)
    .execute();
}

/**
 * Every live account but the system ones becomes a member (the operator's
 * `add-all-users-to-community`); `no_members` is then counted from the rows, so it stays their number.
 */
export async function addEveryoneAsMembers(
  db: Kysely<DB>,
  communityId: string,
  systemAccounts: readonly string[],
): Promise<{ added: number; members: number }> {
  const added = await sql<{ user_id: string }>`
    INSERT INTO community_members (community_id, user_id)
    SELECT ${communityId}, u.id FROM users u
    WHERE u.deleted_at IS NULL AND u.username <> ALL(${[...systemAccounts]}::text[])
    ON CONFLICT (community_id, user_id) DO NOTHING
    RETURNING user_id`.execute(db);
  const counted = await db
    .updateTable('communities')
    .set({
      no_members: sql<number>`(SELECT count(*) FROM community_members m WHERE m.community_id = ${communityId})`,
    })
    .where('id', '=', communityId)
    .returning('no_members')
    .executeTakeFirstOrThrow();
  return { added: added.rows.length, members: counted.no_members };
}

/** Live communities without a post, made before `before`, and not a default one: by name. */
export async function unusedCommunities(
  db: Kysely<DB>,
  before: Date,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('communities')
    .select(['communities.id', 'communities.name'])
    .where('communities.deleted_at', 'is', null)
    .where('communities.posts_count', '=', 0)
    .where('communities.created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('default_communities')
            .select('default_communities.community_id')
            .whereRef('default_communities.community_id', '=', 'communities.id'),
        ),
      ),
    )
    .orderBy('communities.name_lc')
    .execute();
}

/**
 * Marks communities deleted (they leave every listing; the names stay taken), if they are still without
 * a post: a post made since they were read keeps its community. Returns the names deleted.
 */
export async function markCommunitiesDeleted(
  db: Kysely<DB>,
  ids: readonly string[],
  at: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('communities')
    .set({ deleted_at: at })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('posts_count', '=', 0)
    .returning('name')
    .execute();
  return rows.map((r) => r.name).sort((a, b) => a.localeCompare(b));
}
