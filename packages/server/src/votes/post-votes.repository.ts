import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { userRowsAmong } from '../db/user-rows.js';

/** The viewer's votes on these posts: true for up, false for down. */
export function votesOf(db: Kysely<DB>, userId: string, postIds: readonly string[]) {
  return userRowsAmong(db, 'post_votes', userId, 'post_id', postIds, 'up');
}

export async function currentVote(
  db: Kysely<DB>,
  postId: string,
  userId: string,
): Promise<{ up: boolean; is_user_new: boolean } | undefined> {
  return db
    .selectFrom('post_votes')
    .select(['up', 'is_user_new'])
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** A new vote; false when another request inserted one first (a race). */
export async function insertVote(
  db: Kysely<DB>,
  vote: { postId: string; userId: string; up: boolean; isUserNew: boolean },
): Promise<boolean> {
  const row = await db
    .insertInto('post_votes')
    .values({ post_id: vote.postId, user_id: vote.userId, up: vote.up, is_user_new: vote.isUserNew })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setVote(db: Kysely<DB>, postId: string, userId: string, up: boolean): Promise<void> {
  await db
    .updateTable('post_votes')
    .set({ up })
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteVote(db: Kysely<DB>, postId: string, userId: string): Promise<void> {
  await db.deleteFrom('post_votes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}
