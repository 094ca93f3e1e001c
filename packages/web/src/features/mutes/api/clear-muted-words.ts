import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutedWord } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { mutesKeys } from './keys';
import { afterMuteChange } from './mute-state';

/** `DELETE /api/muted_words`: unmutes every word; the answer is the (empty) list after clearing. */
export function useClearMutedWords(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MutedWord[]>('/muted_words', { method: 'DELETE' }),
    onSuccess: (words) => {
      queryClient.setQueryData(mutesKeys.mutedWords(viewer), words);
      afterMuteChange(queryClient);
    },
  });
}
