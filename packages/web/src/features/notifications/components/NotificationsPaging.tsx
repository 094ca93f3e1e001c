import { useState } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { devicePreferences } from '../../../lib/device-preferences';
import { useInfiniteScroll } from '../../posts';
import type { NotificationsPage } from '../api/types';
import styles from './Notifications.module.css';

/**
 * The end of the panel, paged as the feeds are (core §2): the next page as the reader nears the end, or
 * a More button when infinite scrolling is off; a failed page with Retry; the end. Its own and not the
 * feeds' FeedPaging: sharing that with this lazy page split it out of the home page's chunks, and each
 * extra file costs the first load (decisions §38).
 */
export function NotificationsPaging({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<NotificationsPage>>;
}) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const [moreButton] = useState(() => devicePreferences().infiniteScrollingDisabled);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    !moreButton && canLoadMore,
    () => void fetchNextPage(),
    data?.pages.length,
  );
  return (
    <>
      {isFetchingNextPage && <Skeleton lines={2} count={2} label="Loading more notifications" />}
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
      {!hasNextPage && <p className={styles.end}>{messages.notifications.end}</p>}
    </>
  );
}
