import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutedWord } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { mutesKeys } from './keys';
import { afterMuteChange } from './mute-state';

/** `POST /api/muted_words {word}`: the answer is the viewer's words after the change. */
export function useAddMutedWord(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => api<MutedWord[]>('/muted_words', { method: 'POST', body: { word } }),
    onSuccess: (words) => {
      queryClient.setQueryData(mutesKeys.mutedWords(viewer), words);
      afterMuteChange(queryClient);
    },
  });
}
