import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { api } from '../../../lib/api-client';
import type { ListFields } from './create-list';
import { invalidateLists, setSessionLists } from './lists-cache';

/** `PUT /api/lists/{id}` (API.md §14.3): the updated list replaces its copy among the session's lists. */
export function useEditList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: ListFields }) =>
      api<List>(`/lists/${id}`, { method: 'PUT', body: fields }),
    onSuccess: async (updated) => {
      setSessionLists(queryClient, (lists) => lists.map((l) => (l.id === updated.id ? updated : l)));
      await invalidateLists(queryClient);
    },
  });
}
