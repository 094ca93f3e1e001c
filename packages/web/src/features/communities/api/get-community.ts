import { queryOptions, useQuery } from '@tanstack/react-query';
import { nameKey, type Community } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../session/api/get-current-user';

/** Communities are cached by name, case-insensitively (core §7), per viewer (userJoined, userMod). */
export function communityKey(name: string, viewer: string | null) {
  return ['community', nameKey(name), viewer] as const;
}

/** `GET /api/communities/{name}?byName=true` (API.md §11.3): with its moderators and rules. */
export function communityQuery(name: string, viewer: string | null) {
  return queryOptions({
    queryKey: communityKey(name, viewer),
    queryFn: ({ signal }) =>
      api<Community>(`/communities/${encodeURIComponent(name)}`, { query: { byName: true }, signal }),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failures < 1,
  });
}

export function useCommunity(name: string) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery(communityQuery(name, viewer));
}
