import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, ui, type Mutes } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { afterMuteChange, setMutes } from './mute-state';

export type MuteTarget =
  { kind: 'user'; id: string; username: string } | { kind: 'community'; id: string; name: string };

/**
 * `POST /api/mutes` (API.md §13.2): the answer is the whole container after the change, which replaces
 * the cached one. The user alert stays 5 s (secondary §9), the community one the default 3 s.
 */
export function useMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: MuteTarget) =>
      api<Mutes>('/mutes', {
        method: 'POST',
        body: target.kind === 'user' ? { userId: target.id } : { communityId: target.id },
      }),
    onSuccess: (mutes, target) => {
      setMutes(queryClient, () => mutes);
      afterMuteChange(
        queryClient,
        target.kind === 'user' ? { userId: target.id } : { communityId: target.id },
      );
      if (target.kind === 'user') {
        showAlert(messages.mutes.mutedUser(target.username), { durationMs: ui.muteUserAlertMs });
      } else {
        showAlert(messages.mutes.mutedCommunity(target.name));
      }
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}
