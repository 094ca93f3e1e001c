import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MutedWord } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { mutesKeys } from './keys';

/** `GET /api/muted_words` (README, API notes: an addition to the contract): the viewer's words, oldest first. */
export function mutedWordsQuery(viewer: string) {
  return queryOptions({
    queryKey: mutesKeys.mutedWords(viewer),
    queryFn: ({ signal }) => api<MutedWord[]>('/muted_words', { signal }),
  });
}

export function useMutedWords(viewer: string) {
  return useQuery(mutedWordsQuery(viewer));
}
