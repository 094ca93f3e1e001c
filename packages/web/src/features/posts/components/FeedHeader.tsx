import { Link, useLocation } from 'wouter';
import type { FeedSort } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { useCurrentUser } from '../../session';
import { rememberFeedSort, useSortHref, type FeedLayout } from '../feed-preferences';
import styles from './Feed.module.css';

const TABS: { sort: FeedSort; label: string }[] = [
  { sort: 'hot', label: 'Hot' },
  { sort: 'activity', label: 'Active' },
  { sort: 'latest', label: 'New' },
];

const TOP: { sort: FeedSort; label: string }[] = [
  { sort: 'day', label: 'Today' },
  { sort: 'week', label: 'This week' },
  { sort: 'month', label: 'This month' },
  { sort: 'year', label: 'This year' },
  { sort: 'all', label: 'All time' },
];

/** The sort tabs (Hot, Active, New, and the Top menu) and the card or compact layout switch. */
export function FeedHeader({
  sort,
  layout,
  onLayoutChange,
}: {
  sort: FeedSort;
  layout: FeedLayout;
  onLayoutChange: (layout: FeedLayout) => void;
}) {
  const user = useCurrentUser();
  const hrefFor = useSortHref();
  const [, navigate] = useLocation();
  const top = TOP.find((t) => t.sort === sort);
  return (
    <div className={styles.header}>
      <nav aria-label="Sort posts" className={styles.sorts}>
        {TABS.map((tab) => (
          <Link
            key={tab.sort}
            href={hrefFor(tab.sort)}
            className={`${styles.sort} ${sort === tab.sort ? styles.sortCurrent : ''}`}
            aria-current={sort === tab.sort ? 'page' : undefined}
            onClick={() => rememberFeedSort(user, tab.sort)}
          >
            {tab.label}
          </Link>
        ))}
        <LazyMenu
          label="Top posts of"
          triggerLabel={top ? `Top: ${top.label}` : 'Top'}
          triggerClassName={`${styles.sort} ${top ? styles.sortCurrent : ''}`}
          trigger={
            <>
              {top ? `Top: ${top.label}` : 'Top'}
              <Icon name="chevronDown" size={16} />
            </>
          }
          items={() =>
            TOP.map((t) => ({
              kind: 'action' as const,
              label: t.label,
              icon: t.sort === sort ? ('check' as const) : undefined,
              onSelect: () => {
                rememberFeedSort(user, t.sort);
                navigate(hrefFor(t.sort));
              },
            }))
          }
        />
      </nav>
      <div className={styles.layouts} role="group" aria-label="Layout">
        <button
          type="button"
          className={styles.layoutButton}
          aria-pressed={layout === 'card'}
          aria-label="Cards"
          title="Cards"
          onClick={() => onLayoutChange('card')}
        >
          <Icon name="layoutCard" size={18} />
        </button>
        <button
          type="button"
          className={styles.layoutButton}
          aria-pressed={layout === 'compact'}
          aria-label="Compact"
          title="Compact"
          onClick={() => onLayoutChange('compact')}
        >
          <Icon name="layoutCompact" size={18} />
        </button>
      </div>
    </div>
  );
}
