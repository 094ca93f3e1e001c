import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { anyOf, prepared } from '../db/named-statements.js';
import type { DB, PostsTable } from '../db/schema.js';
import { randomString } from '../lib/ids.js';

export type PostRow = Selectable<PostsTable>;

export function findPostByPublicId(db: Kysely<DB>, publicId: string): Promise<PostRow | undefined> {
  return prepared(db).selectFrom('posts').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The post, locked until the transaction ends: changes to it made at the same time wait their turn. */
export function lockPost(db: Kysely<DB>, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findPostById(db: Kysely<DB>, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Posts by id, in no particular order; no query for none. */
export async function postsByIds(db: Kysely<DB>, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('posts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/**
 * Inserts a post with a fresh 8-character public id, drawing again on the rare collision (DOMAIN §1.1).
 * The author's own upvote is counted from the start: 1 upvote, 1 point, and its hot score.
 */
export async function insertPost(
  db: Kysely<DB>,
  values: Omit<Insertable<PostsTable>, 'public_id' | 'upvotes' | 'points' | 'hotness'>,
): Promise<PostRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .insertInto('posts')
      .values({
        ...values,
        public_id: randomString(8),
        upvotes: 1,
        points: 1,
        hotness: sql<number>`hot_score(1, ${values.created_at ?? sql`now()`}::timestamptz)`,
      })
      .onConflict((oc) => oc.column('public_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error('Could not draw a free public id for a post.');
}

export async function updatePost(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<PostsTable>,
): Promise<PostRow> {
  return db.updateTable('posts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves the post's counters and hot score in one atomic statement (no read-modify-write), and the
 * window rows to the new points. Returns the post as it is now.
 */
export async function applyVoteCounts(
  db: Kysely<DB>,
  postId: string,
  upDelta: number,
  downDelta: number,
): Promise<PostRow> {
  const post = await db
    .updateTable('posts')
    .set({
      upvotes: sql`upvotes + ${upDelta}`,
      downvotes: sql`downvotes + ${downDelta}`,
      points: sql`points + ${upDelta - downDelta}`,
      hotness: sql`hot_score(upvotes + ${upDelta}, created_at)`,
    })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('post_windows').set({ points: post.points }).where('post_id', '=', postId).execute();
  return post;
}

/** A user's posts created since `since` (all of them when null), for a ban that purges content. */
export function postsOfUser(db: Kysely<DB>, userId: string, since: Date | null): Promise<PostRow[]> {
  let query = db.selectFrom('posts').selectAll().where('user_id', '=', userId);
  if (since) query = query.where('created_at', '>=', since);
  return query.execute();
}

/** Public ids and titles of these posts, for presenting comments. */
export function postTitles(
  db: Kysely<DB>,
  ids: readonly string[],
): Promise<Pick<PostRow, 'id' | 'public_id' | 'title'>[]> {
  return prepared(db)
    .selectFrom('posts')
    .select(['id', 'public_id', 'title'])
    .where('id', '=', anyOf(ids))
    .execute();
}

/** A user's posts for their profile, newest first from `before` (inclusive), on the (user_id, id DESC) index. */
export function profilePosts(
  db: Kysely<DB>,
  userId: string,
  before: string | null,
  take: number,
): Promise<PostRow[]> {
  let query = db.selectFrom('posts').selectAll().where('user_id', '=', userId);
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}

/**
 * Recomputes the hotness of the next `batch` posts after `afterId` (in id order) from their upvotes and
 * age, as a vote does: the operator's `fix-hotness`. Returns the last id done, null at the end.
 */
export async function recomputeHotnessAfter(
  db: Kysely<DB>,
  afterId: string,
  batch: number,
): Promise<{ lastId: string | null; changed: number }> {
  const { rows } = await sql<{ id: string; changed: boolean }>`
    WITH next AS (SELECT id FROM posts WHERE id > ${afterId} ORDER BY id LIMIT ${batch}),
    fixed AS (
      UPDATE posts p SET hotness = hot_score(p.upvotes, p.created_at)
      FROM next WHERE p.id = next.id AND p.hotness IS DISTINCT FROM hot_score(p.upvotes, p.created_at)
      RETURNING p.id
    )
    SELECT next.id, fixed.id IS NOT NULL AS changed FROM next LEFT JOIN fixed ON fixed.id = next.id ORDER BY next.id`.execute(
    db,
  );
  return { lastId: rows.at(-1)?.id ?? null, changed: rows.filter((r) => r.changed).length };
}
