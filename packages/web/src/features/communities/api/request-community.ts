import { useMutation } from '@tanstack/react-query';
import type { CreateCommunityRequestBody } from '@commons/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/community_requests` (API.md §15.1): asks the admins for a community; 200 `{success}`. */
export function useRequestCommunity() {
  return useMutation({
    mutationFn: (body: Required<Pick<CreateCommunityRequestBody, 'name'>> & { note: string }) =>
      api<{ success: boolean }>('/community_requests', { method: 'POST', body }),
  });
}
