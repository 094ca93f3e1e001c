import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Badge } from '@commons/shared';
import { anyOf, prepared } from '../db/named-statements.js';
import type { DB, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

/** Case-insensitive lookup; deleted accounts included (their names stay reserved). */
export function findUserByName(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lc', '=', sql<string>`lower(${username})`)
    .executeTakeFirst();
}

/** Which of these usernames (any case) belong to deleted accounts, lower-cased. */
export async function deletedUsernames(db: Kysely<DB>, usernames: readonly string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('username_lc')
    .where('username_lc', '=', sql<string>`ANY(${usernames.map((n) => n.toLowerCase())}::text[])`)
    .where('deleted_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.username_lc));
}

/** Users by id, in no particular order. */
export async function usersByIds(db: Kysely<DB>, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return prepared(db).selectFrom('users').selectAll().where('id', '=', anyOf(ids)).execute();
}

/** The only badge type that leaves the server: the client throws on others (API.md §5.2). */
const SHOWN_BADGE = 'supporter';

/** A user with the ids of their shown badges, oldest first. */
export type UserWithBadges = UserRow & { shown_badges: number[] };

/**
 * Users by id with their shown badges, in no particular order: one statement, where the users and
 * then their badges were two round trips, one after the other, on every page of posts or comments.
 */
export async function usersWithBadgesByIds(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<UserWithBadges[]> {
  if (ids.length === 0) return [];
  return prepared(db)
    .selectFrom('users')
    .selectAll('users')
    .select(
      sql<number[]>`ARRAY(SELECT ub.id FROM user_badges ub JOIN badge_types bt ON bt.id = ub.type
        WHERE ub.user_id = users.id AND bt.name = ${SHOWN_BADGE} ORDER BY ub.id)`.as('shown_badges'),
    )
    .where('id', '=', anyOf(ids))
    .execute();
}

/** Every account, newest first, from `before` (inclusive) when given. */
export function usersNewestFirst(db: Kysely<DB>, before: string | null, take: number): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}

/** Usernames of the admins, alphabetically, without the system account `nobody`. */
export async function adminUsernames(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('is_admin', '=', true)
    .where('username', '!=', 'nobody')
    .orderBy('username')
    .execute();
  return rows.map((r) => r.username);
}

export function findUserById(db: Kysely<DB>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the user; returns undefined when the name is taken (case-insensitively), even in a race. */
export async function insertUser(
  db: Kysely<DB>,
  values: Insertable<UsersTable>,
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('username_lc').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function updateUser(db: Kysely<DB>, id: string, changes: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The user's picture, locked until the transaction ends: changes made at the same time wait their turn. */
export async function lockProPic(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('pro_pic')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.pro_pic;
}

export async function setProPic(db: Kysely<DB>, id: string, imageId: string | null): Promise<void> {
  await db.updateTable('users').set({ pro_pic: imageId }).where('id', '=', id).execute();
}

/** What a deleted account keeps: its name, counts and content; personal details and powers go. */
export async function scrubDeletedAccount(
  db: Kysely<DB>,
  id: string,
  scrambledPassword: string,
  deletedAt: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: null,
      email_confirmed_at: null,
      password: scrambledPassword,
      about_me: null,
      is_admin: false,
      notifications_new_count: 0,
      pro_pic: null,
      deleted_at: deletedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function setAdmin(db: Kysely<DB>, id: string, isAdmin: boolean): Promise<void> {
  await db.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', id).execute();
}

export async function setBannedAt(db: Kysely<DB>, id: string, bannedAt: Date | null): Promise<void> {
  await db.updateTable('users').set({ banned_at: bannedAt }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Kysely<DB>, id: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password: hash }).where('id', '=', id).execute();
}

export async function recordLastSeen(db: Kysely<DB>, id: string, at: Date, ip: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_seen: at, last_seen_ip: ip })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Badges of several users in one query, keyed by user id. */
export async function badgesOf(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, Badge[]>> {
  const result = new Map<string, Badge[]>();
  if (userIds.length === 0) return result;
  const rows = await prepared(db)
    .selectFrom('user_badges')
    .innerJoin('badge_types', 'badge_types.id', 'user_badges.type')
    .select(['user_badges.id', 'user_badges.user_id', 'badge_types.name'])
    .where('user_badges.user_id', '=', anyOf(userIds))
    .orderBy('user_badges.id')
    .execute();
  for (const row of rows) {
    if (row.name !== SHOWN_BADGE) continue;
    const list = result.get(row.user_id) ?? [];
    list.push({ id: row.id, type: 'supporter' });
    result.set(row.user_id, list);
  }
  return result;
}

export async function ensureBadgeType(db: Kysely<DB>, name: string): Promise<void> {
  await db
    .insertInto('badge_types')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function addUserPoints(db: Kysely<DB>, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set({ points: sql`points + ${delta}` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts a new post or comment on its author, when the account is neither deleted nor banned: false,
 * and nothing counted, when it is (decisions §54).
 */
export async function countNewContent(
  db: Kysely<DB>,
  userId: string,
  kind: 'no_posts' | 'no_comments',
): Promise<boolean> {
  const counted = await db
    .updateTable('users')
    .set({ [kind]: sql`${sql.ref(kind)} + 1` })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('banned_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return counted !== undefined;
}

export async function findBadgeTypeId(db: Kysely<DB>, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('badge_types').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

/** Gives the user a badge of this type; a second one of the same type changes nothing (false). */
export async function addUserBadge(db: Kysely<DB>, userId: string, typeId: number): Promise<boolean> {
  const added = await db
    .insertInto('user_badges')
    .values({ type: typeId, user_id: userId })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** Removes one badge of the user; the type of what was removed (none: the user had no such badge). */
export async function deleteUserBadge(db: Kysely<DB>, userId: string, id: number): Promise<string[]> {
  return removedTypes(
    await db
      .deleteFrom('user_badges')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('type')
      .execute(),
    db,
  );
}

/** Removes every badge of the type from the user; the types removed (none or that one). */
export async function deleteUserBadgesOfType(
  db: Kysely<DB>,
  userId: string,
  typeName: string,
): Promise<string[]> {
  return removedTypes(
    await db
      .deleteFrom('user_badges')
      .where('user_id', '=', userId)
      .where('type', 'in', (eb) => eb.selectFrom('badge_types').select('id').where('name', '=', typeName))
      .returning('type')
      .execute(),
    db,
  );
}

async function removedTypes(rows: { type: number }[], db: Kysely<DB>): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.type))];
  const names = await db.selectFrom('badge_types').select('name').where('id', 'in', ids).execute();
  return names.map((row) => row.name);
}

export async function deleteBadgesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('user_badges').where('user_id', '=', userId).execute();
}

/**
 * Holds the account's row, shared, to the end of the transaction, when it is neither deleted nor
 * banned; false when it is. A member's write that runs beside their account's deletion or site ban
 * either gets in first, and the deletion or the ban's purge (after taking the row themselves) then
 * find what it wrote, or waits for them and is refused: nothing written for the account outlives them.
 */
export async function holdActiveAccount(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('banned_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the account's row: writes for it wait (holdActiveAccount, countNewContent) until this
 * transaction ends. No key update: rows that only reference the account (a comment's foreign key, an
 * event for it) do not wait, nor make a deletion wait on them while they hold what it needs next.
 */
export async function lockAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
