import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
