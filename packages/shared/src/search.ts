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

/** The /search page. */
export const searchMessages = {
  heading: 'Search',
  placeholder: 'Search posts, comments, communities and users',
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
    'Tips: "exact phrase", -word to leave a word out, community:name and author:name to narrow the search.',
  noResults: (query: string) => `No results for "${query}"`,
  widen: 'Try fewer or other words, another tab, or widen the filters:',
  widenWindow: 'Search all time',
  widenType: 'Any post type',
  widenCommunity: 'Search every community',
  widenAuthor: 'Search every author',
  failed: 'Search failed. Try again.',
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
