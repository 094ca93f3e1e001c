import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { currentUserQuery, initialQuery } from '../../session';

/**
 * The session's user replaced by an answer of the settings calls (API.md §6.6, §7.4: the user in self
 * view), so every reader of the preferences sees them at once. Those answers carry `moddingList: null`;
 * the polled user has it filled, so the known list is kept until the next poll.
 */
export function storeSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(currentUserQuery.queryKey, (old: User | undefined) => ({
    ...user,
    moddingList: user.moddingList ?? old?.moddingList ?? null,
  }));
  queryClient.setQueryData(initialQuery.queryKey, (old) =>
    old?.user ? { ...old, user: { ...user, moddingList: null } } : old,
  );
}
