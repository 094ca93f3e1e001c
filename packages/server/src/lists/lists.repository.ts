import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ContentType, ListsFilter, ListsSort } from '@commons/shared';
import type { DB, ListItemsTable, ListsTable } from '../db/schema.js';

/** A list with its owner's username, which every List JSON carries. */
export type ListRow = Selectable<ListsTable> & { username: string };
export type ListItemRow = Selectable<ListItemsTable>;

/** Every account's list from its creation (API.md §5.8, DOMAIN §8.9). */
export const BOOKMARKS = { name: 'bookmarks', displayName: 'Bookmarks' } as const;

function listsWithOwner(db: Kysely<DB>) {
  return db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select('u.username');
}

/** The private bookmarks list of a new account, in the transaction that creates it. */
export async function insertBookmarksList(db: Kysely<DB>, userId: string, at: Date): Promise<void> {
  await db
    .insertInto('lists')
    .values({
      user_id: userId,
      name: BOOKMARKS.name,
      display_name: BOOKMARKS.displayName,
      created_at: at,
      last_updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .execute();
}

/**
 * A user's lists: last added first (ties: the newer list first), or by name A to Z whatever the case;
 * `filter` keeps the public or the private ones.
 */
export function listsOfUser(
  db: Kysely<DB>,
  userId: string,
  sort: ListsSort,
  filter: ListsFilter,
): Promise<ListRow[]> {
  let query = listsWithOwner(db).where('l.user_id', '=', userId);
  if (filter !== 'all') query = query.where('l.public', '=', filter === 'public');
  query =
    sort === 'name'
      ? query.orderBy(sql`lower(l.name)`).orderBy('l.name')
      : query.orderBy('l.last_updated_at', 'desc').orderBy('l.id', 'desc');
  return query.execute();
}

export function findListById(db: Kysely<DB>, id: number): Promise<ListRow | undefined> {
  return listsWithOwner(db).where('l.id', '=', id).executeTakeFirst();
}

/**
 * By its owner's username (any case, like every username lookup) and its exact name: list names are
 * URL segments, matched as written.
 */
export function findListByName(db: Kysely<DB>, username: string, name: string): Promise<ListRow | undefined> {
  return listsWithOwner(db)
    .where('u.username_lc', '=', sql<string>`lower(${username})`)
    .where('l.name', '=', name)
    .executeTakeFirst();
}

/** The new list's id, or undefined when its owner already has a list of that name (even in a race). */
export async function insertList(
  db: Kysely<DB>,
  values: Insertable<ListsTable>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('lists')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const UNIQUE_VIOLATION = '23505';

/** Changes a list; false when a rename takes a name its owner already uses (even in a race). */
export async function updateList(
  db: Kysely<DB>,
  id: number,
  values: Updateable<ListsTable>,
): Promise<boolean> {
  try {
    await db.updateTable('lists').set(values).where('id', '=', id).execute();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/** Deletes the list; its items go with it (cascade). */
export async function deleteList(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', id).execute();
}

/** Account deletion (DOMAIN §8.8): every list of the account, and their items. */
export async function deleteListsOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('lists').where('user_id', '=', userId).execute();
}

/**
 * Holds the list's row until the transaction ends, so that item changes and its counter move together
 * and cannot meet a deletion of the list halfway. False when the list is gone.
 */
export async function lockList(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom('lists').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: true only when the item was not in the list yet. */
export async function insertListItem(
  db: Kysely<DB>,
  listId: number,
  targetType: ContentType,
  targetId: string,
  at: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('list_items')
    .values({ list_id: listId, target_type: targetType, target_id: targetId, created_at: at })
    .onConflict((oc) => oc.columns(['list_id', 'target_type', 'target_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** After an addition: one more item, and the list counts as just updated. */
export async function countAddedItem(db: Kysely<DB>, listId: number, at: Date): Promise<void> {
  await db
    .updateTable('lists')
    .set((eb) => ({ num_items: eb('num_items', '+', 1), last_updated_at: at }))
    .where('id', '=', listId)
    .execute();
}

/** After removals: `removed` fewer items. */
export async function countRemovedItems(db: Kysely<DB>, listId: number, removed: number): Promise<void> {
  if (removed === 0) return;
  await db
    .updateTable('lists')
    .set((eb) => ({ num_items: eb('num_items', '-', removed) }))
    .where('id', '=', listId)
    .execute();
}

/** Removes the item naming this target; the number removed (0 or 1). */
export async function deleteListItemByTarget(
  db: Kysely<DB>,
  listId: number,
  targetType: ContentType,
  targetId: string,
): Promise<number> {
  const rows = await db
    .deleteFrom('list_items')
    .where('list_id', '=', listId)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .returning('id')
    .execute();
  return rows.length;
}

/** Empties the list; the number removed. */
export async function deleteAllListItems(db: Kysely<DB>, listId: number): Promise<number> {
  const rows = await db.deleteFrom('list_items').where('list_id', '=', listId).returning('id').execute();
  return rows.length;
}

/** Removes one item of this list by its id; the removed row, or undefined when the list has none such. */
export function deleteListItemById(
  db: Kysely<DB>,
  listId: number,
  itemId: number,
): Promise<ListItemRow | undefined> {
  return db
    .deleteFrom('list_items')
    .where('list_id', '=', listId)
    .where('id', '=', itemId)
    .returningAll()
    .executeTakeFirst();
}

export type Direction = 'asc' | 'desc';

/**
 * A list's items by the time they were added, within [`from`, `before`) when given, on the
 * (list_id, created_at, id) index; `take` null for all of them.
 */
export function listItemsByAdded(
  db: Kysely<DB>,
  listId: number,
  range: { from?: Date; before?: Date },
  direction: Direction,
  take: number | null,
): Promise<ListItemRow[]> {
  let query = db.selectFrom('list_items').selectAll().where('list_id', '=', listId);
  if (range.from) query = query.where('created_at', '>=', range.from);
  if (range.before) query = query.where('created_at', '<', range.before);
  query = query.orderBy('created_at', direction).orderBy('id', direction);
  return (take === null ? query : query.limit(take)).execute();
}

/**
 * A list's items by target id (the target's creation time), from `bound` on (inclusive) in the
 * direction given, on the (list_id, target_id, id) index; `take` null for all of them.
 */
export function listItemsByTarget(
  db: Kysely<DB>,
  listId: number,
  bound: string | null,
  direction: Direction,
  take: number | null,
): Promise<ListItemRow[]> {
  let query = db.selectFrom('list_items').selectAll().where('list_id', '=', listId);
  if (bound !== null) query = query.where('target_id', direction === 'desc' ? '<=' : '>=', bound);
  query = query.orderBy('target_id', direction).orderBy('id', direction);
  return (take === null ? query : query.limit(take)).execute();
}

/** The ids of this user's lists that hold the target, in id order (API.md §14.6). */
export async function listsHolding(
  db: Kysely<DB>,
  userId: string,
  targetType: ContentType,
  targetId: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('lists as l')
    .innerJoin('list_items as i', 'i.list_id', 'l.id')
    .select('l.id')
    .where('l.user_id', '=', userId)
    .where('i.target_type', '=', targetType)
    .where('i.target_id', '=', targetId)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => r.id);
}
