import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { isUserFeedFilter, messages, ui, type UserFeedFilter, type UserFeedItem } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { infiniteScrollingDisabled, PostCard, useFeedLayout, useInfiniteScroll } from '../../posts';
import { useUserFeed } from '../api/get-user-feed';
import { ProfileComment } from './ProfileComment';
import styles from './Profile.module.css';

const FILTERS: { value: UserFeedFilter; label: string }[] = [
  { value: '', label: 'Overview' },
  { value: 'posts', label: 'Posts' },
  { value: 'comments', label: 'Comments' },
];

/**
 * A user's posts and comments (core §2): the Overview / Posts / Comments selector (`?filter=`), the
 * card or compact layout, and further pages as the reader scrolls (or with More).
 */
export function ProfileFeed({ username }: { username: string }) {
  const search = useSearch();
  const raw = new URLSearchParams(search).get('filter') ?? '';
  const filter: UserFeedFilter = isUserFeedFilter(raw) ? raw : '';
  const [layout, setLayout] = useFeedLayout();
  const query = useUserFeed(username, filter, true);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo<UserFeedItem[]>(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const moreButton = infiniteScrollingDisabled();
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>(
    !moreButton && canLoadMore,
    () => void fetchNextPage(),
    data?.pages.length,
  );

  return (
    <section className={styles.feed} aria-label={`${username}'s posts and comments`}>
      <div className={styles.feedHeader}>
        <nav className={styles.filters} aria-label="Show">
          {FILTERS.map((f) => (
            <Link
              key={f.value}
              href={f.value ? `?filter=${f.value}` : '?'}
              className={styles.filter}
              aria-current={filter === f.value ? 'page' : undefined}
            >
              {f.label}
            </Link>
          ))}
        </nav>
        <div className={styles.layouts} role="group" aria-label="Layout">
          {(['card', 'compact'] as const).map((l) => (
            <button
              key={l}
              type="button"
              className={styles.filter}
              aria-pressed={layout === l}
              onClick={() => setLayout(l)}
            >
              {l === 'card' ? 'Card' : 'Compact'}
            </button>
          ))}
        </div>
      </div>
      {!data && query.isError ? (
        <div role="alert" className={styles.message}>
          <p>{errorText(query.error)}</p>
          <Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : !data ? (
        <Skeleton lines={3} count={4} label="Loading" />
      ) : items.length === 0 ? (
        <p className={styles.message}>{messages.common.nothingToShow}</p>
      ) : (
        <>
          <ul className={styles.items}>
            {items.map((entry, index) => (
              <li key={entry.item.id}>
                {entry.type === 'post' ? (
                  <PostCard post={entry.item} layout={layout} eager={index < ui.feedEagerImages} />
                ) : (
                  <ProfileComment comment={entry.item} />
                )}
              </li>
            ))}
          </ul>
          {isFetchingNextPage && <Skeleton lines={3} count={2} label="Loading more" />}
          {canLoadMore && moreButton && (
            <Button onClick={() => void fetchNextPage()}>{messages.common.more}</Button>
          )}
          {canLoadMore && !moreButton && (
            <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
          )}
          {!hasNextPage && <p className={styles.end}>{messages.common.noMorePosts}</p>}
        </>
      )}
    </section>
  );
}
