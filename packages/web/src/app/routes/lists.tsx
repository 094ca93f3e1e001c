import { useId, useState } from 'react';
import { Link, Redirect, useSearchParams } from 'wouter';
import { messages } from '@commons/shared';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUserLists } from '../../features/lists/api/get-user-lists';
import {
  DEFAULT_LISTS_FILTER,
  DEFAULT_LISTS_SORT,
  isListsFilter,
  isListsSort,
  type ListsFilter,
  type ListsSort,
} from '../../features/lists/api/list-types';
import { EditListModal } from '../../features/lists/components/EditListModal';
import { ListRows } from '../../features/lists/components/ListRows';
import styles from '../../features/lists/components/Lists.module.css';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import { NotFoundPage } from './not-found';

const SORTS: { value: ListsSort; label: string }[] = [
  { value: 'lastAdded', label: 'Last added' },
  { value: 'name', label: 'A-Z' },
];

const FILTERS: { value: ListsFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];

/** The query string for a sort and filter, the defaults left out. */
function searchFor(sort: ListsSort, filter: ListsFilter): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_LISTS_SORT) params.set('sort', sort);
  if (filter !== DEFAULT_LISTS_FILTER) params.set('filter', filter);
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/**
 * A user's lists (secondary §2 `/@{username}/lists`). The owner sees all of them, with the
 * public/private/all filter, the Last added / A-Z sort (both in the query string) and New list; others
 * see the public ones.
 */
export default function ListsPage({ username }: { username: string }) {
  const id = useId();
  const viewer = useCurrentUser();
  const [params] = useSearchParams();
  const owner = viewer !== null && viewer.username.toLowerCase() === username.toLowerCase();
  const sortParam = params.get('sort');
  const filterParam = params.get('filter');
  const sort = owner && isListsSort(sortParam) ? sortParam : DEFAULT_LISTS_SORT;
  const filter = owner && isListsFilter(filterParam) ? filterParam : DEFAULT_LISTS_FILTER;
  const query = useUserLists(username, sort, filter);
  const [creating, setCreating] = useState(false);
  useDocumentTitle(owner ? 'My lists' : `@${username}'s lists`);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  // The address names the user as they spell it, as the profile's and a list's do.
  const spelled = owner ? viewer.username : query.data?.[0]?.username;
  if (spelled && spelled !== username) {
    return <Redirect to={`/@${spelled}/lists${params.size > 0 ? `?${params}` : ''}`} replace />;
  }

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton lines={2} count={4} label="Loading lists" />;
  } else if (query.isError) {
    body = (
      <div className={styles.message} role="alert">
        <p>{messages.lists.loadFailed}</p>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {messages.common.retry}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = (
      <div className={styles.message}>
        <p>
          {owner
            ? filter === 'all'
              ? 'You have no lists yet.'
              : `You have no ${filter} lists.`
            : `@${username} has no public lists.`}
        </p>
      </div>
    );
  } else {
    body = <ListRows lists={query.data} />;
  }

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <div>
          <h1 id={`${id}-title`} className={styles.title}>
            {owner ? 'My lists' : 'Lists'}
          </h1>
          <p className={styles.byline}>
            <Link href={`/@${username}`}>@{username}</Link>
          </p>
        </div>
        {owner && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Icon name="plus" size={18} />
            New list
          </Button>
        )}
      </header>
      {owner && (
        <div className={styles.controls}>
          <nav className={styles.chips} aria-label="Show">
            {FILTERS.map((f) => (
              <Link
                key={f.value}
                href={searchFor(sort, f.value)}
                className={styles.chip}
                aria-current={filter === f.value ? 'page' : undefined}
              >
                {f.label}
              </Link>
            ))}
          </nav>
          <nav className={styles.chips} aria-label="Sort">
            {SORTS.map((s) => (
              <Link
                key={s.value}
                href={searchFor(s.value, filter)}
                className={styles.chip}
                aria-current={sort === s.value ? 'page' : undefined}
              >
                {s.label}
              </Link>
            ))}
          </nav>
        </div>
      )}
      {body}
      {creating && viewer && <EditListModal username={viewer.username} onClose={() => setCreating(false)} />}
    </section>
  );
}
