import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, PostsTable, WindowName } from '../db/schema.js';
import { randomString } from '../lib/ids.js';
import type { ImageRow } from '../images/images.repository.js';

export type PostRow = Selectable<PostsTable>;

export const WINDOWS: readonly WindowName[] = ['day', 'week', 'month', 'year'];

export function findPostByPublicId(db: Kysely<DB>, publicId: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The post, locked until the transaction ends: changes to it made at the same time wait their turn. */
export function lockPost(db: Kysely<DB>, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findPostById(db: Kysely<DB>, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function insertWindowRows(db: Kysely<DB>, post: PostRow): Promise<void> {
  await db
    .insertInto('post_windows')
    .values(
      WINDOWS.map((window_name) => ({
        window_name,
        post_id: post.id,
        community_id: post.community_id,
        points: post.points,
        created_at: post.created_at,
      })),
    )
    .execute();
}

export async function deleteWindowRows(db: Kysely<DB>, postId: string): Promise<void> {
  await db.deleteFrom('post_windows').where('post_id', '=', postId).execute();
}

/** Drops rows whose post is older than the window: 1, 7, 30 and 365 days (DOMAIN §2.5). */
export async function purgeWindows(db: Kysely<DB>, now: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM post_windows WHERE
        (window_name = 'day' AND created_at < ${now}::timestamptz - interval '1 day') OR
        (window_name = 'week' AND created_at < ${now}::timestamptz - interval '7 days') OR
        (window_name = 'month' AND created_at < ${now}::timestamptz - interval '30 days') OR
        (window_name = 'year' AND created_at < ${now}::timestamptz - interval '365 days')
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The ids among `imageIds` that are this user's unclaimed uploads. */
export async function ownTempImages(
  db: Kysely<DB>,
  userId: string,
  imageIds: readonly string[],
): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('temp_images')
    .select('image_id')
    .where('user_id', '=', userId)
    .where('image_id', 'in', [...imageIds])
    .execute();
  return new Set(rows.map((r) => r.image_id));
}

/** Moves uploads into a post, in order. False when one of them was claimed meanwhile. */
export async function claimImages(
  db: Kysely<DB>,
  userId: string,
  postId: string,
  imageIds: readonly string[],
): Promise<boolean> {
  if (imageIds.length === 0) return true;
  const claimed = await db
    .deleteFrom('temp_images')
    .where('user_id', '=', userId)
    .where('image_id', 'in', [...imageIds])
    .returning('image_id')
    .execute();
  if (claimed.length !== new Set(imageIds).size) return false;
  await db
    .insertInto('post_images')
    .values(imageIds.map((image_id, z_index) => ({ post_id: postId, image_id, z_index })))
    .execute();
  return true;
}

/** Each post's images, in gallery order. */
export async function imagesOfPosts(
  db: Kysely<DB>,
  postIds: readonly string[],
): Promise<Map<string, ImageRow[]>> {
  const result = new Map<string, ImageRow[]>();
  if (postIds.length === 0) return result;
  const rows = await db
    .selectFrom('post_images')
    .innerJoin('images', 'images.id', 'post_images.image_id')
    .selectAll('images')
    .select('post_images.post_id')
    .where('post_images.post_id', 'in', [...new Set(postIds)])
    .where('images.deleted_at', 'is', null)
    .orderBy('post_images.post_id')
    .orderBy('post_images.z_index')
    .execute();
  for (const { post_id, ...image } of rows) {
    const list = result.get(post_id) ?? [];
    list.push(image);
    result.set(post_id, list);
  }
  return result;
}

export async function detachPostImages(db: Kysely<DB>, postId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('post_images')
    .where('post_id', '=', postId)
    .returning('image_id')
    .execute();
  return rows.map((r) => r.image_id);
}

export async function updatePost(
  db: Kysely<DB>,
  id: string,
  changes: Updateable<PostsTable>,
): Promise<PostRow> {
  return db.updateTable('posts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The viewer's votes on these posts: true for up, false for down. */
export async function votesOf(
  db: Kysely<DB>,
  userId: string,
  postIds: readonly string[],
): Promise<Map<string, boolean>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('post_votes')
    .select(['post_id', 'up'])
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...new Set(postIds)])
    .execute();
  return new Map(rows.map((r) => [r.post_id, r.up]));
}

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

export async function addUserPoints(db: Kysely<DB>, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set({ points: sql`points + ${delta}` })
    .where('id', '=', userId)
    .execute();
}

export async function countAfterNewPost(db: Kysely<DB>, userId: string, communityId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ no_posts: sql`no_posts + 1` })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('communities')
    .set({ posts_count: sql`posts_count + 1` })
    .where('id', '=', communityId)
    .execute();
}

export type PinScope = { siteWide: true } | { siteWide: false; communityId: string };

export async function pinCount(db: Kysely<DB>, scope: PinScope): Promise<number> {
  let query = db
    .selectFrom('pinned_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_site_wide', '=', scope.siteWide);
  if (!scope.siteWide) query = query.where('community_id', '=', scope.communityId);
  return (await query.executeTakeFirstOrThrow()).n;
}

/**
 * Serializes pin changes within one scope until the transaction ends, so that two pins arriving at once
 * cannot both find room under the limit.
 */
export async function lockPinScope(db: Kysely<DB>, scope: PinScope): Promise<void> {
  const key = scope.siteWide ? 'pinned_posts:site' : `pinned_posts:${scope.communityId}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export async function insertPin(db: Kysely<DB>, postId: string, scope: PinScope): Promise<void> {
  await db
    .insertInto('pinned_posts')
    .values({
      post_id: postId,
      is_site_wide: scope.siteWide,
      community_id: scope.siteWide ? null : scope.communityId,
    })
    .onConflict((oc) => oc.columns(['is_site_wide', 'post_id']).doNothing())
    .execute();
}

export async function deletePin(db: Kysely<DB>, postId: string, siteWide: boolean | null): Promise<void> {
  let query = db.deleteFrom('pinned_posts').where('post_id', '=', postId);
  if (siteWide !== null) query = query.where('is_site_wide', '=', siteWide);
  await query.execute();
}

/** Pinned posts of a scope, in the order they were pinned (DOMAIN §2.6). */
export async function pinnedPosts(db: Kysely<DB>, scope: PinScope): Promise<PostRow[]> {
  let query = db
    .selectFrom('pinned_posts')
    .innerJoin('posts', 'posts.id', 'pinned_posts.post_id')
    .selectAll('posts')
    .where('pinned_posts.is_site_wide', '=', scope.siteWide)
    .where('posts.deleted', '=', false)
    .orderBy('pinned_posts.id');
  if (!scope.siteWide) query = query.where('pinned_posts.community_id', '=', scope.communityId);
  return query.execute();
}

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

/** A user's posts created since `since` (all of them when null), for a ban that purges content. */
export function postsOfUser(db: Kysely<DB>, userId: string, since: Date | null): Promise<PostRow[]> {
  let query = db.selectFrom('posts').selectAll().where('user_id', '=', userId);
  if (since) query = query.where('created_at', '>=', since);
  return query.execute();
}
