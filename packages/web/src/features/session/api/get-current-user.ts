import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { ui, type User } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { initialQuery, useInitial } from './get-initial';
import { sessionKeys } from './keys';

export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.currentUser,
  queryFn: () => api<User>('/_user'),
  // Every 5 s while the tab is visible (the poll pauses while it is hidden), and at once when it shows
  // again: the bell's count is fresh the moment the member looks.
  refetchInterval: ui.userPollMs,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  retry: false,
});

/**
 * The logged-in user, re-read every 5 s (API.md §6.5) so points and the unread count stay fresh. If the
 * session ends elsewhere (a ban, a logout in another tab), the app falls back to anonymous.
 */
export function useCurrentUserQuery(): User | null {
  const initial = useInitial();
  const queryClient = useQueryClient();
  const loggedIn = initial.user !== null;
  const { data, error } = useQuery({ ...currentUserQuery, enabled: loggedIn });
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) {
      // Anonymous at once: the poll stops now. Otherwise it re-asks, gets 401 again and invalidates the
      // bootstrap again, cancelling its reload each time: a loop that a fast server never let end.
      queryClient.setQueryData(initialQuery.queryKey, (old) => (old ? { ...old, user: null } : old));
      queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: initialQuery.queryKey }, { cancelRefetch: false });
    }
  }, [error, queryClient]);
  if (!loggedIn) return null;
  return data ?? initial.user;
}

/** The user as `CurrentUserProvider` (components/) read it; undefined outside one. */
export const CurrentUserContext = createContext<User | null | undefined>(undefined);

/** The logged-in user (null for a guest), from the nearest `CurrentUserProvider`. */
export function useCurrentUser(): User | null {
  const user = useContext(CurrentUserContext);
  if (user === undefined) throw new Error('useCurrentUser used outside CurrentUserProvider');
  return user;
}
