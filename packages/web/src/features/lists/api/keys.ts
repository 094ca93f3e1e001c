import type { ListsFilter, ListsSort } from './list-types';

/**
 * Query keys of the lists feature. What a viewer sees of a user's lists depends on who looks (private
 * lists only for the owner), so the viewer is part of every key that reads them.
 */
export const listKeys = {
  all: ['lists'] as const,
  /** Every listing of every user's lists: a prefix of `userLists`. */
  userListsAll: ['lists', 'user'] as const,
  userLists: (username: string, sort: ListsSort, filter: ListsFilter, viewer: string | null) =>
    ['lists', 'user', username.toLowerCase(), sort, filter, viewer] as const,
  /** Single lists and their items: prefixes of `list` and `items`. */
  lists: ['lists', 'one'] as const,
  list: (username: string, name: string, viewer: string | null) =>
    ['lists', 'one', username.toLowerCase(), name, viewer] as const,
  itemsAll: ['lists', 'items'] as const,
  items: (username: string, name: string, viewer: string | null) =>
    ['lists', 'items', username.toLowerCase(), name, viewer] as const,
  savedToAll: ['lists', 'saved-to'] as const,
  savedTo: (type: ListTargetType, id: string) => ['lists', 'saved-to', type, id] as const,
};

export type ListTargetType = 'post' | 'comment';
