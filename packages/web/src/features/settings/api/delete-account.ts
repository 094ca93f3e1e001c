import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearDraftsOf } from '../../../lib/drafts';
import { sessionChanged } from '../../session';
import { settingsKeys } from './keys';

/** `DELETE /api/users/{username}` with the requester's password (API.md §7.2). */
export function deleteAccount(username: string, password: string): Promise<{ success: true }> {
  return api(`/users/${encodeURIComponent(username)}`, { method: 'DELETE', body: { password } });
}

/**
 * Deletes the member's own account. The server has ended every session of it, so the app turns
 * anonymous at once (after `onDeleted`, which leaves pages that need an account), and the member's
 * drafts leave the device with the account.
 */
export function useDeleteAccount(user: { id: string; username: string }, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.deleteAccount,
    mutationFn: (password: string) => deleteAccount(user.username, password),
    onSuccess: () => {
      clearDraftsOf(user.id);
      onDeleted();
      return sessionChanged(queryClient, null);
    },
  });
}
