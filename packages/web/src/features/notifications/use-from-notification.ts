import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { useCurrentUser } from '../session';
import { markSeenFromNotification } from './api/mark-seen';

/**
 * A page opened with `?fromNotif={id}` (a notification's link, API.md §18.12) marks that notification
 * seen, once per id; failures are only logged (secondary §8).
 */
export function useFromNotification(): void {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const loggedIn = useCurrentUser() !== null;
  const raw = params.get('fromNotif');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  useEffect(() => {
    if (id !== null && loggedIn) markSeenFromNotification(queryClient, id);
  }, [id, loggedIn, queryClient]);
}
