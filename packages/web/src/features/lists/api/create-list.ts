import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { invalidateLists, setSessionLists } from './lists-cache';

export interface ListFields {
  name: string;
  displayName: string;
  description: string;
  public: boolean;
}

/**
 * `POST /api/users/{username}/lists` (API.md §14.2). The answer is all of the owner's lists, most
 * recently updated first, the order of `_initial.lists`: it replaces them.
 */
export function useCreateList(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ListFields) =>
      api<List[]>(`/users/${encodeURIComponent(username)}/lists`, { method: 'POST', body: fields }),
    onSuccess: async (lists) => {
      setSessionLists(queryClient, () => lists);
      await invalidateLists(queryClient);
    },
  });
}
