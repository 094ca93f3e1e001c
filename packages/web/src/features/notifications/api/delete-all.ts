import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';
import type { NotificationsPage } from './types';
import { RENDERED } from './types';

/** `POST /api/notifications?action=deleteAll` (API.md §12.2). */
export const deleteAllNotifications = () =>
  api<unknown>('/notifications', { method: 'POST', query: { ...RENDERED, action: 'deleteAll' } });

export function useDeleteAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllNotifications,
    onSuccess: () =>
      queryClient.setQueriesData<InfiniteData<NotificationsPage>>(
        { queryKey: notificationKeys.all },
        (data) =>
          data && {
            pages: [{ count: 0, newCount: 0, items: [], next: '' }],
            pageParams: [data.pageParams[0] ?? null],
          },
      ),
  });
}
