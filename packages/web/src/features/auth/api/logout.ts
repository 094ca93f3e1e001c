import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { clearDraftsOf } from '../../../lib/drafts';
import { showAlert } from '../../../components/ui/Toasts';
import { sessionChanged, useCurrentUser } from '../../session';

export function logout(): Promise<{ success: true }> {
  return api('/_login', { method: 'POST', query: { action: 'logout' } });
}

/** Logs out, and removes the member's unsent drafts from the device. */
export function useLogout() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      if (userId) clearDraftsOf(userId);
      return sessionChanged(queryClient, null);
    },
    onError: () => showAlert(messages.login.logoutFailed, { tone: 'error' }),
  });
}
