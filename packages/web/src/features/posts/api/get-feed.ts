import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Feed, FeedSort } from '@commons/shared';
import { api, embeddedAnswer } from '../../../lib/api-client';
import { postKeys } from './keys';

export interface FeedParams {
  /** `subscriptions` is the feed of joined communities (`feed=home`). */
  kind: 'all' | 'subscriptions' | 'community';
  sort: FeedSort;
  communityId?: string;
  /** Show the feed from its Nth page (of 10 posts) on: a cursor feed reaches it by walking the pages. */
  startPage?: number;
  /** Who is looking: votes and hidden posts differ per viewer. */
  viewer: string | null;
}

function feedPageQuery(params: FeedParams, next: string | null) {
  return {
    sort: params.sort,
    feed: params.kind === 'subscriptions' ? 'home' : undefined,
    communityId: params.kind === 'community' ? params.communityId : undefined,
    next,
  };
}

function fetchFeedPage(params: FeedParams, next: string | null, signal: AbortSignal): Promise<Feed> {
  return api<Feed>('/posts', { query: feedPageQuery(params, next), signal });
}

/** `GET /api/posts` (API.md §8.1): pages of posts followed by their `next` cursor. */
export function feedQuery(params: FeedParams) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(params),
    queryFn: async ({ pageParam, signal }): Promise<Feed> => {
      if (pageParam === null && (params.startPage ?? 1) > 1) {
        let next: string | null = null;
        for (let page = 1; page < params.startPage!; page++) {
          const skipped = await fetchFeedPage(params, next, signal);
          if (!skipped.next) return { posts: [], next: null };
          next = skipped.next;
        }
        return fetchFeedPage(params, next, signal);
      }
      return fetchFeedPage(params, pageParam, signal);
    },
    initialPageParam: null as string | null,
    // The page's HTML may carry the first page: shown by the first render, as the server rendered it.
    initialData: () => {
      if ((params.startPage ?? 1) > 1) return undefined;
      const first = embeddedAnswer<Feed>('/posts', feedPageQuery(params, null));
      return first && { pages: [first], pageParams: [null] };
    },
    getNextPageParam: (last) => last.next || undefined,
  });
}

export function useFeed(params: FeedParams) {
  return useInfiniteQuery(feedQuery(params));
}
