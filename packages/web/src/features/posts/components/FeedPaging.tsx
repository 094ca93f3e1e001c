import { useState } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { infiniteScrollingDisabled } from '../feed-preferences';
import { useInfiniteScroll } from '../use-infinite-scroll';
import styles from './Feed.module.css';

type PagedQuery = UseInfiniteQueryResult<InfiniteData<unknown>>;

/**
 * The end of a paged feed (core §2): the next page as the reader nears the end, or with a More button
 * when infinite scrolling is off (device preference); 'Loading more', a failed page with Retry, and
 * 'No more posts'. The post feeds and a list's items page the same way. `ready` holds the infinite
 * scroll back (a feed still drawing its first items).
 */
export function FeedPaging({
  query,
  ready = true,
  loadingLabel = 'Loading more',
}: {
  query: PagedQuery;
  ready?: boolean;
  loadingLabel?: string;
}) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Read once per feed: a change in settings applies the next time a feed opens.
  const [moreButton] = useState(infiniteScrollingDisabled);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    !moreButton && ready && canLoadMore,
    () => void fetchNextPage(),
    data?.pages.length,
  );
  return (
    <>
      {isFetchingNextPage && <Skeleton lines={3} count={2} label={loadingLabel} />}
      {query.isFetchNextPageError && (
        <div className={styles.message} role="alert">
          <p>{errorText(query.error)}</p>
          <Button onClick={() => void fetchNextPage()}>{messages.common.retry}</Button>
        </div>
      )}
      {canLoadMore && moreButton && (
        <div className={styles.more}>
          <Button onClick={() => void fetchNextPage()}>{messages.common.more}</Button>
        </div>
      )}
      {canLoadMore && !moreButton && <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />}
      {!hasNextPage && <p className={styles.end}>{messages.common.noMorePosts}</p>}
    </>
  );
}
