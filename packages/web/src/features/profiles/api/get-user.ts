import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { userKeys } from './keys';

/** `GET /api/users/{username}` (API.md §7.1): the profile, as the viewer may see it. */
export function userQuery(username: string, viewer: string | null) {
  return queryOptions({
    queryKey: userKeys.profile(username, viewer),
    queryFn: ({ signal }) => api<User>(`/users/${encodeURIComponent(username)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function useUserProfile(username: string) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery(userQuery(username, viewer));
}

/** `GET /api/users/{username}?adminsView=true` (API.md §7.1): every detail, for admins. */
export function useAdminUserDetails(username: string, enabled: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useQuery({
    queryKey: userKeys.adminDetails(username, viewer),
    queryFn: ({ signal }) =>
      api<User & Record<string, unknown>>(`/users/${encodeURIComponent(username)}`, {
        query: { adminsView: true },
        signal,
      }),
    enabled,
  });
}
