import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { messages, ui, type Feed as FeedPage, type Post } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Skeleton } from '../../../components/ui/Skeleton';
import { isMobileDevice, useMediaQuery } from '../../../lib/device';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../session';
import { feedQuery, useFeed, type FeedParams } from '../api/get-feed';
import { Link } from 'wouter';
import { useFeedLayout, useFeedSort, useFirstPageHref } from '../feed-preferences';
import { usePullToRefresh } from '../use-pull-to-refresh';
import styles from './Feed.module.css';
import { FeedHeader } from './FeedHeader';
import { FeedPaging } from './FeedPaging';
import { PostCard } from './PostCard';

interface Props {
  kind: FeedParams['kind'];
  communityId?: string;
  /** Start from this page of the feed (the community page's `page` parameter). */
  startPage?: number;
  /** On a community's own page its name is left out of the cards. */
  showCommunity?: boolean;
}

/** Later pages can repeat a post whose rank moved between two loads; it shows once. */
function uniquePosts(data: InfiniteData<FeedPage> | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data?.pages ?? []) {
    for (const post of page.posts ?? []) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * A feed of posts (core §2, §4): skeletons while the first page loads, the first 6 posts at once and the
 * rest a frame later, then further pages as the reader nears the end (or with a More button), the sort
 * tabs and the layout switch, and pull-to-refresh on touch screens.
 */
export function Feed({ kind, communityId, startPage = 1, showCommunity = true }: Props) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser()?.id ?? null;
  const sort = useFeedSort();
  const [layout, setLayout] = useFeedLayout();
  const params: FeedParams = { kind, sort, communityId, startPage, viewer };
  const query = useFeed(params);
  const { data, isFetchingNextPage, refetch } = query;
  const posts = useMemo(() => uniquePosts(data), [data]);
  const firstPage = useFirstPageHref();

  // The first items paint first; the others follow on the next frame (core §4). Coming back to a feed
  // already loaded shows it whole at once, so the reader's place is there to return to.
  const loaded = data !== undefined;
  const [showAll, setShowAll] = useState(loaded);
  useEffect(() => {
    if (!loaded || showAll) return;
    const frame = requestAnimationFrame(() => setShowAll(true));
    return () => cancelAnimationFrame(frame);
  }, [loaded, showAll]);
  const shown = showAll ? posts : posts.slice(0, ui.feedInitialItems);

  const touch = useMediaQuery('(pointer: coarse)') || isMobileDevice();
  const pull = usePullToRefresh(touch && loaded, async () => {
    // Reload the first page only; the pages after it load again as the reader scrolls.
    queryClient.setQueryData<InfiniteData<FeedPage>>(feedQuery(params).queryKey, (old) =>
      old ? { pages: old.pages.slice(0, 1), pageParams: old.pageParams.slice(0, 1) } : old,
    );
    await refetch();
  });

  const pinScope = kind === 'community' ? 'community' : 'site';
  let body: React.ReactNode;
  if (!loaded && query.isError) {
    body = (
      <div className={styles.message} role="alert">
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void refetch()}>{messages.common.retry}</Button>
      </div>
    );
  } else if (!loaded) {
    body = <Skeleton lines={3} count={ui.feedSkeletons} label="Loading posts" />;
  } else if (posts.length === 0) {
    body = <p className={styles.message}>{messages.common.nothingToShow}</p>;
  } else {
    body = (
      <>
        <ul className={`${styles.list} ${layout === 'compact' ? styles.listCompact : ''}`}>
          {shown.map((post, index) => (
            <li key={post.id}>
              <PostCard
                post={post}
                layout={layout}
                eager={index < ui.feedEagerImages}
                pinScope={pinScope}
                showCommunity={showCommunity}
              />
            </li>
          ))}
        </ul>
        <FeedPaging query={query} ready={showAll} loadingLabel="Loading more posts" />
      </>
    );
  }

  return (
    <section className={styles.feed} aria-label="Posts" aria-busy={!loaded || isFetchingNextPage}>
      <FeedHeader sort={sort} layout={layout} onLayoutChange={setLayout} />
      {startPage > 1 && (
        <p className={styles.pageNote}>
          Page {startPage} · <Link href={firstPage}>Back to the first page</Link>
        </p>
      )}
      {(pull.distance > 0 || pull.refreshing) && (
        <div
          className={styles.pull}
          style={{ height: pull.refreshing ? 48 : pull.distance }}
          role="status"
          aria-label={pull.refreshing ? 'Refreshing' : pull.ready ? 'Release to refresh' : 'Pull to refresh'}
        >
          <span
            className={`${styles.pullIcon} ${pull.refreshing ? styles.spinning : ''}`}
            style={{ transform: pull.refreshing ? undefined : `rotate(${pull.distance * 3}deg)` }}
          >
            <Icon name="refresh" size={20} />
          </span>
        </div>
      )}
      {body}
    </section>
  );
}
