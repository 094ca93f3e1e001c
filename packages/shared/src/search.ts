/*
 * Built-in search (issue 16, an addition to the contract): its query values, the page's texts and the
 * API's messages. A module of its own (`@commons/shared/search`), so that none of it reaches the web
 * client's first load: only the lazy /search page imports it.
 */

const oneOf =
  <T extends readonly string[]>(values: T) =>
  (value: unknown): value is T[number] =>
    values.includes(value as T[number]);

/** What is searched, the time windows and the sorts of `GET /api/search`. */
export const SEARCH_TYPES = ['posts', 'comments', 'communities', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const isSearchType = oneOf(SEARCH_TYPES);

export const SEARCH_WINDOWS = ['day', 'week', 'month', 'year', 'all'] as const;
export type SearchWindow = (typeof SEARCH_WINDOWS)[number];
export const isSearchWindow = oneOf(SEARCH_WINDOWS);

export const SEARCH_SORTS = ['relevance', 'new'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const isSearchSort = oneOf(SEARCH_SORTS);

export const SEARCH_POST_TYPES = ['text', 'image', 'link'] as const;
export type SearchPostType = (typeof SEARCH_POST_TYPES)[number];
export const isSearchPostType = oneOf(SEARCH_POST_TYPES);

export type SearchOperator = 'community' | 'author';

export interface ParsedSearchText {
  /** What is left for full-text search. */
  text: string;
  communities: string[];
  authors: string[];
  /** Names after `-community:` and `-author:`: what to leave out. */
  notCommunities: string[];
  notAuthors: string[];
}

/**
 * An operator at a word's start, `-` before it to leave out: its name bare or in quotes
 * (`author:"name"`), or empty (dropped).
 */
const OPERATOR = /(-?)(community|author):(?:"([^"\s]*)"|([^\s"]*))(?=\s|$)/iuy;

/**
 * Takes `community:name` and `author:name` (the name bare or quoted), and `-community:name` and
 * `-author:name`, out of a query, outside quoted phrases only (an unclosed quote runs to the end, as
 * the server's websearch_to_tsquery reads it). An empty name is dropped. `only` takes out that
 * operator alone, and not its `-` form (the page's "search every community" keeps the author and
 * what is left out). The server and the page read the query alike.
 */
export function parseSearchText(raw: string, only?: SearchOperator): ParsedSearchText {
  const communities: string[] = [];
  const authors: string[] = [];
  const notCommunities: string[] = [];
  const notAuthors: string[] = [];
  let text = '';
  let quoted = false;
  for (let i = 0; i < raw.length;) {
    OPERATOR.lastIndex = i;
    const match = !quoted && (i === 0 || /\s/u.test(raw[i - 1]!)) ? OPERATOR.exec(raw) : null;
    const negated = match?.[1] === '-';
    const key = match?.[2]!.toLowerCase() as SearchOperator | undefined;
    if (match && (!only || (key === only && !negated))) {
      const name = match[3] ?? match[4] ?? '';
      const into =
        key === 'community' ? (negated ? notCommunities : communities) : negated ? notAuthors : authors;
      if (name) into.push(name);
      i = OPERATOR.lastIndex;
      continue;
    }
    if (raw[i] === '"') quoted = !quoted;
    text += raw[i];
    i++;
  }
  return { text: text.replace(/\s+/gu, ' ').trim(), communities, authors, notCommunities, notAuthors };
}

/** The /search page. */
export const searchMessages = {
  heading: 'Search',
  placeholder: 'Search posts, comments, communities and users',
  externalPlaceholder: 'Search this site on the web',
  submit: 'Search',
  types: { posts: 'Posts', comments: 'Comments', communities: 'Communities', users: 'Users' },
  sort: 'Sort',
  sorts: { relevance: 'Relevance', new: 'New' },
  window: 'Time',
  windows: { all: 'All time', day: 'Past day', week: 'Past week', month: 'Past month', year: 'Past year' },
  postType: 'Post type',
  postTypes: { '': 'Any type', text: 'Text', image: 'Image', link: 'Link' },
  community: 'Community',
  author: 'Author',
  anyone: 'Anyone',
  anywhere: 'Anywhere',
  more: 'More results',
  prompt: 'Type words to search for.',
  syntax:
    'Tips: "exact phrase", -word to leave a word out, community:name and author:name to narrow the search, -community:name and -author:name to leave them out.',
  noResults: (query: string) => `No results for "${query}"`,
  noResultsForFilters: 'No results for these filters',
  widen: 'Try fewer or other words, another tab, or widen the filters:',
  widenWords: 'Try fewer or other words, or another tab.',
  widenFilters: 'Try another tab, or widen the filters:',
  addWords: 'Try another community or author, or search for words.',
  widenWindow: 'Search all time',
  widenType: 'Any post type',
  widenCommunity: 'Search every community',
  widenAuthor: 'Search every author',
  failed: 'Search failed. Try again.',
  external: 'This site has no search of its own: a web search limited to it finds its pages.',
  externalLink: (query: string) =>
    query ? `Search the web for "${query}" on this site` : 'Search the web on this site',
  inCommunity: (name: string) => `in ${name}`,
  onPost: (title: string) => `on "${title}"`,
  members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
  points: (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`,
  comments: (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`,
} as const;

/** The API's messages for search's own errors. */
export const searchApiMessages = {
  searchOff: 'Search is not built in on this site.',
  invalidSearchType: 'Invalid search type: use posts, comments, communities or users.',
  invalidSearchWindow: 'Invalid time window: use day, week, month, year or all.',
} as const;
