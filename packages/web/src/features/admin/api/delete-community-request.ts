import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityRequest } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `DELETE /api/community_requests/{id}` (API.md §15.3): the request leaves the list. */
export function useDeleteCommunityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CommunityRequest) => api(`/community_requests/${request.id}`, { method: 'DELETE' }),
    onSuccess: (_, request) =>
      queryClient.setQueryData<CommunityRequest[]>(adminKeys.communityRequests, (list) =>
        list?.filter((r) => r.id !== request.id),
      ),
  });
}
