import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export async function visitsOf(
  db: Kysely<DB>,
  userId: string,
  postIds: readonly string[],
): Promise<Map<string, Date>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('post_visits')
    .select(['post_id', 'last_visited_at'])
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...new Set(postIds)])
    .execute();
  return new Map(rows.map((r) => [r.post_id, r.last_visited_at]));
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
