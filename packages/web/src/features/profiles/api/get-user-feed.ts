import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserFeed } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../posts';
import { useCurrentUser } from '../../session';

/** The profile feed selector (core §2): overview (posts and comments), posts, or comments. */
export type ProfileFilter = '' | 'posts' | 'comments';

export function isProfileFilter(value: string | null): value is ProfileFilter {
  return value === '' || value === 'posts' || value === 'comments';
}

/** `GET /api/users/{username}/feed` (API.md §7.3): the user's posts and comments, newest first. */
export function userFeedQuery(username: string, filter: ProfileFilter, viewer: string | null) {
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

export function useUserFeed(username: string, filter: ProfileFilter, enabled: boolean) {
  const viewer = useCurrentUser()?.id ?? null;
  return useInfiniteQuery({ ...userFeedQuery(username, filter, viewer), enabled });
}
