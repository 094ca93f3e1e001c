import { sql, type Kysely, type RawBuilder } from 'kysely';
import { prepared } from '../db/named-statements.js';
import type { DB } from '../db/schema.js';
import type { CommentRow } from '../comments/comments.repository.js';
import type { CommunityRow } from '../communities/communities.repository.js';
import { mutedPatterns, mutedWordsHide } from '../feeds/feeds.repository.js';
import type { PostRow } from '../posts/posts.repository.js';
import { SYSTEM_ACCOUNTS } from '../site/seed.js';

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
  /**
   * Communities and users only: the query as the start of a name (lower case, name characters only),
   * or null. A name is found while it is being typed, which its stemmed words cannot do.
   */
  namePrefix: string | null;
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
  /** Communities and authors left out (`-community:`, `-author:`). */
  notCommunityIds: string[];
  notAuthorIds: string[];
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

/**
 * Stands for `<` while ts_headline reads a text: its parser takes `<…>` for a tag, and fragments leave
 * tags out, so "the <div> element" would lose its `<div>` in a long text and keep it in a short one.
 */
const LT = '\uE002';

/**
 * The words to mark: any of the query's required words, wherever each is. Given the query itself,
 * ts_headline builds fragments only around places that hold all of its words, so a word found only in
 * the title left the body's fragments without any match.
 */
function highlightQuery(tsquery: string): string {
  const words = requiredWords(tsquery);
  return words.length ? words.map((w) => `'${w.replaceAll("'", "''")}'`).join(' | ') : tsquery;
}

/** Text with the marks dropped, highlighted when there are words (else the text itself, or its start). */
function headline(column: RawBuilder<unknown>, tsquery: string, whole: boolean): RawBuilder<string> {
  if (!tsquery) {
    const clean = sql`translate(coalesce(${column}, ''), ${MARKS}, '')`;
    return whole ? sql<string>`${clean}` : sql<string>`left(${clean}, ${WHOLE_UP_TO})`;
  }
  // `<` becomes LT (and any LT or mark in the text goes), then comes back in what ts_headline gives.
  const clean = sql`translate(coalesce(${column}, ''), ${'<' + MARKS + LT}, ${LT})`;
  const words = highlightQuery(tsquery);
  const marked = (options: string) => sql`ts_headline('english', ${clean}, ${words}::tsquery, ${options})`;
  const restored = (text: RawBuilder<unknown>) => sql<string>`translate(${text}, ${LT}, '<')`;
  if (whole) return restored(marked(headlineOptions(true)));
  return restored(sql`CASE WHEN char_length(${clean}) <= ${WHOLE_UP_TO}
    THEN ${marked(headlineOptions(true))} ELSE ${marked(headlineOptions(false))} END`);
}

/**
 * How many query texts a process keeps the tsquery of. The text alone decides it (the `english`
 * configuration changes only with the server's files), and people search for the same words again and
 * again; a kept one saves a statement's round trip per search.
 */
const TSQUERIES_KEPT = 2000;

const tsQueries = new WeakMap<Kysely<DB>, Map<string, Promise<string>>>();

/**
 * The query text as a tsquery, in text form; '' when it holds no searchable word (stop words,
 * operators). The most recently asked TSQUERIES_KEPT are kept, and one asked while it is being made
 * waits for that answer.
 */
export function toTsQuery(db: Kysely<DB>, text: string): Promise<string> {
  if (!text.trim()) return Promise.resolve('');
  let kept = tsQueries.get(db);
  if (!kept) {
    kept = new Map();
    tsQueries.set(db, kept);
  }
  const known = kept.get(text);
  if (known) {
    // The Map keeps insertion order: taken out and put back, it is the newest, last to be dropped.
    kept.delete(text);
    kept.set(text, known);
    return known;
  }
  const made = readTsQuery(db, text);
  kept.set(text, made);
  made.catch(() => kept.delete(text));
  if (kept.size > TSQUERIES_KEPT) kept.delete(kept.keys().next().value!);
  return made;
}

/**
 * The text as the parser should read it. Dashes that exclude nothing go: a run of them (a separator, a
 * markdown rule) and one before a space or the end; websearch_to_tsquery keeps each as an operator,
 * and more than 32 in a row overflow its stack (an error instead of a search). Every `<` is a space,
 * as in the documents (migration 0017): the parser reads `<…>` as an HTML tag and drops it.
 */
function parserReadable(text: string): string {
  return text
    .replace(/-{2,}/gu, ' ')
    .replace(/-(?=\s|$)/gu, ' ')
    .replaceAll('<', ' ');
}

async function readTsQuery(db: Kysely<DB>, text: string): Promise<string> {
  const words = parserReadable(text);
  try {
    const { rows } = await sql<{
      q: string;
    }>`SELECT websearch_to_tsquery('english', ${words})::text AS q`.execute(prepared(db));
    return rows[0]?.q ?? '';
  } catch (err) {
    // Any other text it cannot read (its only errors are of that kind: XX000) is searched for as words
    // alone, without operators: search never fails on what is typed (issue 16).
    if ((err as { code?: unknown }).code !== 'XX000') throw err;
    const { rows } = await sql<{
      q: string;
    }>`SELECT plainto_tsquery('english', ${words})::text AS q`.execute(db);
    return rows[0]?.q ?? '';
  }
}

/** Seconds in a week: a post that old gets half the boost of a new one (decisions, "Search"). */
const BOOST_WEEK = 604800;

function recencyScore(doc: RawBuilder<unknown>, tsquery: string, at: number, created: RawBuilder<unknown>) {
  return sql`ts_rank(${doc}, ${tsquery}::tsquery, 1)::float8 * (1 + 1 / (1 + greatest(0, extract(epoch FROM (to_timestamp(${at / 1000}::float8) - ${created}))::float8) / ${BOOST_WEEK}))`;
}

/** Whether the query has anything to rank by: words, or the start of a name. */
export function hasWords(query: Pick<SearchPageQuery, 'tsquery' | 'namePrefix'>): boolean {
  return query.tsquery !== '' || query.namePrefix !== null;
}

/** The keyset condition and order on the inner result `r` (with `score` and `id`). */
function paging(query: SearchPageQuery): { after: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const relevance = query.sort === 'relevance' && hasWords(query);
  const cursor = query.cursor;
  let after = sql`true`;
  if (relevance && cursor?.sort === 'relevance') {
    after = sql`(r.score, r.id) <= (${cursor.score}::float8, ${cursor.id}::hex24)`;
  } else if (!relevance && cursor?.sort === 'new') {
    after = sql`r.id <= ${cursor.id}`;
  }
  return { after, order: relevance ? sql`r.score DESC, r.id DESC` : sql`r.id DESC` };
}

/** What a reader may see of a post (`p`), by author (`u`) and community (`co`). */
function visible(): RawBuilder<unknown> {
  return sql`NOT p.deleted AND u.deleted_at IS NULL AND u.banned_at IS NULL AND co.deleted_at IS NULL`;
}

/**
 * Whether a comment's post (`p`) leaves its comments out: removed by moderators or admins, or its
 * content purged by them after its author deleted it. A post its author deleted keeps its comments on
 * its page, and so in search.
 */
function postRemoved(p: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(${p}.deleted AND (${p}.deleted_as IS DISTINCT FROM 'normal' OR coalesce(${p}.deleted_content_as IN ('mods', 'admins'), false)))`;
}

function contentFilters(filters: ContentFilters, row: 'p' | 'c'): RawBuilder<unknown>[] {
  const on = sql.raw(row);
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.communityId) conditions.push(sql`${on}.community_id = ${filters.communityId}`);
  if (filters.authorId) conditions.push(sql`${on}.user_id = ${filters.authorId}`);
  conditions.push(...leftOut(filters, on));
  if (filters.postType) conditions.push(sql`p.type = ${filters.postType}`);
  if (filters.since) conditions.push(sql`${on}.created_at >= ${filters.since}`);
  return conditions;
}

/** The communities and authors a search leaves out, on `row`'s columns. */
function leftOut(filters: ContentFilters, row: RawBuilder<unknown>): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (filters.notCommunityIds.length)
    out.push(sql`${row}.community_id <> ALL(${filters.notCommunityIds}::text[])`);
  if (filters.notAuthorIds.length) out.push(sql`${row}.user_id <> ALL(${filters.notAuthorIds}::text[])`);
  return out;
}

/** A member's mutes: the authors and communities of `row` (an alias or a derived table's name). */
function mutes(viewer: string, row: RawBuilder<unknown>): RawBuilder<unknown>[] {
  return [
    sql`NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${viewer} AND m.muted_user_id = ${row}.user_id)`,
    sql`NOT EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${viewer} AND mc.community_id = ${row}.community_id)`,
  ];
}

/** The rows of `rows` (with `score` and `id`) past the cursor, in the page's order, to the page's size. */
function pageOf(query: SearchPageQuery, rows: RawBuilder<unknown>): RawBuilder<unknown> {
  const { after, order } = paging(query);
  return sql`SELECT r.* FROM (${rows}) r WHERE ${after} ORDER BY ${order} LIMIT ${query.take}`;
}

/*
 * Posts and comments with words (docs/decisions.md §44, "Candidates"): the side tables of migration 0014
 * choose the rows, the GIN index on (doc, tags) narrowing each step to a span of creation weeks, newest
 * span first, and a later span read only when the earlier ones did not fill what is needed.
 * - relevance ranks at most RANKED candidates: the newest that match and pass the row's own filters;
 * - new walks the matches newest first and stops at the page.
 * Checks that depend on other rows (author, community, a comment's post, mutes) run after that, one
 * primary-key lookup per row, in the order of the result, until the page is full.
 */

/** How many of the newest matches relevance ranks (decisions §44: what the cap means for relevance). */
export const RANKED = 1000;

const DAY_MS = 86_400_000;
const DAY_NS = 86_400_000_000_000n;
const WEEK_NS = 7n * DAY_NS;

/**
 * Spans before the last (which reaches back to the start), newest first: the last day, back to a week,
 * then doubling to 16 weeks. A span is read whole from the heap and sorted to keep what is still
 * wanted, so each step's length bounds how much it reads in vain: steps of four (4 weeks to 16) read
 * 1,195 rows to keep 189 for 'bike cheap' at 1M posts; doubling took 5–13% off two-word searches'
 * PostgreSQL time, whose matches are few a week (docs/performance.md, 2026-11-29).
 */
const SPANS_MS = [DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 28 * DAY_MS, 56 * DAY_MS, 112 * DAY_MS];
/** A span this short or shorter names its days in the index (migration 0016), a longer one its weeks. */
const DAY_TAGS_UP_TO_MS = 8 * DAY_MS;
/** Up to this many week tags in one span's index condition (a year's window); more: the ids alone bound it. */
const MAX_WEEKS = 60n;

/** The smallest id of an instant (ids start with their time in ns: lib/ids.ts), as a bound to compare. */
function idAt(ms: number): string {
  return (BigInt(Math.max(0, Math.floor(ms))) * 1_000_000n).toString(16).padStart(16, '0') + '00000000';
}

/** The day or week tags (`'d…'`, `'w…'`) of the rows made from `fromMs` to `toMs`, null when too many. */
function timeTags(fromMs: number, toMs: number): string | null {
  const [unit, prefix] = toMs - fromMs <= DAY_TAGS_UP_TO_MS ? [DAY_NS, 'd'] : [WEEK_NS, 'w'];
  const first = (BigInt(Math.max(0, Math.floor(fromMs))) * 1_000_000n) / unit;
  const last = (BigInt(Math.max(0, Math.floor(toMs))) * 1_000_000n) / unit;
  // Far more weeks than the span's own (a clock behind the ids' time) would only slow the index.
  if (last - first > MAX_WEEKS) return null;
  const tags: string[] = [];
  for (let n = first; n <= last; n++) tags.push(`'${prefix}${n}'`);
  return `(${tags.join(' | ')})`;
}

interface Span {
  /** Ids from (inclusive), null: from the start. */
  from: string | null;
  /** The tags query for the span's days or weeks (with the filters' tags), null: none. */
  tags: string | null;
}

/**
 * The spans newest first, from `end` (ms) back: each names its days or weeks (and the filters' tags)
 * for the index, and its lower bound for the rows. A time window starts the last span at its bound.
 * The first span reaches up to `newest`, the time of the newest row the query may return.
 */
function spans(end: number, newest: number, filters: ContentFilters, backs: number[] = SPANS_MS): Span[] {
  const fixed: string[] = [];
  if (filters.communityId) fixed.push(`'c${filters.communityId}'`);
  if (filters.authorId) fixed.push(`'u${filters.authorId}'`);
  if (filters.postType) fixed.push(`'t${filters.postType}'`);
  const since = filters.since?.getTime() ?? null;
  const tagsOf = (time: string | null) => {
    const all = [...(time ? [time] : []), ...fixed];
    return all.length ? all.join(' & ') : null;
  };
  const out: Span[] = [];
  // The newest span's tags run a day past the newest row there can be (clocks differ).
  let to = newest + DAY_MS;
  for (const back of backs) {
    const fromMs = end - back;
    if (since !== null && since >= fromMs) break;
    out.push({ from: idAt(fromMs), tags: tagsOf(timeTags(fromMs, to)) });
    to = fromMs;
  }
  // The last span: to the start, or to the time window's start (its days or weeks named when few).
  out.push({
    from: since !== null ? idAt(since) : null,
    tags: tagsOf(since !== null ? timeTags(since, to) : null),
  });
  return out;
}

/**
 * Below this many matches in all, one span reads them all at once: every span reads the words' entries
 * in the index again, and when each match must hold several words, a week holds few of them and the
 * spans go back to the start (four spans, 4–13 ms each, for two words in 10M comments, against 13 ms
 * for one read of everything).
 */
const FEW_MATCHES = 3 * RANKED;

/**
 * Index entries of the words (rows × the words' shares, summed) below which the spans re-read them
 * cheaply enough that one read of everything is taken only when the matches are surely few. Set from
 * generated data, two words: 1M posts (most pairs under 150,000 entries; the independent estimate 2–3
 * times low) served 1.4 times as many searches with the spans, and 10M comments (200,000–250,000
 * entries; the estimate close) 1.25 times as many with one read (docs/performance.md). A real site's
 * words are less alike than the generator's: this is a guess at where the two costs cross, not a rule.
 */
const CHEAP_REREAD = 200_000;

/** What PostgreSQL's statistics say of a search table's documents (`ANALYZE`, pg_stats). */
export interface WordStats {
  /** The table's rows. */
  rows: number;
  /** The share of rows that hold each common word (lexeme). */
  share: Map<string, number>;
  /** The share taken for a word not among them: half the least common one's. */
  rare: number;
}

/** The words a tsquery's text requires: its lexemes, but those negated alone or in a negated group. */
export function requiredWords(tsquery: string): string[] {
  const words: string[] = [];
  const negatedDepths: number[] = [];
  let depth = 0;
  let negate = false;
  const token = /!|\(|\)|'((?:[^']|'')*)'(?::[*A-D]+)?|[^!()']+/gu;
  for (const [all, lexeme] of tsquery.matchAll(token)) {
    if (all === '!') {
      negate = true;
    } else if (all === '(') {
      depth++;
      if (negate) negatedDepths.push(depth);
      negate = false;
    } else if (all === ')') {
      if (negatedDepths.at(-1) === depth) negatedDepths.pop();
      depth--;
    } else if (lexeme !== undefined) {
      if (!negate && negatedDepths.length === 0) words.push(lexeme.replaceAll("''", "'"));
      negate = false;
    }
  }
  return words;
}

/**
 * Whether the tsquery matches a document that holds none of its words (`!'cat'`, `'cat' | !'dog'`):
 * such a query has nothing to look for, and every document the other filters let through would be a
 * candidate, which the word index cannot narrow. Its text is read as PostgreSQL writes it (`!` binds
 * tightest, then phrases `<->` and `<N>`, then `&`, then `|`), each word taken as absent; a phrase is
 * read as both its sides at once, which can only count more queries as matching such a document.
 */
export function matchesWithoutItsWords(tsquery: string): boolean {
  const tokens = [...tsquery.matchAll(/!|&|\||<(?:-|\d+)>|\(|\)|'(?:[^']|'')*'(?::[*A-D]+)?/gu)].map(
    (m) => m[0],
  );
  let at = 0;
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === '|') {
      at++;
      const right = and();
      value = value || right;
    }
    return value;
  };
  const and = (): boolean => {
    let value = phrase();
    while (tokens[at] === '&') {
      at++;
      const right = phrase();
      value = value && right;
    }
    return value;
  };
  const phrase = (): boolean => {
    let value = not();
    while (tokens[at]?.startsWith('<')) {
      at++;
      const right = not();
      value = value && right;
    }
    return value;
  };
  const not = (): boolean => {
    const token = tokens[at++];
    if (token === '!') return !not();
    if (token === '(') {
      const value = or();
      at++; // ')'
      return value;
    }
    return false; // a word, absent
  };
  return tsquery.trim() !== '' && or();
}

/** Whether every match must hold several words (and no `or` widens it): only then may one span read all. */
function severalWordsAnded(tsquery: string): boolean {
  return !tsquery.includes('|') && requiredWords(tsquery).length >= 2;
}

/**
 * Whether relevance reads every match of several words in one span: when the statistics show that few
 * rows can match (the least common word's rows bound them, whatever the words' correlation), or, when
 * the spans would re-read many index entries (CHEAP_REREAD), when few are expected with the words
 * independent. At 1M generated posts that estimate (the planner's too) was 2–3 times below the matches
 * in 25 of 30 pairs (2,700 expected, 7,100 read from the heap), where the spans read 1,000–2,000 rows.
 * Or queries (`|`), single words and a missing `ANALYZE`: the spans.
 */
export function readsAllAtOnce(tsquery: string, stats: WordStats | null): boolean {
  if (!stats || stats.rows <= 0 || !severalWordsAnded(tsquery)) return false;
  const words = requiredWords(tsquery);
  const shares = words.map((w) => stats.share.get(w) ?? stats.rare);
  const atMost = stats.rows * Math.min(...shares);
  if (atMost < FEW_MATCHES) return true;
  const entries = stats.rows * shares.reduce((a, b) => a + b, 0);
  const independent = stats.rows * shares.reduce((a, b) => a * b, 1);
  return entries >= CHEAP_REREAD && independent < FEW_MATCHES;
}

/** How long a process keeps a table's word statistics: they change only when the table is analysed. */
const STATS_FOR_MS = 10 * 60_000;

type KeptStats = Map<string, { until: number; stats: Promise<WordStats | null> }>;

const statsCache = new WeakMap<Kysely<DB>, KeptStats>();

/** The word statistics of a search table, kept for STATS_FOR_MS; null when it was never analysed. */
function wordStats(db: Kysely<DB>, table: 'post_search' | 'comment_search'): Promise<WordStats | null> {
  let tables = statsCache.get(db);
  if (!tables) {
    tables = new Map();
    statsCache.set(db, tables);
  }
  const kept = tables.get(table);
  if (kept && kept.until > Date.now()) return kept.stats;
  // Statistics that cannot be read change only the speed: the spans, which are right for any query.
  const stats = readWordStats(db, table).catch(() => null);
  tables.set(table, { until: Date.now() + STATS_FOR_MS, stats });
  return stats;
}

async function readWordStats(db: Kysely<DB>, table: string): Promise<WordStats | null> {
  const { rows } = await sql<{ rows: number; words: string[] | null; shares: number[] | null }>`
    SELECT c.reltuples::float8 AS rows, s.most_common_elems::text::text[] AS words,
      s.most_common_elem_freqs AS shares
    FROM pg_class c
    LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = c.relname AND s.attname = 'doc'
    WHERE c.oid = to_regclass(${table})`.execute(db);
  const row = rows[0];
  if (!row?.words?.length || !row.shares || row.rows <= 0) return null;
  const share = new Map<string, number>();
  row.words.forEach((word, i) => share.set(word, row.shares![i]!));
  return { rows: row.rows, share, rare: Math.min(...share.values()) / 2 };
}

/** The spans of a query: one when it ranks several words that few rows match (readsAllAtOnce). */
async function spansOf(
  db: Kysely<DB>,
  table: 'post_search' | 'comment_search',
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<Span[]> {
  const end = spanEnd(query);
  // Rows made after page 1 of relevance (whose `end` stays) belong to the newest span too; a later page
  // of new returns nothing newer than its cursor.
  const newest = query.sort === 'new' && query.cursor?.sort === 'new' ? end : Math.max(end, Date.now());
  // By new, the newest span usually holds the page already: only relevance, which wants RANKED
  // candidates, may read everything.
  // One word always takes the spans: only several need the statistics.
  if (query.sort === 'new' || !severalWordsAnded(query.tsquery)) return spans(end, newest, filters);
  const once = readsAllAtOnce(query.tsquery, await wordStats(db, table));
  return spans(end, newest, filters, once ? [] : SPANS_MS);
}

/**
 * Rows of `table` that match and pass the row's own filters, newest first, span by span: each span is
 * read only while the earlier ones gave fewer than `want` (a SQL expression, the same in every span),
 * `pass` keeping those that count. Gives the CTEs and the name of their union.
 */
function spanned(
  { table, id: idColumn }: SearchTable,
  tsquery: string,
  rowFilters: RawBuilder<unknown>[],
  list: Span[],
  select: RawBuilder<unknown>,
  want: RawBuilder<unknown>,
  pass: ((inner: RawBuilder<unknown>) => RawBuilder<unknown>) | null,
): RawBuilder<unknown> {
  const id = sql.ref(`s.${idColumn}`);
  const ctes: RawBuilder<unknown>[] = [];
  let upper: string | null = null;
  list.forEach((span, i) => {
    const conditions = [sql`s.doc @@ ${tsquery}::tsquery`, ...rowFilters];
    if (span.tags) conditions.push(sql`s.tags @@ ${span.tags}::tsquery`);
    // The bounds are filters, not index conditions (`|| ''`): as index conditions PostgreSQL ANDs the
    // primary key's range, read entry by entry (a week of comments: 450,000 entries, 19 of a 43 ms query
    // at 10M comments), into the GIN's bitmap, which the span's week tags already narrow.
    if (span.from) conditions.push(sql`${id} || '' >= ${span.from}`);
    if (upper) conditions.push(sql`${id} || '' < ${upper}`);
    const earlier = Array.from(
      { length: i },
      (_, k) => sql`(SELECT count(*) FROM span${sql.raw(String(k))})`,
    );
    // In parentheses: the limit below is `want - (a + b)`, not `want - a + b`.
    const have = earlier.length ? sql`(${sql.join(earlier, sql` + `)})` : sql`0`;
    if (i > 0) conditions.push(sql`${have} < ${want}`);
    // The order is by an expression, not the id itself: ordered by the primary key, PostgreSQL (which
    // underestimates how many rows match several words) would walk the key backwards testing each
    // document, instead of taking the matches from the GIN index and sorting those.
    // OFFSET 0 keeps the later checks (pass) out of the scan: they run on the sorted rows, to the limit.
    const rows = sql`SELECT ${select} FROM ${sql.table(table)} s
      WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${id} || '' DESC`;
    const body = pass
      ? sql`SELECT * FROM (${rows} OFFSET 0) s WHERE ${pass(sql`s`)} LIMIT ${want} - ${have}`
      : sql`${rows} LIMIT ${want} - ${have}`;
    ctes.push(sql`span${sql.raw(String(i))} AS MATERIALIZED (${body})`);
    upper = span.from;
  });
  const union = sql.join(
    list.map((_, i) => sql`SELECT * FROM span${sql.raw(String(i))}`),
    sql` UNION ALL `,
  );
  return sql`${sql.join(ctes, sql`, `)}, matches AS (${union})`;
}

/** The row filters both tables keep (migration 0014): not removed, community, author, post type, time. */
function rowFilters(filters: ContentFilters, typeColumn: 'type' | 'post_type'): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [sql`NOT s.deleted`];
  if (filters.communityId) out.push(sql`s.community_id = ${filters.communityId}`);
  if (filters.authorId) out.push(sql`s.user_id = ${filters.authorId}`);
  out.push(...leftOut(filters, sql`s`));
  if (filters.postType) out.push(sql`s.${sql.raw(typeColumn)} = ${filters.postType}`);
  if (filters.since) out.push(sql`s.created_at >= ${filters.since}`);
  return out;
}

/**
 * What a reader may see of a row (`r`, with user_id and community_id) beyond its own flags: its author
 * and community, as scalar subqueries, so that each runs once per row reached (a join could read the
 * whole users table first).
 */
function othersVisible(r: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT u.deleted_at IS NULL AND u.banned_at IS NULL FROM users u WHERE u.id = ${r}.user_id)
    AND (SELECT co.deleted_at IS NULL FROM communities co WHERE co.id = ${r}.community_id)`;
}

/** The end the spans count back from: now, or for `new` the cursor's time (a later page starts there). */
function spanEnd(query: SearchPageQuery): number {
  if (query.sort === 'new' && query.cursor?.sort === 'new') {
    return Number(BigInt(`0x${query.cursor.id.slice(0, 16)}`) / 1_000_000n);
  }
  return query.at;
}

/**
 * The page of relevance from the candidates (`matches`): each scored once (after the newest were taken,
 * so only those are ranked), past the cursor, best first, then checked in that order until it is full.
 * The spans carry each row's place in `table` (`ctid`), not its document: their sorts move a few bytes
 * a row instead of hundreds, and only the kept rows' documents are read, each where it lies. In one
 * statement the places stay true: its snapshot keeps every version it read.
 */
function ranked(
  query: SearchPageQuery,
  table: SearchTable['table'],
  ctes: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  pass: (r: RawBuilder<unknown>) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const { after, order } = paging(query);
  const score = recencyScore(sql`d.doc`, query.tsquery, query.at, sql`m.created_at`);
  return sql`WITH ${ctes}
    SELECT r.id, r.score FROM (
      SELECT r.* FROM (
        SELECT ${columns}, ${score} AS score FROM matches m JOIN ${sql.table(table)} d ON d.ctid = m.place
      ) r
      WHERE ${after} ORDER BY ${order} OFFSET 0
    ) r
    WHERE ${pass(sql`r`)} LIMIT ${query.take}`;
}

/** A side table of migration 0014, and the columns of its rows that the later checks read. */
interface SearchTable {
  table: 'post_search' | 'comment_search';
  id: 'post_id' | 'comment_id';
  type: 'type' | 'post_type';
  /** Besides the id: the author and community (and a comment's post) that `pass` checks. */
  carried: string[];
}

const POSTS: SearchTable = {
  table: 'post_search',
  id: 'post_id',
  type: 'type',
  carried: ['user_id', 'community_id'],
};
const COMMENTS: SearchTable = {
  table: 'comment_search',
  id: 'comment_id',
  type: 'post_type',
  carried: ['post_id', 'user_id', 'community_id'],
};

/**
 * The ids (and scores) of one page of `t`'s rows that match the words, pass the filters and then
 * `pass` (the checks on other rows), in the page's order.
 */
async function matchingPage(
  db: Kysely<DB>,
  t: SearchTable,
  query: SearchPageQuery,
  filters: ContentFilters,
  pass: (r: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<RawBuilder<unknown>> {
  const list = await spansOf(db, t.table, query, filters);
  const id = sql.ref(`s.${t.id}`);
  const carried = (row: string) => sql.join(t.carried.map((c) => sql.ref(`${row}.${c}`)));
  const conditions = rowFilters(filters, t.type);
  if (query.sort === 'new') {
    if (query.cursor?.sort === 'new') conditions.push(sql`${id} <= ${query.cursor.id}`);
    const select = sql`${id} AS id, ${carried('s')}, 0::float8 AS score`;
    const ctes = spanned(t, query.tsquery, conditions, list, select, sql`${query.take}::bigint`, pass);
    return sql`WITH ${ctes} SELECT id, score FROM matches ORDER BY id DESC LIMIT ${query.take}`;
  }
  const select = sql`${id} AS id, ${carried('s')}, s.created_at, s.ctid AS place`;
  const ctes = spanned(t, query.tsquery, conditions, list, select, sql`${RANKED}::bigint`, null);
  return ranked(query, t.table, ctes, sql`m.id, ${carried('m')}`, pass);
}

export type PostHit = PostRow & { score: number; title_hl: string; body_hl: string };

/** One page of posts that match, as the reader may see them. */
export async function searchPosts(
  db: Kysely<DB>,
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<PostHit[]> {
  if (!query.tsquery) return listPosts(db, query, filters);
  const viewer = query.viewerId;
  const pass = (r: RawBuilder<unknown>) => {
    const all = [othersVisible(r)];
    if (viewer) {
      all.push(...mutes(viewer, r));
      all.push(sql`NOT (SELECT ${mutedWordsHide(viewer)} FROM posts p WHERE p.id = ${r}.id)`);
    }
    return sql.join(all, sql` AND `);
  };
  const page = await matchingPage(db, POSTS, query, filters, pass);
  const { order } = paging(query);
  const { rows } = await sql<PostHit>`
    SELECT p.*, r.score, ${headline(sql`p.title`, query.tsquery, true)} AS title_hl,
      ${headline(sql`p.body`, query.tsquery, false)} AS body_hl
    FROM (${page}) r JOIN posts p ON p.id = r.id
    ORDER BY ${order}`.execute(prepared(db));
  return rows;
}

/** Posts by the filters alone (no words), newest first, from the posts table and its indexes. */
async function listPosts(
  db: Kysely<DB>,
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<PostHit[]> {
  const conditions = [visible(), ...contentFilters(filters, 'p')];
  if (query.viewerId)
    conditions.push(...mutes(query.viewerId, sql`p`), sql`NOT ${mutedWordsHide(query.viewerId)}`);
  const { order } = paging(query);
  const { rows } = await sql<PostHit>`
    SELECT r.*, ${headline(sql`r.title`, '', true)} AS title_hl, ${headline(sql`r.body`, '', false)} AS body_hl
    FROM (
      ${pageOf(
        query,
        sql`SELECT p.*, 0::float8 AS score
        FROM posts p
        JOIN users u ON u.id = p.user_id
        JOIN communities co ON co.id = p.community_id
        WHERE ${sql.join(conditions, sql` AND `)}`,
      )}
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
  if (!query.tsquery) return listComments(db, query, filters);
  const viewer = query.viewerId;
  const pass = (r: RawBuilder<unknown>) => {
    const all = [
      othersVisible(r),
      sql`(SELECT NOT ${postRemoved(sql`p`)} FROM posts p WHERE p.id = ${r}.post_id)`,
    ];
    if (viewer) {
      all.push(...mutes(viewer, r));
      // Muted words, on the comment's own text: the same whole-word expression the feeds use.
      all.push(
        sql`NOT coalesce((SELECT lower(c.body) FROM comments c WHERE c.id = ${r}.id) ~ ${mutedPatterns(viewer, sql`true`)}, false)`,
      );
    }
    return sql.join(all, sql` AND `);
  };
  const page = await matchingPage(db, COMMENTS, query, filters, pass);
  const { order } = paging(query);
  const { rows } = await sql<CommentHit>`
    SELECT c.*, r.score, ${headline(sql`c.body`, query.tsquery, false)} AS body_hl
    FROM (${page}) r JOIN comments c ON c.id = r.id
    ORDER BY ${order}`.execute(prepared(db));
  return rows;
}

/** Comments by the filters alone (no words), newest first, from the comments table and its indexes. */
async function listComments(
  db: Kysely<DB>,
  query: SearchPageQuery,
  filters: ContentFilters,
): Promise<CommentHit[]> {
  const conditions = [
    sql`NOT ${postRemoved(sql`p`)} AND u.deleted_at IS NULL AND u.banned_at IS NULL AND co.deleted_at IS NULL`,
    sql`c.deleted_at IS NULL`,
    ...contentFilters(filters, 'c'),
  ];
  if (query.viewerId) {
    conditions.push(...mutes(query.viewerId, sql`c`));
    conditions.push(sql`NOT coalesce(lower(c.body) ~ ${mutedPatterns(query.viewerId, sql`true`)}, false)`);
  }
  const { order } = paging(query);
  const { rows } = await sql<CommentHit>`
    SELECT r.*, ${headline(sql`r.body`, '', false)} AS body_hl
    FROM (
      ${pageOf(
        query,
        sql`SELECT c.*, 0::float8 AS score
        FROM comments c
        JOIN posts p ON p.id = c.post_id
        JOIN users u ON u.id = c.user_id
        JOIN communities co ON co.id = c.community_id
        WHERE ${sql.join(conditions, sql` AND `)}`,
      )}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

export type CommunityHit = CommunityRow & { score: number; name_hl: string; about_hl: string };

/*
 * Communities and users are found by their documents' words and, for a query of one name-shaped word,
 * by the start of their name as typed (`lower(name) LIKE 'text%'`, on the text_pattern_ops indexes of
 * migration 0018): stems cannot do that (`happin` is no start of the stem `happi`, and `_` splits a
 * name into words). By relevance, the name typed exactly comes first, then names that start with it,
 * shortest first, then the rest by their documents' rank (at most 1, so below both).
 */

const EXACT_NAME = 4;
const NAME_START = 2;

/** `LIKE`'s pattern for names starting with `prefix` (name characters: only `_` is a wildcard). */
function startsWith(prefix: string): string {
  return `${prefix.replaceAll('_', '\\_')}%`;
}

/** Where `lower` (a lower-cased name column) or the document matches; one of the two may be absent. */
function nameOrWords(query: SearchPageQuery, lower: RawBuilder<unknown>, doc: RawBuilder<unknown>) {
  const byName = query.namePrefix === null ? null : sql`${lower} LIKE ${startsWith(query.namePrefix)}`;
  const byWords = query.tsquery ? sql`${doc} @@ ${query.tsquery}::tsquery` : null;
  if (byName && byWords) return sql`(${byName} OR ${byWords})`;
  return byName ?? byWords ?? sql`false`;
}

/** The score of a row by name, then words: the document is ranked only for rows the name did not place. */
function nameOrWordsScore(
  query: SearchPageQuery,
  name: RawBuilder<unknown>,
  lower: RawBuilder<unknown>,
  doc: RawBuilder<unknown>,
): RawBuilder<number> {
  const rank = query.tsquery ? sql`ts_rank(${doc}, ${query.tsquery}::tsquery, 1)::float8` : sql`0::float8`;
  if (query.namePrefix === null) return sql<number>`${rank}`;
  return sql<number>`CASE WHEN ${lower} = ${query.namePrefix} THEN ${EXACT_NAME}::float8
    WHEN ${lower} LIKE ${startsWith(query.namePrefix)} THEN ${NAME_START} + 1.0::float8 / char_length(${name})
    ELSE ${rank} END`;
}

/** The name with the typed start marked, when it starts with it; else as its words highlight it. */
function nameHeadline(query: SearchPageQuery, name: RawBuilder<unknown>, lower: RawBuilder<unknown>) {
  const byWords = headline(name, query.tsquery, true);
  if (query.namePrefix === null) return byWords;
  const n = query.namePrefix.length;
  // Names are ASCII (NAME_CHARACTERS): lower-casing keeps every character where it was.
  return sql<string>`CASE WHEN ${lower} LIKE ${startsWith(query.namePrefix)}
    THEN ${MARK_START} || left(${name}, ${n}) || ${MARK_END} || substr(${name}, ${n + 1})
    ELSE ${byWords} END`;
}

/** Communities whose name or about text match (not deleted; not muted by the member). Needs words. */
export async function searchCommunities(db: Kysely<DB>, query: SearchPageQuery): Promise<CommunityHit[]> {
  const doc = sql`community_search_doc(co.name, co.about)`;
  const conditions: RawBuilder<unknown>[] = [
    sql`co.deleted_at IS NULL`,
    nameOrWords(query, sql`co.name_lc`, doc),
  ];
  if (query.viewerId) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM muted_communities mc WHERE mc.user_id = ${query.viewerId} AND mc.community_id = co.id)`,
    );
  }
  const { order } = paging(query);
  const { rows } = await sql<CommunityHit>`
    SELECT r.*, ${nameHeadline(query, sql`r.name`, sql`r.name_lc`)} AS name_hl,
      ${headline(sql`r.about`, query.tsquery, false)} AS about_hl
    FROM (
      ${pageOf(
        query,
        sql`SELECT co.*, ${nameOrWordsScore(query, sql`co.name`, sql`co.name_lc`, doc)} AS score
        FROM communities co
        WHERE ${sql.join(conditions, sql` AND `)}`,
      )}
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
  const doc = sql`user_search_doc(u.username, u.about_me)`;
  const conditions: RawBuilder<unknown>[] = [
    sql`u.deleted_at IS NULL AND u.banned_at IS NULL`,
    // `ghost` and `nobody` are the site's own, not members anyone would look for.
    sql`u.username NOT IN (${sql.join([...SYSTEM_ACCOUNTS])})`,
    nameOrWords(query, sql`u.username_lc`, doc),
  ];
  if (query.viewerId) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = ${query.viewerId} AND m.muted_user_id = u.id)`,
    );
  }
  const { order } = paging(query);
  const { rows } = await sql<UserHit>`
    SELECT r.id, r.username, r.points, r.created_at, r.score,
      ${nameHeadline(query, sql`r.username`, sql`r.username_lc`)} AS username_hl,
      ${headline(sql`r.about_me`, query.tsquery, false)} AS about_hl
    FROM (
      ${pageOf(
        query,
        sql`SELECT u.id, u.username, u.username_lc, u.about_me, u.points, u.created_at,
          ${nameOrWordsScore(query, sql`u.username`, sql`u.username_lc`, doc)} AS score
        FROM users u
        WHERE ${sql.join(conditions, sql` AND `)}`,
      )}
    ) r
    ORDER BY ${order}`.execute(db);
  return rows;
}

/** The ids of the communities of these names (any case) that exist and are not deleted: one statement. */
export async function communityIdsByNames(db: Kysely<DB>, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('communities')
    .select('id')
    .where('name_lc', '=', sql<string>`ANY(${names.map((n) => n.toLowerCase())}::text[])`)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** The ids of the users of these names (any case): one statement. */
export async function userIdsByNames(db: Kysely<DB>, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('username_lc', '=', sql<string>`ANY(${names.map((n) => n.toLowerCase())}::text[])`)
    .execute();
  return rows.map((r) => r.id);
}

/** A community's id by name (any case), when it exists and is not deleted. */
export async function communityIdByName(db: Kysely<DB>, name: string): Promise<string | null> {
  return (await communityIdsByNames(db, [name]))[0] ?? null;
}

/** A user's id by name (any case). */
export async function userIdByName(db: Kysely<DB>, name: string): Promise<string | null> {
  return (await userIdsByNames(db, [name]))[0] ?? null;
}
