import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Queues an announcement; false when the post was announced before. */
export async function insertAnnouncement(db: Kysely<DB>, postId: string, adminId: string): Promise<boolean> {
  const row = await db
    .insertInto('announcement_posts')
    .values({ post_id: postId, announced_by: adminId })
    .onConflict((oc) => oc.column('post_id').doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return row !== undefined;
}
