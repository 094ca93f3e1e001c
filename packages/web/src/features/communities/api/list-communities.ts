import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ui, type CommunitySort, type CommunityWithoutMods } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/**
 * With `q`, the server answers at most 10 matches (an exact name first) and ignores the sort; the
 * page then orders those matches itself, so the chosen sort still holds.
 */
export function sortCommunities(list: CommunityWithoutMods[], sort: CommunitySort): CommunityWithoutMods[] {
  const byName = (a: CommunityWithoutMods, b: CommunityWithoutMods) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0;
  const sorted = [...list];
  switch (sort) {
    case 'size':
      return sorted.sort((a, b) => b.noMembers - a.noMembers);
    case 'new':
      return sorted.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    case 'old':
      return sorted.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    case 'name_asc':
      return sorted.sort(byName);
    case 'name_dsc':
      return sorted.sort((a, b) => byName(b, a));
  }
}

/** The All Communities page: `?sort=<sort>`, and `&q=` while searching. */
export const communitiesQuery = (sort: CommunitySort, q: string) =>
  queryOptions({
    queryKey: communityKeys.list(sort, q),
    queryFn: ({ signal }) =>
      api<CommunityWithoutMods[]>('/communities', { query: { sort, q: q || undefined }, signal }),
  });

export function useCommunities(sort: CommunitySort, q: string) {
  return useQuery({ ...communitiesQuery(sort, q), placeholderData: keepPreviousData });
}

/**
 * The community picker's suggestions (core §7): the 10 largest communities, or the 10 best matches of
 * `q`, from `?sort=size&limit=10&q=…`.
 */
export const communitySearchQuery = (q: string) =>
  queryOptions({
    queryKey: communityKeys.search(q),
    queryFn: ({ signal }) =>
      api<CommunityWithoutMods[]>('/communities', {
        query: { sort: 'size', limit: ui.communitySearchResults, q: q || undefined },
        signal,
      }),
    staleTime: 60_000,
  });

export function useCommunitySearch(q: string, enabled: boolean) {
  return useQuery({ ...communitySearchQuery(q), enabled, placeholderData: keepPreviousData });
}
