import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutedWord } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { mutesKeys } from './keys';
import { afterMuteChange } from './mute-state';

/** `DELETE /api/muted_words/{id}`: answers `{success: true}`; the word leaves the cached list. */
export function useRemoveMutedWord(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: MutedWord) => api(`/muted_words/${word.id}`, { method: 'DELETE' }),
    onSuccess: (_, word) => {
      queryClient.setQueryData<MutedWord[]>(mutesKeys.mutedWords(viewer), (words = []) =>
        words.filter((w) => w.id !== word.id),
      );
      afterMuteChange(queryClient);
    },
  });
}
