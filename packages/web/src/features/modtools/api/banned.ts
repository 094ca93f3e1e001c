import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserWithoutModding } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { modtoolsKeys } from './keys';

/** `GET /api/communities/{id}/banned` (API.md §11.9): the users under a current ban. */
export const bannedQuery = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.banned(communityId),
    queryFn: ({ signal }) => api<UserWithoutModding[]>(`/communities/${communityId}/banned`, { signal }),
  });

export function useBanned(communityId: string) {
  return useQuery(bannedQuery(communityId));
}

export interface BanVariables {
  username: string;
  /** RFC 3339; absent for a permanent ban. */
  expires?: string;
}

/** `POST /api/communities/{id}/banned`: the answer is the banned user. */
export function useBan(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BanVariables) =>
      api<UserWithoutModding>(`/communities/${communityId}/banned`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modtoolsKeys.banned(communityId) }),
  });
}

/** `DELETE /api/communities/{id}/banned` with the username in the body. */
export function useUnban(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api<UserWithoutModding>(`/communities/${communityId}/banned`, { method: 'DELETE', body: { username } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modtoolsKeys.banned(communityId) }),
  });
}
