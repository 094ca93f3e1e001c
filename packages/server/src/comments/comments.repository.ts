import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CommentsTable, DB } from '../db/schema.js';
import { anyOf, prepared } from '../db/named-statements.js';
import { userRowsAmong } from '../db/user-rows.js';

export type CommentRow = Selectable<CommentsTable>;

export function findCommentById(db: Kysely<DB>, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Comments by id, in no particular order. */
/** The comment, locked until the transaction ends: changes to it made at the same time wait their turn. */
export function lockComment(db: Kysely<DB>, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function commentsByIds(db: Kysely<DB>, ids: readonly string[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return prepared(db).selectFrom('comments').selectAll().where('id', '=', anyOf(ids)).execute();
}

export async function insertComment(db: Kysely<DB>, values: Insertable<CommentsTable>): Promise<CommentRow> {
  return db.insertInto('comments').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The closure rows of a new reply: one per ancestor, root to parent (DOMAIN §4.1). */
export async function insertClosureRows(
  db: Kysely<DB>,
  commentId: string,
  ancestorIds: readonly string[],
): Promise<void> {
  if (ancestorIds.length === 0) return;
  await db
    .insertInto('comment_replies')
    .values(ancestorIds.map((ancestor_id) => ({ ancestor_id, comment_id: commentId })))
    .execute();
}

/**
 * Counts a new reply on every comment above it: all descendants on each ancestor, direct children on
 * the parent. One statement, so every writer takes the row locks of a thread in the same (index) order.
 * Returns the rows as they are now, locked until the transaction ends.
 */
export async function countReply(
  db: Kysely<DB>,
  parentId: string,
  ancestorIds: readonly string[],
): Promise<CommentRow[]> {
  const { rows } = await sql<CommentRow>`
    UPDATE comments SET
      no_replies = no_replies + 1,
      no_replies_direct = no_replies_direct + CASE WHEN id = ${parentId} THEN 1 ELSE 0 END
    WHERE id = ANY(${[...ancestorIds]}::text[])
    RETURNING *`.execute(db);
  return rows;
}

export async function updateComment(
  db: Kysely<DB>,
  id: string,
  values: Updateable<CommentsTable>,
): Promise<CommentRow> {
  return db.updateTable('comments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Marks a comment deleted unless it already is; undefined when someone else deleted it first. The
 * author's own deletion erases the body for good (DOMAIN §4.7).
 */
export function markCommentDeleted(
  db: Kysely<DB>,
  id: string,
  by: { userId: string; as: 'normal' | 'mods' | 'admins'; at: Date },
): Promise<CommentRow | undefined> {
  return db
    .updateTable('comments')
    .set({
      deleted_at: by.at,
      deleted_by: by.userId,
      deleted_as: by.as,
      ...(by.as === 'normal' ? { body: '' } : {}),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a user's live comments since `since` (all when null) deleted as admins; returns their ids. */
export async function deleteCommentsOfUser(
  db: Kysely<DB>,
  userId: string,
  since: Date | null,
  by: { userId: string; at: Date },
): Promise<string[]> {
  let query = db
    .updateTable('comments')
    .set({ deleted_at: by.at, deleted_by: by.userId, deleted_as: 'admins' })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (since) query = query.where('created_at', '>=', since);
  return (await query.returning('id').execute()).map((r) => r.id);
}

export async function addUserCommentCount(db: Kysely<DB>, userId: string, delta: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ no_comments: sql`no_comments + ${delta}` })
    .where('id', '=', userId)
    .execute();
}

export async function countCommentOnPost(db: Kysely<DB>, postId: string, at: Date): Promise<void> {
  await db
    .updateTable('posts')
    .set({ no_comments: sql`no_comments + 1`, last_activity_at: at })
    .where('id', '=', postId)
    .execute();
}

export interface CommentCursor {
  upvotes: number;
  id: string;
}

/** One page of a post's comments at every depth, best first: a range of comments_post_top_idx. */
export function commentPage(
  db: Kysely<DB>,
  postId: string,
  cursor: CommentCursor | null,
  take: number,
): Promise<CommentRow[]> {
  let query = prepared(db).selectFrom('comments').selectAll().where('post_id', '=', postId);
  if (cursor) {
    query = query.where(sql<boolean>`(upvotes, id) <= (${cursor.upvotes}::int, ${cursor.id}::hex24)`);
  }
  return query.orderBy('upvotes', 'desc').orderBy('id', 'desc').limit(take).execute();
}

/** Every comment below `ancestorId`, from the closure table. */
export function subtreeOf(db: Kysely<DB>, ancestorId: string): Promise<CommentRow[]> {
  return prepared(db)
    .selectFrom('comment_replies as r')
    .innerJoin('comments as c', 'c.id', 'r.comment_id')
    .selectAll('c')
    .where('r.ancestor_id', '=', ancestorId)
    .execute();
}

/** Site-wide, newest first (the admin list). */
export function latestComments(db: Kysely<DB>, before: string | null, take: number): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll();
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}

/**
 * Per post, the comments written by others and not deleted since the viewer's last visit: the "(new)"
 * count (DOMAIN §4.5). Posts never visited are not asked about.
 */
export async function newCommentCounts(
  db: Kysely<DB>,
  viewerId: string,
  visits: ReadonlyMap<string, Date>,
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (visits.size === 0) return result;
  // The visits as two arrays, so the text is one statement whatever their number.
  const { rows } = await sql<{ post_id: string; n: number }>`
    SELECT c.post_id, count(*) AS n
    FROM unnest(${[...visits.keys()]}::text[], ${[...visits.values()]}::timestamptz[]) AS v(post_id, since)
    JOIN comments c ON c.post_id = v.post_id AND c.created_at >= v.since
    WHERE c.user_id <> ${viewerId} AND c.deleted_at IS NULL
    GROUP BY c.post_id`.execute(prepared(db));
  for (const row of rows) result.set(row.post_id, Number(row.n));
  return result;
}

// --- Votes ------------------------------------------------------------------------------------------------

export function applyCommentVoteCounts(
  db: Kysely<DB>,
  commentId: string,
  upDelta: number,
  downDelta: number,
): Promise<CommentRow> {
  return db
    .updateTable('comments')
    .set({
      upvotes: sql`upvotes + ${upDelta}`,
      downvotes: sql`downvotes + ${downDelta}`,
      points: sql`points + ${upDelta - downDelta}`,
    })
    .where('id', '=', commentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The viewer's votes on these comments: true up, false down; absent when none. */
export function commentVotesOf(db: Kysely<DB>, userId: string, commentIds: readonly string[]) {
  return userRowsAmong(db, 'comment_votes', userId, 'comment_id', commentIds, 'up');
}

/**
 * A user's comments for their profile, newest first from `before` (inclusive): never those they deleted
 * themselves; those moderators or admins deleted only when `withRemoved` (for admins, DOMAIN §2.8).
 */
export function profileComments(
  db: Kysely<DB>,
  userId: string,
  before: string | null,
  take: number,
  withRemoved: boolean,
): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll().where('user_id', '=', userId);
  query = withRemoved
    ? query.where((eb) => eb.or([eb('deleted_as', 'is', null), eb('deleted_as', '<>', 'normal')]))
    : query.where('deleted_at', 'is', null);
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}
