import { Redirect, useSearch } from 'wouter';
import { messages } from '@commons/shared';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api-client';
import { useMediaQuery } from '../../lib/device';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedLinks } from '../../lib/use-feed-links';
import { feedLinks } from '@commons/shared/texts/feeds';
import { siteConfig } from '../site-config';
import { useUserProfile } from '../../features/profiles/api/get-user';
import { ProfileCards } from '../../features/profiles/components/ProfileCards';
import { ProfileFeed } from '../../features/profiles/components/ProfileFeed';
import { ProfileHeader } from '../../features/profiles/components/ProfileHeader';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import { NotFoundPage } from './not-found';
import { LoadFailed, PostsAboutTabs } from './page-parts';
import pages from './pages.module.css';
import { seesRemovedAccounts } from '../../lib/policies';
import styles from './feed-pages.module.css';
import { useFromNotification } from '../../features/notifications';

/** The About tab leaves the profile above this width (core §9). */
const ABOUT_TAB_QUERY = '(max-width: 764px)';

/**
 * A user's profile (core §2): header, the posts and comments feed, and the side cards; on narrow
 * screens Posts and About tabs. Deleted and suspended accounts say so to everyone but admins.
 */
export default function ProfilePage({ username }: { username: string }) {
  const query = useUserProfile(username);
  const viewer = useCurrentUser();
  const search = useSearch();
  const narrow = useMediaQuery(ABOUT_TAB_QUERY);
  const user = query.data;
  useDocumentTitle(user ? `@${user.username}` : `@${username}`);
  // A banned account has no public feed (the server's HTML names none either).
  useFeedLinks(user && !user.isBanned ? [feedLinks.user(siteConfig.siteName, user.username)] : []);
  useFromNotification();

  if (!user) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
      return (
        <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      );
    }
    return <Skeleton lines={4} count={3} label="Loading profile" />;
  }
  if (user.username !== username) {
    return <Redirect to={`/@${user.username}${search ? `?${search}` : ''}`} replace />;
  }
  const admin = seesRemovedAccounts(viewer);
  if ((user.deleted || user.isBanned) && !admin) {
    return (
      <section className={pages.centered}>
        <h1>@{user.username}</h1>
        <p className={pages.muted}>
          {user.deleted ? messages.profile.accountDeleted : messages.profile.accountSuspended}
        </p>
      </section>
    );
  }

  const feed = <ProfileFeed key={user.id} username={user.username} />;
  return (
    <div className={styles.main}>
      <ProfileHeader user={user} />
      {admin && (user.deleted || user.isBanned) && (
        <p className={pages.muted} role="status">
          {user.deleted ? messages.profile.accountDeleted : messages.profile.accountSuspended}
        </p>
      )}
      {narrow ? (
        <PostsAboutTabs label={`@${user.username}`} posts={feed} about={<ProfileCards user={user} />} />
      ) : (
        <div className={pages.columns}>
          {feed}
          <aside className={pages.aside} aria-label={`About @${user.username}`}>
            <ProfileCards user={user} />
          </aside>
        </div>
      )}
    </div>
  );
}
