import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { UserFeedItem } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { holdFeedItems } from '../../posts';
import { useCurrentUser } from '../../session';
import { listPath } from './get-list';
import { listKeys } from './keys';
import type { ListItemsPage } from './list-types';

/** `GET /api/users/{username}/lists/{name}/items` (API.md §14.4): newest first, paged by `next`. */
export function listItemsQuery(username: string, name: string, viewer: string | null) {
  return infiniteQueryOptions({
    queryKey: listKeys.items(username, name, viewer),
    queryFn: ({ pageParam, signal }) =>
      api<ListItemsPage>(`${listPath(username, name)}/items`, { query: { next: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next || undefined,
  });
}

export function useListItems(username: string, name: string, enabled: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useInfiniteQuery({ ...listItemsQuery(username, name, viewer), enabled });
}

// A list's posts and comments take votes, edits and deletions wherever they happen, as profile feeds
// do. Registered with the module: only the list page reads items, and it loads this module first.
holdFeedItems((queryClient, change) =>
  queryClient.setQueriesData<InfiniteData<ListItemsPage>>({ queryKey: listKeys.itemsAll }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (!item.targetItem) return item;
        const entry = { type: item.targetType, item: item.targetItem } as UserFeedItem;
        const next = change(entry);
        if (next === entry) return item;
        changed = true;
        return { ...item, targetItem: next.item } as typeof item;
      }),
    }));
    return changed ? { ...data, pages } : data;
  }),
);
