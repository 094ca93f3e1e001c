import type { Kysely } from 'kysely';
import type { UserWithoutModding } from '@commons/shared';
import type { DB } from '../db/schema.js';
import { presentUser } from './users.presenter.js';
import { badgesOf, type UserRow } from './users.repository.js';

/**
 * Users as others see them (community moderators, post authors), in one query for their badges. A
 * deleted account shows as the ghost unless the viewer is an admin (API.md §5.3).
 */
export async function publicUsers(
  db: Kysely<DB>,
  rows: readonly UserRow[],
  viewer: UserRow | null,
): Promise<UserWithoutModding[]> {
  const badges = await badgesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(
    (row) =>
      presentUser(row, { badges: badges.get(row.id) ?? [], proPic: null, moddingList: null }, 'public', {
        revealDeleted: viewer?.is_admin ?? false,
      }) as UserWithoutModding,
  );
}

/** Users by id, in the order asked. */
export async function usersInOrder(db: Kysely<DB>, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UserRow => r !== undefined);
}
