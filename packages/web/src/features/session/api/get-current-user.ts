import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ui, type User } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { initialQuery, useInitial } from './get-initial';

export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: () => api<User>('/_user'),
  refetchInterval: ui.userPollMs,
  refetchIntervalInBackground: false,
  retry: false,
});

/**
 * The logged-in user, re-read every 5 s (API.md §6.5) so points and the unread count stay fresh. If the
 * session ends elsewhere (a ban, a logout in another tab), the app falls back to anonymous.
 */
export function useCurrentUser(): User | null {
  const initial = useInitial();
  const queryClient = useQueryClient();
  const loggedIn = initial.user !== null;
  const { data, error } = useQuery({ ...currentUserQuery, enabled: loggedIn });
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: initialQuery.queryKey });
    }
  }, [error, queryClient]);
  if (!loggedIn) return null;
  return data ?? initial.user;
}
