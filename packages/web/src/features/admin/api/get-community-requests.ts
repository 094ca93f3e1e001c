import { useQuery } from '@tanstack/react-query';
import type { CommunityRequest } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/community_requests` (API.md §15.2): the last 90 days' requests, newest first. */
export function useCommunityRequests() {
  return useQuery({
    queryKey: adminKeys.communityRequests,
    queryFn: ({ signal }) => api<CommunityRequest[]>('/community_requests', { signal }),
  });
}
