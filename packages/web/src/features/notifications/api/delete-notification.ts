import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateNotifications } from './notification-cache';
import { RENDERED, type NotificationView } from './types';

/** `DELETE /api/notifications/{id}?render=true&format=html` (API.md §12.4). */
export const deleteNotification = (id: number) =>
  api<NotificationView>(`/notifications/${id}`, { method: 'DELETE', query: RENDERED });

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_answer, id) => updateNotifications(queryClient, (item) => (item.id === id ? null : item)),
  });
}
