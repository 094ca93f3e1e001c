import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { CommentRow } from '../comments/comments.repository.js';
import type { CommunityRow } from '../communities/communities.repository.js';
import { mutedPatterns, mutedWordsHide } from '../feeds/feeds.repository.js';
import type { PostRow } from '../posts/posts.repository.js';

/*
 * Built-in search over the documents of migration 0012 (docs/decisions.md, "Search"). Every value
 * reaches SQL as a parameter: the query text only through websearch_to_tsquery, which accepts any text.
 */

/** Where the next page starts: the last row's score (and the page-1 time the scores were taken at) or id. */
export type SearchCursor =
  { sort: 'new'; id: string } | { sort: 'relevance'; score: number; at: number; id: string };

export interface SearchPageQuery {
  /** The tsquery's text form (from toTsQuery); empty: no words, the filters alone decide. */
  tsquery: string;
  sort: 'relevance' | 'new';
  cursor: SearchCursor | null;
  /** The time the recency boost measures from (ms): fixed on page 1, carried by the cursor. */
  at: number;
  take: number;
  viewerId: string | null;
}

export interface ContentFilters {
  communityId: string | null;
  authorId: string | null;
  postType: 'text' | 'image' | 'link' | null;
  since: Date | null;
}

/** Marks around matched words in ts_headline's output: private-use characters, removed from the text first. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
const MARKS = MARK_START + MARK_END;

function headlineOptions(whole: boolean): string {
  const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
  return whole
    ? `${marks}, HighlightAll=true`
    : `${marks}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "`;
}

/** Texts up to this long are shown whole; longer ones as fragments around the matches. */
const WHOLE_UP_TO = 300;

/** Text with the marks dropped, highlighted when there are words (else the text itself, or its start). */
function headline(column: RawBuilder<unknown>, tsquery: string, whole: boolean): RawBuilder<string> {
  const clean = sql`translate(coalesce(${column}, ''), ${MARKS}, '')`;
  if (!tsquery) return whole ? sql<string>`${clean}` : sql<string>`left(${clean}, ${WHOLE_UP_TO})`;
  if (whole)
    return sql<string>`ts_headline('english', ${clean}, ${tsquery}::tsquery, ${headlineOptions(true)})`;
  return sql<string>`CASE WHEN char_length(${clean}) <= ${WHOLE_UP_TO}
    THEN ts_headline('english', ${clean}, ${tsquery}::tsquery, ${headlineOptions(true)})
    ELSE ts_headline('english', ${clean}, ${tsquery}::tsquery, ${headlineOptions(false)}) END`;
}

/** The query text as a tsquery, in text form; '' when it holds no searchable word (stop words, operators). */
export async function toTsQuery(db: Kysely<DB>, text: string): Promise<string> {
  if (!text.trim()) return '';
  const { rows } = await sql<{
    q: string;
  }>`SELECT websearch_to_tsquery('english', ${text})::text AS q`.execute(db);
  return rows[0]?.q ?? '';
}

/** Seconds in a week: a post that old gets half the boost of a new one (decisions, "Search"). */
const BOOST_WEEK = 604800;

function recencyScore(doc: RawBuilder<unknown>, tsquery: string, at: number, created: RawBuilder<unknown>) {
  return sql`ts_rank(${doc}, ${tsquery}::tsquery, 1)::float8 * (1 + 1 / (1 + greatest(0, extract(epoch FROM (to_timestamp(${at / 1000}::float8) - ${created}))::float8) / ${BOOST_WEEK}))`;
}

/** The keyset condition and order on the inner result `r` (with `score` and `id`). */
function paging(query: SearchPageQuery): { after: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const relevance = query.sort === 'relevance' && query.tsquery !== '';
  const cursor = query.cursor;
  let after = sql`true`;
  if (relevance && cursor?.sort === 'relevance') {
    after = sql`(r.score, r.id) <= (${cursor.score}::float8, ${cursor.id}::hex24)`;
  } else if (!relevance && cursor?.sort === 'new') {
    after = sql`r.id <= ${cursor.id}`;
  }
  return { after, order: relevance ? sql`r.score DESC, r.id DESC` : sql`r.id DESC` };
}

/** What a reader may see of a post, or a comment's post (`p`), by author (`u`) and community (`co`). */
function visible(): RawBuilder<unknown> {
  return sql`NOT p.deleted AND u.deleted_at IS NULL AND u.banned_at IS NULL AND co.deleted_at IS NULL`;
}

function contentFilters(filters: ContentFilters, row: 'p' | 'c'): RawBuilder<unknown>[] {
  const on = sql.raw(row);
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.communityId) conditions.push(sql`${on}.community_id = ${filters.communityId}`);
  if (filters.authorId) conditions.push(sql`${on}.user_id = ${filters.authorId}`);
  if (filters.postType) conditions.push(sql`p.type = ${filters.postType}`);
  if (filters.since) conditions.push(sql`${on}.created_at >= ${filters.since}`);
  return conditions;
}

/** A member's mutes: authors (of `row`) and communities. */
function mutes(viewer: string, row: 'p' | 'c'): RawBuilder<unknown>[] {
  const on = sql.raw(row);
  return [
    sql`NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${viewer} AND m.muted_user_id = ${on}.user_id)`,
    sql`NOT EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${viewer} AND mc.community_id = ${on}.community_id)`,
  ];
}

export type PostHit = PostRow & { score: number; title_hl: string; body_hl: string };

/** One page of posts that match, as the reader may see them. */
export async function searchPosts(
  db: Kysely<DB>,
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<PostHit[]> {
  const conditions = [visible(), ...contentFilters(filters, 'p')];
  if (query.tsquery) conditions.push(sql`s.doc @@ ${query.tsquery}::tsquery`);
  if (query.viewerId)
    conditions.push(...mutes(query.viewerId, 'p'), sql`NOT ${mutedWordsHide(query.viewerId)}`);
  const score = query.tsquery
    ? recencyScore(sql`s.doc`, query.tsquery, query.at, sql`p.created_at`)
    : sql`0::float8`;
  // Without words, posts come straight from the posts table; with them, from the matches' index.
  const from = query.tsquery ? sql`post_search s JOIN posts p ON p.id = s.post_id` : sql`posts p`;
  const { after, order } = paging(query);
  const { rows } = await sql<PostHit>`
    SELECT r.*, ${headline(sql`r.title`, query.tsquery, true)} AS title_hl,
      ${headline(sql`r.body`, query.tsquery, false)} AS body_hl
    FROM (
      SELECT r.* FROM (
        SELECT p.*, ${score} AS score
        FROM ${from}
        JOIN users u ON u.id = p.user_id
        JOIN communities co ON co.id = p.community_id
        WHERE ${sql.join(conditions, sql` AND `)}
      ) r
      WHERE ${after}
      ORDER BY ${order} LIMIT ${query.take}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

export type CommentHit = CommentRow & { score: number; body_hl: string };

/** One page of comments that match, as the reader may see them (not under removed posts either). */
export async function searchComments(
  db: Kysely<DB>,
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<CommentHit[]> {
  const conditions = [visible(), sql`c.deleted_at IS NULL`, ...contentFilters(filters, 'c')];
  if (query.tsquery) conditions.push(sql`s.doc @@ ${query.tsquery}::tsquery`);
  if (query.viewerId) {
    conditions.push(...mutes(query.viewerId, 'c'));
    // Muted words, on the comment's own text: the same whole-word expression the feeds use.
    conditions.push(sql`NOT coalesce(lower(c.body) ~ ${mutedPatterns(query.viewerId, sql`true`)}, false)`);
  }
  const score = query.tsquery
    ? recencyScore(sql`s.doc`, query.tsquery, query.at, sql`c.created_at`)
    : sql`0::float8`;
  const from = query.tsquery ? sql`comment_search s JOIN comments c ON c.id = s.comment_id` : sql`comments c`;
  const { after, order } = paging(query);
  const { rows } = await sql<CommentHit>`
    SELECT r.*, ${headline(sql`r.body`, query.tsquery, false)} AS body_hl
    FROM (
      SELECT r.* FROM (
        SELECT c.*, ${score} AS score
        FROM ${from}
        JOIN posts p ON p.id = c.post_id
        JOIN users u ON u.id = c.user_id
        JOIN communities co ON co.id = c.community_id
        WHERE ${sql.join(conditions, sql` AND `)}
      ) r
      WHERE ${after}
      ORDER BY ${order} LIMIT ${query.take}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

export type CommunityHit = CommunityRow & { score: number; name_hl: string; about_hl: string };

/** Communities whose name or about text match (not deleted; not muted by the member). Needs words. */
export async function searchCommunities(db: Kysely<DB>, query: SearchPageQuery): Promise<CommunityHit[]> {
  const conditions: RawBuilder<unknown>[] = [
    sql`co.deleted_at IS NULL`,
    sql`community_search_doc(co.name, co.about) @@ ${query.tsquery}::tsquery`,
  ];
  if (query.viewerId) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${query.viewerId} AND mc.community_id = co.id)`,
    );
  }
  const { after, order } = paging(query);
  const { rows } = await sql<CommunityHit>`
    SELECT r.*, ${headline(sql`r.name`, query.tsquery, true)} AS name_hl,
      ${headline(sql`r.about`, query.tsquery, false)} AS about_hl
    FROM (
      SELECT r.* FROM (
        SELECT co.*, ts_rank(community_search_doc(co.name, co.about), ${query.tsquery}::tsquery, 1)::float8 AS score
        FROM communities co
        WHERE ${sql.join(conditions, sql` AND `)}
      ) r
      WHERE ${after}
      ORDER BY ${order} LIMIT ${query.take}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

export interface UserHit {
  id: string;
  username: string;
  points: number;
  created_at: Date;
  score: number;
  username_hl: string;
  about_hl: string;
}

/** Users whose name or about text match (not deleted or banned; not muted by the member). Needs words. */
export async function searchUsers(db: Kysely<DB>, query: SearchPageQuery): Promise<UserHit[]> {
  const conditions: RawBuilder<unknown>[] = [
    sql`u.deleted_at IS NULL AND u.banned_at IS NULL`,
    sql`user_search_doc(u.username, u.about_me) @@ ${query.tsquery}::tsquery`,
  ];
  if (query.viewerId) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${query.viewerId} AND m.muted_user_id = u.id)`,
    );
  }
  const { after, order } = paging(query);
  const { rows } = await sql<UserHit>`
    SELECT r.id, r.username, r.points, r.created_at, r.score,
      ${headline(sql`r.username`, query.tsquery, true)} AS username_hl,
      ${headline(sql`r.about_me`, query.tsquery, false)} AS about_hl
    FROM (
      SELECT r.* FROM (
        SELECT u.id, u.username, u.about_me, u.points, u.created_at,
          ts_rank(user_search_doc(u.username, u.about_me), ${query.tsquery}::tsquery, 1)::float8 AS score
        FROM users u
        WHERE ${sql.join(conditions, sql` AND `)}
      ) r
      WHERE ${after}
      ORDER BY ${order} LIMIT ${query.take}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

/** A community's id by name (any case), when it exists and is not deleted. */
export async function communityIdByName(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('communities')
    .select('id')
    .where('name_lc', '=', sql<string>`lower(${name})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A user's id by name (any case). */
export async function userIdByName(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lc', '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
  return row?.id ?? null;
}
