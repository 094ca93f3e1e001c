import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupBody, User } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { sessionChanged } from '../../session';

export function signup(body: SignupBody): Promise<User> {
  return api<User>('/_signup', { method: 'POST', body });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => sessionChanged(queryClient, user),
  });
}
