import type { Comment, Post } from '@commons/shared';

/** `GET /api/users/{username}/lists?sort=` (API.md §14.1), in the order the page offers them. */
export const LISTS_SORTS = ['lastAdded', 'name'] as const;
export type ListsSort = (typeof LISTS_SORTS)[number];
export const DEFAULT_LISTS_SORT: ListsSort = 'lastAdded';
export const isListsSort = (value: unknown): value is ListsSort => LISTS_SORTS.includes(value as ListsSort);

/** `?filter=` (API.md §14.1). */
export const LISTS_FILTERS = ['all', 'public', 'private'] as const;
export type ListsFilter = (typeof LISTS_FILTERS)[number];
export const DEFAULT_LISTS_FILTER: ListsFilter = 'all';
export const isListsFilter = (value: unknown): value is ListsFilter =>
  LISTS_FILTERS.includes(value as ListsFilter);

/** API.md §5.8 ListItem. */
export type ListItem = {
  id: number;
  listId: number;
  createdAt: string;
} & (
  | { targetType: 'post'; targetId: string; targetItem: Post | null }
  | { targetType: 'comment'; targetId: string; targetItem: Comment | null }
);

/** `GET /api/…/lists/{name}/items` (API.md §14.4). */
export interface ListItemsPage {
  items: ListItem[];
  next: string | null;
}
