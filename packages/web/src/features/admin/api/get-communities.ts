import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CommunitySort, CommunityWithoutMods } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/communities?sort=` (API.md §11.1): every community, in one of the five sorts. */
export function useAdminCommunities(sort: CommunitySort) {
  return useQuery({
    queryKey: adminKeys.communities(sort),
    queryFn: ({ signal }) => api<CommunityWithoutMods[]>('/communities', { query: { sort }, signal }),
    placeholderData: keepPreviousData,
  });
}
