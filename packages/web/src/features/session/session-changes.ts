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

/**
 * A write refused because the viewer is banned from a community they were not known to be banned from
 * (core §8): the session learns it at once, so that the community's page says so and stops offering
 * what the ban forbids, without waiting for the next load.
 */
export function markBannedFrom(queryClient: QueryClient, communityId: string): void {
  queryClient.setQueryData(initialQuery.queryKey, (old) =>
    old && !old.bannedFrom?.includes(communityId)
      ? { ...old, bannedFrom: [...(old.bannedFrom ?? []), communityId] }
      : old,
  );
}
