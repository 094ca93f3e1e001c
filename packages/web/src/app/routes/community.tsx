import { Redirect, useLocation, useSearch } from 'wouter';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api-client';
import { useIsMobileLayout } from '../../lib/device';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedLinks } from '../../lib/use-feed-links';
import { feedLinks } from '@commons/shared/texts/feeds';
import { siteConfig } from '../site-config';
import { useCommunity } from '../../features/communities/api/get-community';
import { CommunityDetails } from '../../features/communities/components/CommunityDetails';
import { CommunityHeader } from '../../features/communities/components/CommunityHeader';
import { Feed } from '../../features/posts/components/Feed';
import { useFeedSort } from '../../features/posts/feed-preferences';
import { NotFoundPage } from './not-found';
import { LoadFailed, PostsAboutTabs } from './page-parts';
import pages from './pages.module.css';
import styles from './feed-pages.module.css';
import { useFromNotification } from '../../features/notifications';

/** `?page=N` (integer, default 1): the feed starts at its Nth page of posts. */
export function pageParam(search: string): number {
  const value = new URLSearchParams(search).get('page');
  if (!value || !/^\d+$/.test(value)) return 1;
  return Math.max(1, Number.parseInt(value, 10));
}

/**
 * A community (core §2): its header, its feed, and the about, rules and moderators beside it; on phones
 * Posts and About tabs. A name typed in another case goes to the canonical one.
 */
export default function CommunityPage({ name }: { name: string }) {
  const query = useCommunity(name);
  const [location] = useLocation();
  const search = useSearch();
  const mobile = useIsMobileLayout();
  const community = query.data;
  useDocumentTitle(community?.name ?? name);
  const sort = useFeedSort();
  useFeedLinks(community ? [feedLinks.community(siteConfig.siteName, community.name, sort)] : []);
  useFromNotification();

  if (!community) {
    if (query.isError) {
      const status = query.error instanceof ApiError ? query.error.status : 0;
      if (status === 404 || status === 400) return <NotFoundPage />;
      return (
        <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      );
    }
    return <Skeleton lines={4} count={3} label="Loading community" />;
  }

  if (community.name !== name) {
    const rest = location.slice(name.length + 1);
    return <Redirect to={`/${community.name}${rest}${search ? `?${search}` : ''}`} replace />;
  }

  const feed = (
    <Feed
      key={community.id}
      kind="community"
      communityId={community.id}
      startPage={pageParam(search)}
      showCommunity={false}
    />
  );

  return (
    <div className={styles.main}>
      <CommunityHeader community={community} />
      {mobile ? (
        <PostsAboutTabs
          label={community.name}
          posts={feed}
          about={<CommunityDetails community={community} />}
        />
      ) : (
        <div className={pages.columns}>
          {feed}
          <aside className={pages.aside} aria-label={`About ${community.name}`}>
            <CommunityDetails community={community} />
          </aside>
        </div>
      )}
    </div>
  );
}
