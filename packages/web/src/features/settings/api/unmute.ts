import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Mute, Mutes } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { initialQuery } from '../../session';
import { settingsKeys } from './keys';

export type MuteType = 'user' | 'community';

const listOf = (type: MuteType): keyof Mutes => (type === 'user' ? 'userMutes' : 'communityMutes');

/** The session's mutes (`_initial.mutes`, API.md §6.1) after a change; the app reads them from there. */
function storeMutes(queryClient: ReturnType<typeof useQueryClient>, change: (mutes: Mutes) => Mutes): void {
  queryClient.setQueryData(initialQuery.queryKey, (old) =>
    old ? { ...old, mutes: change(old.mutes) } : old,
  );
}

/** `DELETE /api/mutes/users/{id}` or `/api/mutes/communities/{id}` (API.md §13.4). */
export function unmute(mute: Mute): Promise<{ success: true }> {
  const path =
    mute.type === 'user' ? `/mutes/users/${mute.mutedUserId}` : `/mutes/communities/${mute.mutedCommunityId}`;
  return api(path, { method: 'DELETE' });
}

export function useUnmute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.unmute,
    mutationFn: unmute,
    onSuccess: (_answer, mute) =>
      storeMutes(queryClient, (mutes) => ({
        ...mutes,
        [listOf(mute.type)]: mutes[listOf(mute.type)].filter((m) => m.id !== mute.id),
      })),
  });
}

/** `DELETE /api/mutes?type=user|community` (API.md §13.3): every mute of that type. */
export function unmuteAll(type: MuteType): Promise<Mutes> {
  return api<Mutes>('/mutes', { method: 'DELETE', query: { type } });
}

export function useUnmuteAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.unmuteAll,
    mutationFn: unmuteAll,
    // The server answers the mutes after clearing (API.md §13.3, the contract's fix).
    onSuccess: (mutes) => storeMutes(queryClient, () => mutes),
  });
}
