import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserFeed, UserFeedFilter } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../posts';
import { useCurrentUser } from '../../session';

/** `GET /api/users/{username}/feed` (API.md §7.3): the user's posts and comments, newest first. */
export function userFeedQuery(username: string, filter: UserFeedFilter, viewer: string | null) {
  return infiniteQueryOptions({
    queryKey: postKeys.profile(username, filter, viewer),
    queryFn: ({ pageParam, signal }) =>
      api<UserFeed>(`/users/${encodeURIComponent(username)}/feed`, {
        query: { filter, next: pageParam },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useUserFeed(username: string, filter: UserFeedFilter, enabled: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useInfiniteQuery({ ...userFeedQuery(username, filter, viewer), enabled });
}
