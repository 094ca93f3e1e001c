import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Feed, Mutes, Post } from '@commons/shared';
import { commentKeys } from '../../comments';
import { postKeys } from '../../posts';
import { initialQuery } from '../../session';

/*
 * The viewer's mutes are the `mutes` of `_initial` (API.md §6.1) in the query cache: seeded by the
 * bootstrap, replaced by each POST/DELETE /api/mutes answer, and loaded again with the rest of the
 * session when someone logs in or out, so they can never belong to the previous viewer.
 */

const EMPTY: Mutes = { communityMutes: [], userMutes: [] };

export function useMutes(): Mutes {
  const { data } = useQuery({ ...initialQuery, select: (initial) => initial.mutes });
  return data ?? EMPTY;
}

export function setMutes(queryClient: QueryClient, update: (mutes: Mutes) => Mutes): void {
  queryClient.setQueryData(initialQuery.queryKey, (old) =>
    old ? { ...old, mutes: update(old.mutes ?? EMPTY) } : old,
  );
}

/**
 * Right after a mute: the muted author's posts (or, in All, the community's) leave the feeds at once,
 * pins aside, as the server leaves them out (DOMAIN §2.2); then every feed, post and thread is read
 * again for the flags (`isAuthorMuted`, the collapsed comments) and the pages' contents.
 */
export function afterMuteChange(
  queryClient: QueryClient,
  muted?: { userId: string } | { communityId: string },
): void {
  if (muted) {
    const leaves = (post: Post, allFeed: boolean) =>
      !post.isPinnedSite &&
      !post.isPinned &&
      ('userId' in muted ? post.userId === muted.userId : allFeed && post.communityId === muted.communityId);
    for (const [key, data] of queryClient.getQueriesData<InfiniteData<Feed>>({ queryKey: postKeys.feeds })) {
      if (!data?.pages) continue;
      const params = key[2] as { kind?: string } | undefined;
      queryClient.setQueryData<InfiniteData<Feed>>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          posts: page.posts.filter((post) => !leaves(post, params?.kind === 'all')),
        })),
      });
    }
  }
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: commentKeys.all });
}

export function useMuteState() {
  const mutes = useMutes();
  return {
    isUserMuted: (userId: string) => mutes.userMutes.some((m) => m.mutedUserId === userId),
    isCommunityMuted: (communityId: string) =>
      mutes.communityMutes.some((m) => m.mutedCommunityId === communityId),
  };
}
