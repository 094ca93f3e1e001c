import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { showAlert } from '../../../components/ui/Toasts';
import { sessionChanged } from '../../session/session-changes';

export function logout(): Promise<{ success: true }> {
  return api('/_login', { method: 'POST', query: { action: 'logout' } });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => sessionChanged(queryClient, null),
    onError: () => showAlert(messages.login.logoutFailed, { tone: 'error' }),
  });
}
