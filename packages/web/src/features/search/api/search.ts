import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '@commons/shared';
import type { SearchPostType, SearchSort, SearchType, SearchWindow } from '@commons/shared/search';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';

/** What the search page asks for: the query text and its tab, filters and sort (the page's URL). */
export interface SearchParams {
  q: string;
  type: SearchType;
  community: string;
  author: string;
  postType: SearchPostType | '';
  t: SearchWindow;
  sort: SearchSort;
}

export const searchKeys = {
  all: ['search'] as const,
  page: (params: SearchParams, viewer: string | null) => ['search', params, viewer] as const,
};

/** `GET /api/search` (README, API notes: an addition to the contract): results of one type, by cursor. */
export function searchQuery(params: SearchParams, viewer: string | null) {
  return infiniteQueryOptions({
    queryKey: searchKeys.page(params, viewer),
    queryFn: ({ pageParam, signal }) =>
      api<SearchPage>('/search', {
        query: {
          q: params.q,
          type: params.type,
          community: params.community || undefined,
          author: params.author || undefined,
          postType: params.postType || undefined,
          t: params.t,
          sort: params.sort,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useSearchResults(params: SearchParams, enabled: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useInfiniteQuery({ ...searchQuery(params, viewer), enabled });
}
