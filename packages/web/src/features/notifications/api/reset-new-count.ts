import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearNewCount } from './notification-cache';
import { RENDERED } from './types';

/** `POST /api/notifications?action=resetNewCount` (API.md §12.2), each time the panel loads. */
export const resetNewCount = () =>
  api<unknown>('/notifications', { method: 'POST', query: { ...RENDERED, action: 'resetNewCount' } });

export function useResetNewCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetNewCount,
    onSuccess: () => clearNewCount(queryClient),
    // The count stays until the next poll; the panel itself works without it.
    onError: (error) => console.error('Resetting the new notifications count failed', error),
  });
}
