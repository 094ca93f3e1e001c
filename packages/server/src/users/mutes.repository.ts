import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Which of these authors and communities the viewer has muted. */
export async function mutesOf(
  db: Kysely<DB>,
  userId: string,
  authorIds: readonly string[],
  communityIds: readonly string[],
): Promise<{ users: Set<string>; communities: Set<string> }> {
  const [users, communities] = await Promise.all([
    authorIds.length
      ? db
          .selectFrom('muted_users')
          .select('muted_user_id')
          .where('user_id', '=', userId)
          .where('muted_user_id', 'in', [...new Set(authorIds)])
          .execute()
      : [],
    communityIds.length
      ? db
          .selectFrom('muted_communities')
          .select('community_id')
          .where('user_id', '=', userId)
          .where('community_id', 'in', [...new Set(communityIds)])
          .execute()
      : [],
  ]);
  return {
    users: new Set(users.map((r) => r.muted_user_id)),
    communities: new Set(communities.map((r) => r.community_id)),
  };
}

/** Forgets every mute the user made, and every mute of them. */
export async function deleteMutesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('muted_users')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('muted_user_id', '=', userId)]))
    .execute();
  await db.deleteFrom('muted_communities').where('user_id', '=', userId).execute();
}
