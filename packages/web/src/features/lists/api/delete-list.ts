import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { listPath } from './get-list';
import { listKeys } from './keys';
import { setSessionLists } from './lists-cache';

/** `DELETE /api/users/{username}/lists/{name}` (API.md §14.3): the list and its items go. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: List) => api<List>(listPath(list.username, list.name), { method: 'DELETE' }),
    onSuccess: async (_deleted, list) => {
      setSessionLists(queryClient, (lists) => lists.filter((l) => l.id !== list.id));
      queryClient.removeQueries({ queryKey: listKeys.itemsAll });
      await queryClient.invalidateQueries({ queryKey: listKeys.userListsAll });
    },
  });
}
