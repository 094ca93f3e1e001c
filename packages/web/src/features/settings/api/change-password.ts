import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';
import { storeSessionUser } from './session-user';

export interface PasswordChange {
  password: string;
  newPassword: string;
  repeatPassword: string;
}

/**
 * `POST /api/_settings?action=changePassword` (API.md §6.6). The server ends the account's other
 * sessions and renews this one (its cookie and CSRF token come with the answer).
 */
export function changePassword(change: PasswordChange): Promise<User> {
  return api<User>('/_settings', { method: 'POST', query: { action: 'changePassword' }, body: change });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsKeys.changePassword,
    mutationFn: changePassword,
    onSuccess: (user) => storeSessionUser(queryClient, user),
  });
}
