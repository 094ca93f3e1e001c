import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { userRowsAmong } from '../db/user-rows.js';

/** The viewer's votes on these posts: true for up, false for down. */
export function votesOf(db: Kysely<DB>, userId: string, postIds: readonly string[]) {
  return userRowsAmong(db, 'post_votes', userId, 'post_id', postIds, 'up');
}
