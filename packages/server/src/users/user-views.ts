import type { Kysely } from 'kysely';
import type { Image, UserWithoutModding } from '@commons/shared';
import type { Deps } from '../deps.js';
import type { DB } from '../db/schema.js';
import { imagesByIds } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import { presentUser } from './users.presenter.js';
import { badgesOf, usersWithBadgesByIds, type UserRow, type UserWithBadges } from './users.repository.js';

/**
 * Users as others see them (community moderators, post authors). Their badges come with the rows when
 * they were read with them (`usersInOrder`), else from one query. A deleted account shows as the
 * ghost unless the viewer is an admin (API.md §5.3).
 */
export async function publicUsers(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly (UserRow | UserWithBadges)[],
  viewer: UserRow | null,
): Promise<UserWithoutModding[]> {
  const withBadges = rows.every((row) => 'shown_badges' in row);
  const [badges, pictures] = await Promise.all([
    withBadges
      ? new Map(
          rows.map((row) => [row.id, row.shown_badges.map((id) => ({ id, type: 'supporter' as const }))]),
        )
      : badgesOf(
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

/** Users by id with their shown badges, in the order asked. */
export async function usersInOrder(db: Kysely<DB>, ids: readonly string[]): Promise<UserWithBadges[]> {
  const rows = await usersWithBadgesByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is UserWithBadges => r !== undefined);
}
