import {
  limits,
  NAME_CHARACTERS,
  type SearchPage,
  type SearchQueryParams,
  type SearchResult,
} from '@commons/shared';
import {
  isSearchPostType,
  isSearchSort,
  isSearchType,
  isSearchWindow,
  parseSearchText,
  type SearchSort,
  type SearchType,
  type SearchWindow,
} from '@commons/shared/search';
import { commentJsons } from '../comments/comment-views.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { postJsons } from '../posts/post-views.js';
import type { UserRow } from '../users/users.repository.js';
import { highlightRuns } from './search.presenter.js';
import {
  communityIdByName,
  communityIdsByNames,
  hasWords,
  matchesWithoutItsWords,
  searchComments,
  searchCommunities,
  searchPosts,
  searchUsers,
  toTsQuery,
  userIdByName,
  userIdsByNames,
  type ContentFilters,
  type SearchCursor,
  type SearchPageQuery,
} from './search.repository.js';

/*
 * Built-in search (an addition to the contract; README, API notes; docs/decisions.md, "Search").
 * The query language: words, "exact phrases", -excluded words and `or` (websearch_to_tsquery, which
 * takes any text without an error), plus community:name and author:name, taken out here. Malformed
 * input searches for what it can; an over-long query is cut, not refused.
 */

export interface SearchRequest {
  text: string;
  type: SearchType;
  communities: string[];
  authors: string[];
  /** Names to leave out (`-community:name`, `-author:name`). */
  notCommunities: string[];
  notAuthors: string[];
  postType: 'text' | 'image' | 'link' | null;
  window: SearchWindow;
  sort: SearchSort;
  cursor: string | null;
  limit: number;
}

/** The request as the service reads it: defaults, the contract's codes for bad values, a cut query. */
export function parseSearchRequest(query: SearchQueryParams): SearchRequest {
  const type = query.type || 'posts';
  if (!isSearchType(type)) throw errors.invalidSearchType();
  const sort = query.sort || 'relevance';
  if (!isSearchSort(sort)) throw errors.invalidSort();
  const window = query.t || 'all';
  if (!isSearchWindow(window)) throw errors.invalidSearchWindow();
  const postType = query.postType || null;
  if (postType !== null && !isSearchPostType(postType)) throw errors.invalidSearchPostType();
  let limit = 20;
  if (query.limit !== undefined) {
    const n = Number(query.limit);
    if (!/^\d+$/.test(query.limit) || n < 1 || n > limits.paginationLimitMax) {
      throw errors.invalidLimit(limits.paginationLimitMax);
    }
    limit = n;
  }
  // A NUL, which no text can hold, is dropped like any other character searched for as far as it can be.
  // Composed (NFC), as posts and comments are kept: an accent typed as a combining mark finds them too.
  const words = (value: string | undefined) => value?.replaceAll('\0', '').normalize('NFC');
  const raw = [...(words(query.q) ?? '')].slice(0, limits.searchQueryMax).join('');
  const parsed = parseSearchText(raw);
  const named = (value: string | undefined) => (words(value)?.trim() ? [words(value)!.trim()] : []);
  const cursor =
    !query.cursor || query.cursor === 'null' || query.cursor === 'undefined' ? null : query.cursor;
  return {
    text: parsed.text,
    type,
    communities: [...named(query.community), ...parsed.communities],
    authors: [...named(query.author), ...parsed.authors].map(username),
    notCommunities: parsed.notCommunities,
    notAuthors: parsed.notAuthors.map(username),
    postType,
    window,
    sort,
    cursor,
    limit,
  };
}

/** A username as the site writes it, `@alice`, is `alice` (no username starts with `@`). */
const username = (name: string) => name.replace(/^@/u, '');

const RELEVANCE_CURSOR = /^(\d+(?:\.\d+)?(?:e-?\d+)?)_(\d{1,15})_([0-9a-fA-F]{24})$/;

/**
 * A cursor as the sort reads it: an id for `new`; for relevance, the score, page-1 time and id, or the
 * id alone, which is what relevance pages by when the query has no words (checked once they are known).
 */
function parseCursor(sort: SearchSort, cursor: string): SearchCursor {
  const id = parseId(cursor);
  if (id) return { sort: 'new', id };
  const match = sort === 'relevance' ? RELEVANCE_CURSOR.exec(cursor) : null;
  const score = match ? Number(match[1]) : NaN;
  if (!match || !Number.isFinite(score)) throw errors.invalidCursor();
  return { sort: 'relevance', score, at: Number(match[2]), id: match[3]!.toLowerCase() };
}

function cursorOf(query: SearchPageQuery, row: { id: string; score: number }): string {
  return query.sort === 'relevance' && hasWords(query) ? `${row.score}_${query.at}_${row.id}` : row.id;
}

/**
 * The start of a community's or user's name that the query may be: one word of name characters (a
 * username may be written `@alice`), lower-cased; null for anything else (several words, a phrase, an
 * excluded word), which is searched by its words alone.
 */
function namePrefix(type: SearchType, text: string): string | null {
  if (type !== 'communities' && type !== 'users') return null;
  const name = type === 'users' ? username(text) : text;
  return NAME_CHARACTERS.test(name) ? name.toLowerCase() : null;
}

const WINDOW_MS: Record<SearchWindow, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
  all: 0,
};

/** The one name all the given ones agree on, null for none; false when they differ (nothing matches). */
function oneName(names: string[]): string | null | false {
  const distinct = [...new Set(names.map((n) => n.toLowerCase()))];
  if (distinct.length === 0) return null;
  return distinct.length === 1 ? distinct[0]! : false;
}

const EMPTY: SearchPage = { results: [], next: null };

/**
 * `GET /api/search`: one page of results of one type, that the viewer may see, with highlights. A site
 * that keeps the external web search answers 404 `search_off` to any request, well formed or not.
 */
export async function search(
  deps: Deps,
  viewer: UserRow | null,
  query: SearchQueryParams,
): Promise<SearchPage> {
  if (deps.config.search === 'external') throw errors.searchOff();
  const request = parseSearchRequest(query);
  // The cursor is checked before anything may answer early: a bad one is always the same 400.
  const cursor = request.cursor ? parseCursor(request.sort, request.cursor) : null;
  const content = request.type === 'posts' || request.type === 'comments';
  const community = content ? oneName(request.communities) : null;
  const author = content ? oneName(request.authors) : null;
  // The words and the filters' names are looked up side by side: one round trip, not several.
  const [tsquery, communityId, authorId, notCommunityIds, notAuthorIds] = await Promise.all([
    toTsQuery(deps.db, request.text),
    typeof community === 'string' ? communityIdByName(deps.db, community) : null,
    typeof author === 'string' ? userIdByName(deps.db, author) : null,
    content ? communityIdsByNames(deps.db, request.notCommunities) : [],
    content ? userIdsByNames(deps.db, request.notAuthors) : [],
  ]);
  const prefix = namePrefix(request.type, request.text);
  // Words only left out (`-cat`, `cat or -dog`) leave nothing to look for: the query would match
  // every document without them.
  const looksFor = tsquery !== '' && !matchesWithoutItsWords(tsquery);
  if (cursor && request.sort === 'relevance') {
    // Without words relevance is newest first, and so is its cursor: the id alone. With words (or a
    // name's start), a cursor must carry the score it continues from; without, it must not.
    const scored = hasWords({ tsquery, namePrefix: prefix });
    if (scored !== (cursor.sort === 'relevance')) throw errors.invalidCursor();
  }
  const at = cursor?.sort === 'relevance' ? cursor.at : deps.clock().getTime();
  const page: SearchPageQuery = {
    // Communities and users have no filters for exclusions to narrow.
    tsquery: looksFor || content ? tsquery : '',
    namePrefix: prefix,
    sort: request.sort,
    cursor,
    at,
    take: request.limit + 1,
    viewerId: viewer?.id ?? null,
  };

  if (request.type === 'communities' || request.type === 'users') {
    if (!hasWords(page)) return EMPTY;
    if (request.type === 'communities') {
      const rows = await searchCommunities(deps.db, page);
      return finish(page, request.limit, rows, (row) => ({
        type: 'community',
        item: {
          id: row.id,
          name: row.name,
          nsfw: row.nsfw,
          noMembers: row.no_members,
          createdAt: row.created_at.toISOString(),
        },
        name: highlightRuns(row.name_hl),
        about: highlightRuns(row.about_hl),
      }));
    }
    const rows = await searchUsers(deps.db, page);
    return finish(page, request.limit, rows, (row) => ({
      type: 'user',
      item: {
        id: row.id,
        username: row.username,
        points: row.points,
        createdAt: row.created_at.toISOString(),
      },
      username: highlightRuns(row.username_hl),
      about: highlightRuns(row.about_hl),
    }));
  }

  if (community === false || author === false) return EMPTY;
  // Without words to look for, a filter must narrow the search: the whole site newest first is the
  // feeds' job (and everything but an excluded word, a scan of every document).
  if (!looksFor && community === null && author === null) return EMPTY;
  const filters: ContentFilters = {
    communityId,
    authorId,
    notCommunityIds,
    notAuthorIds,
    postType: request.postType,
    since: request.window === 'all' ? null : new Date(deps.clock().getTime() - WINDOW_MS[request.window]),
  };
  if ((community !== null && !filters.communityId) || (author !== null && !filters.authorId)) return EMPTY;

  if (request.type === 'posts') {
    const rows = await searchPosts(deps.db, page, filters);
    const shown = rows.slice(0, request.limit);
    const posts = await postJsons(deps, shown, viewer);
    return {
      results: shown.map((row, i) => ({
        type: 'post' as const,
        item: posts[i]!,
        title: highlightRuns(row.title_hl),
        body: highlightRuns(row.body_hl),
      })),
      next: rows[request.limit] ? cursorOf(page, rows[request.limit]!) : null,
    };
  }
  // Comments by type: the post type filter applies to the post each comment is under.
  const rows = await searchComments(deps.db, page, filters);
  const shown = rows.slice(0, request.limit);
  const comments = await commentJsons(deps, shown, viewer, { postTitles: true });
  return {
    results: shown.map((row, i) => ({
      type: 'comment' as const,
      item: comments[i]!,
      body: highlightRuns(row.body_hl),
    })),
    next: rows[request.limit] ? cursorOf(page, rows[request.limit]!) : null,
  };
}

function finish<Row extends { id: string; score: number }>(
  page: SearchPageQuery,
  limit: number,
  rows: Row[],
  present: (row: Row) => SearchResult,
): SearchPage {
  return {
    results: rows.slice(0, limit).map(present),
    next: rows[limit] ? cursorOf(page, rows[limit]) : null,
  };
}
