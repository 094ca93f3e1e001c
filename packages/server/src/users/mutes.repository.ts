import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { userRowsAmong } from '../db/user-rows.js';

/** Which of these authors and communities the viewer has muted. */
export async function mutesOf(
  db: Kysely<DB>,
  userId: string,
  authorIds: readonly string[],
  communityIds: readonly string[],
): Promise<{ users: Set<string>; communities: Set<string> }> {
  const [users, communities] = await Promise.all([
    userRowsAmong(db, 'muted_users', userId, 'muted_user_id', authorIds, 'user_id'),
    userRowsAmong(db, 'muted_communities', userId, 'community_id', communityIds, 'user_id'),
  ]);
  return { users: new Set(users.keys()), communities: new Set(communities.keys()) };
}

/** Forgets every mute the user made, and every mute of them. */
export async function deleteMutesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('muted_users')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('muted_user_id', '=', userId)]))
    .execute();
  await db.deleteFrom('muted_communities').where('user_id', '=', userId).execute();
}
