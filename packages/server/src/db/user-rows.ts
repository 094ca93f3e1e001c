import type { Kysely, Selectable } from 'kysely';
import { anyOf, prepared } from './named-statements.js';
import type { DB } from './schema.js';

/** The tables that hold at most one row per user and item: votes, visits and mutes. */
type PerUserTable = 'post_votes' | 'comment_votes' | 'post_visits' | 'muted_users' | 'muted_communities';

/**
 * A user's rows among these items (each asked once) as item id → `valueColumn`; no query for none.
 * Views build the viewer's votes, visits and mutes of a whole page this way, one query per table.
 */
export async function userRowsAmong<
  T extends PerUserTable,
  K extends keyof Selectable<DB[T]> & string,
  V extends keyof Selectable<DB[T]> & string,
>(
  db: Kysely<DB>,
  table: T,
  userId: string,
  itemColumn: K,
  itemIds: readonly string[],
  valueColumn: V,
): Promise<Map<string, Selectable<DB[T]>[V]>> {
  if (itemIds.length === 0) return new Map();
  // Kysely cannot check columns of a table chosen by a type parameter; the signature checks them instead.
  const loose = prepared(db) as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await loose
    .selectFrom(table as string)
    .select([itemColumn as string, valueColumn as string])
    .where('user_id', '=', userId)
    .where(itemColumn as string, '=', anyOf(itemIds))
    .execute();
  return new Map(rows.map((r) => [r[itemColumn] as string, r[valueColumn] as Selectable<DB[T]>[V]]));
}
