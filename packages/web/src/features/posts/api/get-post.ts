import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Post } from '@commons/shared';
import { api, ApiError, embeddedAnswer } from '../../../lib/api-client';
import { communityKeys } from '../../communities';
import { useCurrentUser } from '../../session';
import { postKeys } from './keys';
import { findPostInFeeds } from './post-cache';

/** `GET /api/posts/{publicId}?fetchCommunity=true` (API.md §8.3): the post with its community. */
export function postQuery(publicId: string, viewer: string | null) {
  return queryOptions({
    queryKey: postKeys.detailFor(publicId, viewer),
    queryFn: ({ signal }) =>
      api<Post>(`/posts/${encodeURIComponent(publicId)}`, { query: { fetchCommunity: true }, signal }),
    // The page's HTML may carry the post: shown by the first render, as the server rendered it.
    initialData: () =>
      embeddedAnswer<Post>(`/posts/${encodeURIComponent(publicId)}`, { fetchCommunity: true }),
    // A post that does not exist will not appear on a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

/**
 * The post page's post. A post the feeds already hold shows at once while the full one loads; the
 * community that comes with it is cached by name for the community page.
 */
export function usePost(publicId: string) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  const query = useQuery({
    ...postQuery(publicId, viewer),
    placeholderData: () => findPostInFeeds(queryClient, publicId),
  });
  const community = query.isPlaceholderData ? undefined : query.data?.community;
  useEffect(() => {
    if (community) queryClient.setQueryData(communityKeys.detail(community.name, viewer), community);
  }, [community, queryClient, viewer]);
  return query;
}
