import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Mutes } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import type { MuteTarget } from './mute';
import { afterMuteChange, setMutes } from './mute-state';

/**
 * `DELETE /api/mutes/users/{id}` and `/api/mutes/communities/{id}` (API.md §13.4): the answer is only
 * `{success: true}`, so the mute leaves the cached container here. A failure is the generic alert
 * (secondary §8).
 */
export function useUnmute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: MuteTarget) =>
      api(`/mutes/${target.kind === 'user' ? 'users' : 'communities'}/${encodeURIComponent(target.id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_, target) => {
      setMutes(queryClient, (mutes) =>
        target.kind === 'user'
          ? { ...mutes, userMutes: mutes.userMutes.filter((m) => m.mutedUserId !== target.id) }
          : {
              ...mutes,
              communityMutes: mutes.communityMutes.filter((m) => m.mutedCommunityId !== target.id),
            },
      );
      afterMuteChange(queryClient);
      showAlert(
        target.kind === 'user'
          ? messages.mutes.unmutedUser(target.username)
          : messages.mutes.unmutedCommunity(target.name),
      );
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}

/**
 * `DELETE /api/mutes?type=user|community` (API.md §13.3): every mute of that type. The answer is the
 * container after clearing (the contract's fix), which replaces the cached one.
 */
export function useUnmuteAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: MuteTarget['kind']) => api<Mutes>('/mutes', { method: 'DELETE', query: { type } }),
    onSuccess: (mutes) => {
      setMutes(queryClient, () => mutes);
      afterMuteChange(queryClient);
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}
