import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Feed, Post, UserFeed } from '@commons/shared';
import { postKeys } from './keys';

/** Applies `change` to every cached copy of the post with id `postId`: feeds, profiles, the post page. */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  change: (post: Post) => Post,
): void {
  queryClient.setQueriesData<InfiniteData<Feed>>({ queryKey: postKeys.feeds }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.posts.some((p) => p.id === postId)) return page;
      changed = true;
      return { ...page, posts: page.posts.map((p) => (p.id === postId ? change(p) : p)) };
    });
    return changed ? { ...data, pages } : data;
  });
  updateProfileItems(queryClient, (item) =>
    item.type === 'post' && item.item.id === postId ? { ...item, item: change(item.item) } : item,
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details }, (post) =>
    post && post.id === postId ? change(post) : post,
  );
}

/**
 * Puts a post from an answer in place of the cached copies. Answers other than the post page's leave
 * out the comments and the community, so a cached copy keeps its own.
 */
export function replacePostEverywhere(queryClient: QueryClient, updated: Post): void {
  updatePostEverywhere(queryClient, updated.id, (old) => ({
    ...updated,
    comments: updated.comments ?? old.comments,
    commentsNext: updated.comments ? updated.commentsNext : old.commentsNext,
    ...((updated.community ?? old.community) ? { community: updated.community ?? old.community } : {}),
  }));
}

/** The post as a feed already holds it, so its page can show at once while the full post loads. */
export function findPostInFeeds(queryClient: QueryClient, publicId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Feed>>({ queryKey: postKeys.feeds })) {
    for (const page of data?.pages ?? []) {
      const post = page.posts.find((p) => p.publicId === publicId);
      if (post) return post;
    }
  }
  return undefined;
}

type FeedItemChange = (item: UserFeed['items'][number]) => UserFeed['items'][number];

/** Other features' caches of posts and comments as feed items (a list's items): see holdFeedItems. */
const feedItemHolders = new Set<(queryClient: QueryClient, change: FeedItemChange) => void>();

/**
 * Lets another feature's cache of posts and comments take the same changes as profile feeds (votes,
 * edits, deletions), without this feature knowing its shape.
 */
export function holdFeedItems(update: (queryClient: QueryClient, change: FeedItemChange) => void): void {
  feedItemHolders.add(update);
}

/** Applies `change` to every item of every cached profile feed (posts and comments), and of the holders. */
export function updateProfileItems(queryClient: QueryClient, change: FeedItemChange): void {
  for (const update of feedItemHolders) update(queryClient, change);
  queryClient.setQueriesData<InfiniteData<UserFeed>>({ queryKey: postKeys.profiles }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const items = page.items.map((item) => {
        const next = change(item);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? { ...page, items } : page;
    });
    return changed ? { ...data, pages } : data;
  });
}
