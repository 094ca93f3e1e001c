import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Badge } from '@commons/shared';
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
  const rows = await db
    .selectFrom('user_badges')
    .innerJoin('badge_types', 'badge_types.id', 'user_badges.type')
    .select(['user_badges.id', 'user_badges.user_id', 'badge_types.name'])
    .where('user_badges.user_id', 'in', userIds)
    .orderBy('user_badges.id')
    .execute();
  for (const row of rows) {
    // Only known badge types leave the server: the client throws on others (API.md §5.2).
    if (row.name !== 'supporter') continue;
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
