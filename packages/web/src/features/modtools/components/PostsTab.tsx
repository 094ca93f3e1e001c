import { useSearch } from 'wouter';
import { messages, type Community } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { useModtoolsPosts } from '../api/get-modtools-posts';
import { MODTOOLS_PAGE_SIZE, type ModtoolsPostFilter } from '../api/keys';
import { pageCount } from '../pagination';
import { PostSummary } from './ContentSummary';
import { Pager, pageFrom } from './Pager';
import styles from './Modtools.module.css';

const TITLES: Record<ModtoolsPostFilter, { heading: string; empty: string }> = {
  deleted: { heading: 'Removed posts', empty: 'No removed posts.' },
  locked: { heading: 'Locked posts', empty: 'No locked posts.' },
};

/** The Removed and Locked tabs (secondary §2, API.md §8.1): the community's posts in that state, paged. */
export function PostsTab({ community, filter }: { community: Community; filter: ModtoolsPostFilter }) {
  const page = pageFrom(useSearch());
  const query = useModtoolsPosts(community.id, filter, page);
  const posts = query.data?.posts ?? [];
  const headingId = `modtools-${filter}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {TITLES[filter].heading}
        {query.data && ` (${query.data.noPosts})`}
      </h2>
      {query.isPending ? (
        <Skeleton lines={2} count={3} label="Loading posts" />
      ) : query.isError ? (
        <div role="alert">
          <p className={styles.error}>{errorText(query.error)}</p>
          <Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : posts.length === 0 ? (
        <p className={styles.muted}>{TITLES[filter].empty}</p>
      ) : (
        <ul className={styles.list} aria-label={TITLES[filter].heading}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostSummary post={post} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        totalPages={pageCount(query.data?.noPosts ?? 0, MODTOOLS_PAGE_SIZE)}
        current={page}
        label={`Pages of ${TITLES[filter].heading.toLowerCase()}`}
      />
    </section>
  );
}
