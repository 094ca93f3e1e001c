import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModtoolsFeed } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { MODTOOLS_PAGE_SIZE, modtoolsKeys, type ModtoolsPostFilter } from './keys';

/** `GET /api/posts?communityId=…&filter=deleted|locked&page=P&limit=10` (API.md §8.1): newest first. */
export const modtoolsPostsQuery = (communityId: string, filter: ModtoolsPostFilter, page: number) =>
  queryOptions({
    queryKey: modtoolsKeys.posts(communityId, filter, page),
    queryFn: ({ signal }) =>
      api<ModtoolsFeed>('/posts', {
        query: { communityId, filter, page, limit: MODTOOLS_PAGE_SIZE },
        signal,
      }),
  });

export function useModtoolsPosts(communityId: string, filter: ModtoolsPostFilter, page: number) {
  return useQuery({ ...modtoolsPostsQuery(communityId, filter, page), placeholderData: keepPreviousData });
}
