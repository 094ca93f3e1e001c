import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** One voter's row in a vote table, inside the caller's transaction. */
export interface VoteRow {
  /** Locked until the transaction ends, so that two requests by one voter apply one at a time. */
  current(): Promise<{ up: boolean; is_user_new: boolean } | undefined>;
  /** False when a vote by the same user arrived first (a concurrent duplicate). */
  insert(up: boolean, isUserNew: boolean): Promise<boolean>;
  remove(): Promise<void>;
  set(up: boolean): Promise<void>;
}

/** Post and comment votes are the same rows in two tables: item, user, up, is_user_new. */
const itemColumn = { post_votes: 'post_id', comment_votes: 'comment_id' } as const;

function voteRow(db: Kysely<DB>, table: keyof typeof itemColumn, itemId: string, userId: string): VoteRow {
  const item = itemColumn[table];
  // Kysely cannot check the columns of a table chosen at run time; both tables have these.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  return {
    current: async () =>
      (await loose
        .selectFrom(table)
        .select(['up', 'is_user_new'])
        .where(item, '=', itemId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()) as { up: boolean; is_user_new: boolean } | undefined,
    insert: async (up, isUserNew) => {
      const row = await loose
        .insertInto(table)
        .values({ [item]: itemId, user_id: userId, up, is_user_new: isUserNew })
        .onConflict((oc) => oc.columns([item, 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
    remove: async () => {
      await loose.deleteFrom(table).where(item, '=', itemId).where('user_id', '=', userId).execute();
    },
    set: async (up) => {
      await loose
        .updateTable(table)
        .set({ up })
        .where(item, '=', itemId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export const postVoteRow = (db: Kysely<DB>, postId: string, userId: string) =>
  voteRow(db, 'post_votes', postId, userId);

export const commentVoteRow = (db: Kysely<DB>, commentId: string, userId: string) =>
  voteRow(db, 'comment_votes', commentId, userId);
