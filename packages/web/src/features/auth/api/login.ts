import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { sessionChanged } from '../../session';

export function login(body: LoginBody): Promise<User> {
  return api<User>('/_login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => sessionChanged(queryClient, user),
  });
}
