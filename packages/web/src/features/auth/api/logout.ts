import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
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
  const loggedOut = () => {
    if (userId) clearDraftsOf(userId);
    return sessionChanged(queryClient, null);
  };
  return useMutation({
    mutationFn: logout,
    onSuccess: loggedOut,
    // A session already ended elsewhere (a password changed on another device, a ban) is logged out.
    onError: (error) =>
      error instanceof ApiError && error.code === 'not_logged_in'
        ? loggedOut()
        : showAlert(messages.login.logoutFailed, { tone: 'error' }),
  });
}
