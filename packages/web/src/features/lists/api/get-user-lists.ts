import { queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { listKeys } from './keys';
import type { ListsFilter, ListsSort } from './list-types';

/** `GET /api/users/{username}/lists` (API.md §14.1): all of them for the owner, public ones for others. */
export function userListsQuery(
  username: string,
  sort: ListsSort,
  filter: ListsFilter,
  viewer: string | null,
) {
  return queryOptions({
    queryKey: listKeys.userLists(username, sort, filter, viewer),
    queryFn: ({ signal }) =>
      api<List[]>(`/users/${encodeURIComponent(username)}/lists`, { query: { sort, filter }, signal }),
  });
}

export function useUserLists(username: string, sort: ListsSort, filter: ListsFilter) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery(userListsQuery(username, sort, filter, viewer));
}
