import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { notificationKeys } from './keys';
import { RENDERED, type NotificationsPage } from './types';

/**
 * `GET /api/notifications?render=true&format=html[&next=…]` (API.md §12.1): 10 a page, unseen first,
 * more while `next` is not empty.
 */
export function notificationsQuery(viewer: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(viewer),
    queryFn: ({ pageParam, signal }) =>
      api<NotificationsPage>('/notifications', { query: { ...RENDERED, next: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next || undefined,
    // Read afresh every time the panel opens (secondary §4: reload).
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useNotifications() {
  const viewer = useCurrentUser()?.id ?? '';
  return useInfiniteQuery({ ...notificationsQuery(viewer), enabled: viewer !== '' });
}
