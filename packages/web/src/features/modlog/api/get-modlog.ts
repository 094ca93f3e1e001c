import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModLogPage } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { modLogKeys, type ModLogFilters } from './keys';

/**
 * `GET /api/communities/{name}/modlog` or `GET /api/modlog` (additions to the contract: README, API
 * notes), with `?action=&moderator=&next=`; newest first, by cursor.
 */
export function modLogQuery(community: string | null, filters: ModLogFilters) {
  const path = community === null ? '/modlog' : `/communities/${encodeURIComponent(community)}/modlog`;
  return infiniteQueryOptions({
    queryKey: modLogKeys.list(community, filters),
    queryFn: ({ pageParam, signal }) =>
      api<ModLogPage>(path, {
        query: {
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.moderator ? { moderator: filters.moderator } : {}),
          next: pageParam,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useModLog(community: string | null, filters: ModLogFilters) {
  return useInfiniteQuery(modLogQuery(community, filters));
}
