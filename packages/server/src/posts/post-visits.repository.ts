import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { userRowsAmong } from '../db/user-rows.js';

export function visitsOf(db: Kysely<DB>, userId: string, postIds: readonly string[]) {
  return userRowsAmong(db, 'post_visits', userId, 'post_id', postIds, 'last_visited_at');
}

export async function recordPostVisit(
  db: Kysely<DB>,
  postId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('post_visits')
    .values({ post_id: postId, user_id: userId, first_visited_at: now, last_visited_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doUpdateSet({ last_visited_at: now }))
    .execute();
}
