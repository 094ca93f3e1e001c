import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from './keys';

/**
 * `POST /api/users/{u}/badges` and `DELETE /api/users/{u}/badges/supporter?byType=true` (API.md §7.5):
 * an admin gives or takes the supporter badge.
 */
export function useSupporterBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, give }: { username: string; give: boolean }) =>
      give
        ? api(`/users/${encodeURIComponent(username)}/badges`, {
            method: 'POST',
            body: { type: 'supporter' },
          })
        : api(`/users/${encodeURIComponent(username)}/badges/supporter`, {
            method: 'DELETE',
            query: { byType: true },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
