import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FeedSort } from '@commons/shared';
import { prepared } from '../db/named-statements.js';
import type { DB } from '../db/schema.js';
import type { PostRow } from '../posts/posts.repository.js';

/** Where a cursor points: the first row of the next page, inclusive (DOMAIN §2.3). */
export type Cursor =
  | { sort: 'latest'; id: string }
  | { sort: 'hot'; hotness: number; id: string }
  | { sort: 'activity'; micros: bigint; id: string }
  | { sort: 'top'; points: number; id: string };

export type FeedScope =
  | { kind: 'all' }
  | { kind: 'community'; id: string }
  | { kind: 'communities'; ids: string[] }
  /** One author's posts (Atom feeds), on the (user_id) index of posts and post_id of post_windows. */
  | { kind: 'user'; id: string };

export interface FeedPageQuery {
  scope: FeedScope;
  sort: FeedSort;
  cursor: Cursor | null;
  /** Rows to fetch: the page size plus one, to know whether there is a next page. */
  take: number;
  /** Leave out what this viewer hid and the authors they muted (and, for All, the communities). */
  viewerId: string | null;
  hideMutedCommunities: boolean;
  /** On the default sort, pinned posts of the scope lead the first page and stay out of the listing. */
  excludePinned: 'site' | 'community' | null;
}

export type FeedRow = PostRow & { activity_us: number };

const WINDOWS = new Set<FeedSort>(['day', 'week', 'month', 'year']);

/** The ORDER BY and the keyset condition of each sort, on the columns its index holds. */
function ordering(
  sort: FeedSort,
  cursor: Cursor | null,
): { order: RawBuilder<unknown>; after: RawBuilder<unknown> | null } {
  const top = WINDOWS.has(sort);
  switch (true) {
    case sort === 'latest':
      return { order: sql`p.id DESC`, after: cursor?.sort === 'latest' ? sql`p.id <= ${cursor.id}` : null };
    case sort === 'hot':
      return {
        order: sql`p.hotness DESC, p.id DESC`,
        after:
          cursor?.sort === 'hot'
            ? sql`(p.hotness, p.id) <= (${cursor.hotness}::bigint, ${cursor.id}::hex24)`
            : null,
      };
    case sort === 'activity':
      return {
        order: sql`p.last_activity_at DESC, p.id DESC`,
        // Built from whole microseconds: no floating point between the stored time and the cursor.
        after:
          cursor?.sort === 'activity'
            ? sql`(p.last_activity_at, p.id) <= (timestamptz 'epoch' + ${cursor.micros.toString()}::bigint * interval '1 microsecond', ${cursor.id}::hex24)`
            : null,
      };
    case top:
      return {
        order: sql`w.points DESC, w.post_id DESC`,
        after:
          cursor?.sort === 'top'
            ? sql`(w.points, w.post_id) <= (${cursor.points}::int, ${cursor.id}::hex24)`
            : null,
      };
    default:
      return {
        order: sql`p.points DESC, p.id DESC`,
        after:
          cursor?.sort === 'top'
            ? sql`(p.points, p.id) <= (${cursor.points}::int, ${cursor.id}::hex24)`
            : null,
      };
  }
}

/** The member's muted-word patterns (of the words `which` selects) joined into one expression. */
export function mutedPatterns(viewer: string, which: RawBuilder<unknown>): RawBuilder<unknown> {
  // Whole words: between non-alphanumerics, lower case on both sides, no lookaround, which keeps
  // PostgreSQL's regex engine on its fast path (docs/decisions.md §33).
  return sql`(SELECT '(?:^|[^[:alnum:]])(?:' || lower(string_agg(mw.pattern, '|')) || ')(?:[^[:alnum:]]|$)' FROM muted_words mw WHERE mw.user_id = ${viewer} AND ${which})`;
}

/** The member's muted words (of those `which` selects) as one query over post word sets. */
function mutedTerms(viewer: string, which: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT string_agg('(' || mw.terms::text || ')', ' | ')::tsquery FROM muted_words mw WHERE mw.user_id = ${viewer} AND ${which})`;
}

/**
 * True for a post (`p`) that holds one of the member's muted words as a whole word, in title or body.
 * Every subquery here names only the viewer, so PostgreSQL runs each once per statement; per candidate
 * row there is one lookup of the post's word set (migration 0007, docs/decisions.md §40):
 * - a word that is one run of letters and digits is decided by the set alone;
 * - a longer word or phrase needs all its runs in the set, and then, on those rows only, its regular
 *   expression, which also checks what lies between them;
 * - a word with no letters or digits (an emoji) is left to its expression, on every row.
 * A member without muted words skips all of it.
 */
export function mutedWordsHide(viewer: string): RawBuilder<boolean> {
  const content = sql`lower(concat_ws(E'\n', p.title, p.body))`;
  const several = sql`NOT mw.single_run AND mw.terms IS NOT NULL`;
  const runless = sql`mw.terms IS NULL`;
  // coalesce and CASE keep a NULL (no such words) from reaching the expression: a strict operator's
  // arguments are computed before their NULL is noticed, and lower() of the whole text is not free.
  return sql<boolean>`coalesce(
    EXISTS (SELECT 1 FROM muted_words mw WHERE mw.user_id = ${viewer})
    AND (
      EXISTS (
        SELECT 1 FROM post_word_sets pw WHERE pw.post_id = p.id AND (
          coalesce(pw.words @@ ${mutedTerms(viewer, sql`mw.single_run`)}, false)
          OR (
            coalesce(pw.words @@ ${mutedTerms(viewer, several)}, false)
            AND ${content} ~ ${mutedPatterns(viewer, several)}
          )
        )
      )
      OR CASE WHEN EXISTS (SELECT 1 FROM muted_words mw WHERE mw.user_id = ${viewer} AND ${runless})
        THEN ${content} ~ ${mutedPatterns(viewer, runless)}
        ELSE false END
    ), false)`;
}

/**
 * One page of a feed, straight from the index of its sort: a keyset range scan that costs the same on
 * page 1000 as on page 1, and at ten million posts as at ten thousand.
 */
export async function feedPage(db: Kysely<DB>, query: FeedPageQuery): Promise<FeedRow[]> {
  const top = WINDOWS.has(query.sort);
  const { order, after } = ordering(query.sort, query.cursor);
  const conditions: RawBuilder<unknown>[] = [sql`NOT p.deleted`];
  if (after) conditions.push(after);
  if (top) conditions.push(sql`w.window_name = ${query.sort}`);
  if (query.excludePinned === 'site') conditions.push(sql`NOT p.is_pinned_site`);
  if (query.excludePinned === 'community') conditions.push(sql`NOT p.is_pinned`);
  if (query.viewerId) {
    const viewer = query.viewerId;
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h.user_id = ${viewer} AND h.post_id = p.id)`,
    );
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${viewer} AND m.muted_user_id = p.user_id)`,
    );
    conditions.push(sql`NOT ${mutedWordsHide(viewer)}`);
    if (query.hideMutedCommunities) {
      conditions.push(
        sql`NOT EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${viewer} AND mc.community_id = p.community_id)`,
      );
    }
  }
  const from = top ? sql`post_windows w JOIN posts p ON p.id = w.post_id` : sql`posts p`;
  const communityColumn = top ? sql`w.community_id` : sql`p.community_id`;
  const columns = sql`p.*, (extract(epoch FROM p.last_activity_at) * 1000000)::bigint AS activity_us`;

  if (query.scope.kind === 'communities') {
    if (query.scope.ids.length === 0) return [];
    // Each community's own index gives its best few rows; merging them is cheap for any number of
    // communities, where one scan of the global index could wade through everything else first.
    const { rows } = await sql<FeedRow>`
      SELECT f.* FROM unnest(${query.scope.ids}::hex24[]) AS c(id)
      CROSS JOIN LATERAL (
        SELECT ${columns}${top ? sql`, w.points AS window_points, w.post_id AS window_post_id` : sql``}
        FROM ${from}
        WHERE ${communityColumn} = c.id AND ${sql.join(conditions, sql` AND `)}
        ORDER BY ${order} LIMIT ${query.take}
      ) f
      ORDER BY ${top ? sql`f.window_points DESC, f.window_post_id DESC` : sql.raw(outerOrder(query.sort))}
      LIMIT ${query.take}`.execute(prepared(db));
    return rows;
  }
  if (query.scope.kind === 'community') conditions.unshift(sql`${communityColumn} = ${query.scope.id}`);
  if (query.scope.kind === 'user') conditions.unshift(sql`p.user_id = ${query.scope.id}`);
  const { rows } = await sql<FeedRow>`
    SELECT ${columns} FROM ${from}
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${order} LIMIT ${query.take}`.execute(prepared(db));
  return rows;
}

/** The same ordering on the merged rows of several communities (their columns, without the alias). */
function outerOrder(sort: FeedSort): string {
  switch (sort) {
    case 'latest':
      return 'f.id DESC';
    case 'hot':
      return 'f.hotness DESC, f.id DESC';
    case 'activity':
      return 'f.last_activity_at DESC, f.id DESC';
    default:
      return 'f.points DESC, f.id DESC';
  }
}

/** Modtools feeds: deleted, or locked and not deleted, newest first, by page (DOMAIN §2.9). */
export async function modtoolsPage(
  db: Kysely<DB>,
  query: { communityId: string; filter: 'deleted' | 'locked'; limit: number; offset: number },
): Promise<{ rows: PostRow[]; total: number }> {
  let base = db.selectFrom('posts').where('community_id', '=', query.communityId);
  base =
    query.filter === 'deleted'
      ? base.where('deleted', '=', true)
      : base.where('deleted', '=', false).where('locked', '=', true);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** The communities a user belongs to, or moderates: the scopes of the Subscriptions and Moderating feeds. */
export async function memberCommunityIds(
  db: Kysely<DB>,
  userId: string,
  moderatedOnly: boolean,
): Promise<string[]> {
  const named = prepared(db);
  const rows = moderatedOnly
    ? await named.selectFrom('community_mods').select('community_id').where('user_id', '=', userId).execute()
    : await named
        .selectFrom('community_members')
        .select('community_id')
        .where('user_id', '=', userId)
        .execute();
  return rows.map((r) => r.community_id);
}

/** What one member sees of one post beyond what every guest sees, with the post's live counters. */
export interface MemberPostState {
  id: string;
  deleted: boolean;
  upvotes: number;
  downvotes: number;
  hotness: number;
  no_comments: number;
  last_activity_at: Date;
  /** The member's vote: true up, false down, null none. */
  vote: boolean | null;
  hidden: boolean;
  author_muted: boolean;
  community_muted: boolean;
  /** The post holds one of the member's muted words (false when `words` was not asked for). */
  worded: boolean;
  last_visited_at: Date | null;
  new_comments: number;
  /** The author's counters as they are now (votes move their points without clearing shared parts). */
  author_points: number;
  author_posts: number;
  author_comments: number;
}

/**
 * A member's state over these posts, in one statement: their vote, whether they hid the post or muted
 * its author, community or one of its words, their last visit and the comments by others since, and
 * the post's counters as they are now (shared pages may be a few seconds old; a member must see their
 * own vote counted at once). Posts that no longer exist are missing from the answer.
 */
export async function memberPostStates(
  db: Kysely<DB>,
  viewerId: string,
  postIds: readonly string[],
  words: boolean,
): Promise<Map<string, MemberPostState>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await sql<MemberPostState>`
    SELECT p.id, p.deleted, p.upvotes, p.downvotes, p.hotness, p.no_comments, p.last_activity_at,
      v.up AS vote,
      EXISTS (SELECT 1 FROM hidden_posts h WHERE h.user_id = ${viewerId} AND h.post_id = p.id) AS hidden,
      EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${viewerId} AND m.muted_user_id = p.user_id) AS author_muted,
      EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${viewerId} AND mc.community_id = p.community_id) AS community_muted,
      ${words ? mutedWordsHide(viewerId) : sql`false`} AS worded,
      pv.last_visited_at,
      CASE WHEN pv.last_visited_at IS NULL THEN 0 ELSE (
        SELECT count(*)::int FROM comments c
        WHERE c.post_id = p.id AND c.created_at >= pv.last_visited_at
          AND c.user_id <> ${viewerId} AND c.deleted_at IS NULL
      ) END AS new_comments,
      u.points AS author_points, u.no_posts AS author_posts, u.no_comments AS author_comments
    FROM posts p
    -- One primary-key lookup per post each (LIMIT keeps the planner from turning them into joins that
    -- read a member's every visit, or every user, to find the page's few).
    CROSS JOIN LATERAL (SELECT u.points, u.no_posts, u.no_comments FROM users u WHERE u.id = p.user_id LIMIT 1) u
    LEFT JOIN LATERAL (SELECT v.up FROM post_votes v WHERE v.post_id = p.id AND v.user_id = ${viewerId} LIMIT 1) v ON true
    LEFT JOIN LATERAL (
      SELECT pv.last_visited_at FROM post_visits pv WHERE pv.post_id = p.id AND pv.user_id = ${viewerId} LIMIT 1
    ) pv ON true
    WHERE p.id = ANY(${[...new Set(postIds)]}::hex24[])`.execute(prepared(db));
  return new Map(rows.map((row) => [row.id, row]));
}
