import type { Kysely } from 'kysely';
import type { Image, UserWithoutModding } from '@commons/shared';
import type { Deps } from '../deps.js';
import type { DB } from '../db/schema.js';
import { imagesByIds } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import { presentUser } from './users.presenter.js';
import { badgesOf, usersByIds, type UserRow } from './users.repository.js';

/**
 * Users as others see them (community moderators, post authors), in one query for their badges. A
 * deleted account shows as the ghost unless the viewer is an admin (API.md §5.3).
 */
export async function publicUsers(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly UserRow[],
  viewer: UserRow | null,
): Promise<UserWithoutModding[]> {
  const [badges, pictures] = await Promise.all([
    badgesOf(
      deps.db,
      rows.map((r) => r.id),
    ),
    profilePictures(deps, rows),
  ]);
  return rows.map(
    (row) =>
      presentUser(
        row,
        { badges: badges.get(row.id) ?? [], proPic: pictures.get(row.id) ?? null, moddingList: null },
        'public',
        { revealDeleted: viewer?.is_admin ?? false },
      ) as UserWithoutModding,
  );
}

/** The profile pictures of these users, keyed by user id, with their avatar copies (DOMAIN §8.11). */
export async function profilePictures(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly UserRow[],
): Promise<Map<string, Image>> {
  const images = await imagesByIds(
    deps.db,
    rows.flatMap((r) => (r.pro_pic ? [r.pro_pic] : [])),
  );
  const result = new Map<string, Image>();
  for (const row of rows) {
    const image = row.pro_pic ? images.get(row.pro_pic) : undefined;
    if (image) result.set(row.id, presentImage(image, 'avatar', deps.secrets.imageKey));
  }
  return result;
}

/** Users by id, in the order asked. */
export async function usersInOrder(db: Kysely<DB>, ids: readonly string[]): Promise<UserRow[]> {
  const rows = await usersByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UserRow => r !== undefined);
}
