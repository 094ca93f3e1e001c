import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages, ui } from '@commons/shared';
import { notificationMessages } from '@commons/shared/texts/notifications';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { devicePreferences } from '../../../lib/device-preferences';
import type { NotificationsPage } from '../api/types';
import styles from './Notifications.module.css';

/**
 * Calls `onNear` when the element comes near the bottom of the screen, as the feeds' useInfiniteScroll
 * does (the same margins). A copy: importing that hook from this lazy page split it into a file of its
 * own on the home page's first load.
 */
function useNearEnd(enabled: boolean, onNear: () => void, round: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useEffectEvent(onNear);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const margin = Math.max(
      ui.feedPrefetchMarginMinPx,
      Math.round(window.innerHeight * ui.feedPrefetchMarginFraction),
    );
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near(), {
      rootMargin: `0px 0px ${margin}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, round]);
  return ref;
}

/**
 * The end of the panel, paged as the feeds are (core §2): the next page as the reader nears the end, or
 * a More button when infinite scrolling is off; a failed page with Retry; the end. Its own and not the
 * feeds' FeedPaging: sharing modules with this lazy page splits them out of the home page's chunks, and
 * each extra file costs the first load (decisions §38).
 */
export function NotificationsPaging({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<NotificationsPage>>;
}) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const [moreButton] = useState(() => devicePreferences().infiniteScrollingDisabled);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useNearEnd(!moreButton && canLoadMore, () => void fetchNextPage(), data?.pages.length);
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
      {!hasNextPage && <p className={styles.end}>{notificationMessages.end}</p>}
    </>
  );
}
