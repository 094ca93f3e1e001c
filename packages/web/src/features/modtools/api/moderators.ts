import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserWithoutModding } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { modtoolsKeys } from './keys';

/**
 * `POST /api/communities/{id}/mods` and `DELETE /api/communities/{id}/mods/{username}` (API.md §11.7).
 * The tab reads the moderators from the community itself, which is read again after each change.
 */
export function useAddModerator(community: { id: string; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api<UserWithoutModding[]>(`/communities/${community.id}/mods`, { method: 'POST', body: { username } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) }),
  });
}

export function useRemoveModerator(community: { id: string; name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api<UserWithoutModding>(`/communities/${community.id}/mods/${encodeURIComponent(username)}`, {
        method: 'DELETE',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) }),
  });
}
