import type { Comment, ListsFilter, ListsSort, Post, ListItem as WireListItem } from '@commons/shared';

export { isListsFilter, isListsSort, type ListsFilter, type ListsSort } from '@commons/shared';

/** The lists page's defaults (secondary §9): last added first, all lists. */
export const DEFAULT_LISTS_SORT: ListsSort = 'lastAdded';
export const DEFAULT_LISTS_FILTER: ListsFilter = 'all';

/**
 * API.md §5.8 ListItem, with what the contract promises but the schema cannot say: `targetItem` is a
 * Post for a post item and a Comment for a comment item.
 */
export type ListItem = Omit<WireListItem, 'targetType' | 'targetItem'> &
  ({ targetType: 'post'; targetItem: Post | null } | { targetType: 'comment'; targetItem: Comment | null });

/** `GET /api/…/lists/{name}/items` (API.md §14.4). */
export interface ListItemsPage {
  items: ListItem[];
  next: string | null;
}
