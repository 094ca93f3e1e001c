import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateNotifications } from './notification-cache';
import { RENDERED, type NotificationType } from './types';

/**
 * `POST /api/notifications?action=markAllAsSeen&type=` with an empty type (all) or `new_votes` (the
 * upvote notifications) (API.md §12.2).
 */
export const markAllSeen = (type: '' | NotificationType) =>
  api<unknown>('/notifications', { method: 'POST', query: { ...RENDERED, action: 'markAllAsSeen', type } });

export function useMarkAllSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllSeen,
    onSuccess: (_answer, type) => {
      const seenAt = new Date().toISOString();
      updateNotifications(queryClient, (item) =>
        !item.seen && (type === '' || item.type === type) ? { ...item, seen: true, seenAt } : item,
      );
    },
  });
}
