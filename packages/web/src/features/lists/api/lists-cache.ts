import type { QueryClient } from '@tanstack/react-query';
import type { List } from '@commons/shared';
import { initialQuery } from '../../session';
import { listKeys } from './keys';

/** The viewer's own lists, from the bootstrap (API.md §6.1): what the save-to-list modal offers. */
export function setSessionLists(queryClient: QueryClient, change: (lists: List[]) => List[]): void {
  queryClient.setQueryData(initialQuery.queryKey, (old) =>
    old ? { ...old, lists: change(old.lists) } : old,
  );
}

/** Every listing of lists and every single list is read again when next shown. */
export async function invalidateLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listKeys.userListsAll }),
    queryClient.invalidateQueries({ queryKey: listKeys.lists }),
  ]);
}
