import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { initialQuery } from './api/get-initial';
import { currentUserQuery } from './api/get-current-user';

/**
 * After login or signup (a new session) or logout: show the new user at once, then reload everything
 * that depends on who is looking.
 */
export async function sessionChanged(queryClient: QueryClient, user: User | null): Promise<void> {
  queryClient.setQueryData(initialQuery.queryKey, (old) => (old ? { ...old, user } : old));
  queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
  await queryClient.invalidateQueries({ queryKey: initialQuery.queryKey });
}
