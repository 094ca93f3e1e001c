import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Hides a post for a user, keeping only the newest 1000 hidden posts (API.md §2.4). */
export async function hidePostFor(db: Kysely<DB>, userId: string, postId: string): Promise<void> {
  await db
    .insertInto('hidden_posts')
    .values({ user_id: userId, post_id: postId })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .execute();
  await sql`
    DELETE FROM hidden_posts WHERE user_id = ${userId} AND post_id IN (
      SELECT post_id FROM hidden_posts WHERE user_id = ${userId}
      ORDER BY created_at DESC, post_id DESC OFFSET 1000)`.execute(db);
}

export async function unhidePostFor(db: Kysely<DB>, userId: string, postId: string): Promise<void> {
  await db.deleteFrom('hidden_posts').where('user_id', '=', userId).where('post_id', '=', postId).execute();
}
