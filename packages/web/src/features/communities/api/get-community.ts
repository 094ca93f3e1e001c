import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Community } from '@commons/shared';
import { api, ApiError, embeddedAnswer } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { communityKeys } from './keys';

/** `GET /api/communities/{name}?byName=true` (API.md §11.3): with its moderators and rules. */
export function communityQuery(name: string, viewer: string | null) {
  return queryOptions({
    queryKey: communityKeys.detail(name, viewer),
    queryFn: ({ signal }) =>
      api<Community>(`/communities/${encodeURIComponent(name)}`, { query: { byName: true }, signal }),
    // The page's HTML may carry the community: shown by the first render, as the server rendered it.
    initialData: () =>
      embeddedAnswer<Community>(`/communities/${encodeURIComponent(name)}`, { byName: true }),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failures < 1,
  });
}

export function useCommunity(name: string) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery(communityQuery(name, viewer));
}
