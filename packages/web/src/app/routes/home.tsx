import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { useIsMobileLayout } from '../../lib/device';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedLinks } from '../../lib/use-feed-links';
import { feedLinks } from '@commons/shared/texts/feeds';
import { siteConfig } from '../site-config';
import { WelcomeCard } from '../../features/auth/components/WelcomeCard';
import { Feed } from '../../features/posts/components/Feed';
import { useFeedSort } from '../../features/posts/feed-preferences';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import pages from './pages.module.css';
import styles from './feed-pages.module.css';

const TITLES = { all: 'All', subscriptions: 'Subscriptions' } as const;

/**
 * The home feeds (core §2): `/` shows All or Subscriptions as the member chose (guests: All); `/all`
 * and `/subscriptions` show that feed. Guests get the welcome card; members on phones a Create post
 * button.
 */
export default function HomePage({ feed }: { feed?: 'all' | 'subscriptions' }) {
  const user = useCurrentUser();
  const mobile = useIsMobileLayout();
  const kind = feed ?? (user?.homeFeed === 'subscriptions' ? 'subscriptions' : 'all');
  useDocumentTitle(feed ? TITLES[feed] : null);
  // `/` names the All feed even when it shows a member's subscriptions, as the server's HTML does.
  const sort = useFeedSort();
  useFeedLinks(feed === 'subscriptions' ? [] : [feedLinks.all(siteConfig.siteName, sort)]);
  return (
    <div className={pages.columns}>
      <div className={styles.main}>
        <h1 className="visually-hidden">{feed ? TITLES[feed] : `${siteConfig.siteName}: ${TITLES[kind]}`}</h1>
        {mobile && user && (
          <Link href="/new" className={buttonClass('primary', 'md', true)}>
            <Icon name="plus" size={18} />
            Create post
          </Link>
        )}
        <Feed key={kind} kind={kind} />
      </div>
      {!user ? (
        <aside className={pages.aside} aria-label="Join">
          <WelcomeCard />
        </aside>
      ) : (
        !mobile && (
          <aside className={pages.aside} aria-label="Create">
            <section className={styles.sideCard} aria-labelledby="home-create">
              <h2 id="home-create" className={styles.sideTitle}>
                {kind === 'subscriptions' ? 'Your communities' : `All of ${siteConfig.siteName}`}
              </h2>
              <p className={styles.sideText}>
                {kind === 'subscriptions'
                  ? 'Posts from the communities you joined.'
                  : 'Posts from every community on the site.'}
              </p>
              <Link href="/new" className={buttonClass('primary', 'md', true)}>
                <Icon name="plus" size={18} />
                Create post
              </Link>
              <Link href="/communities" className={buttonClass('secondary', 'md', true)}>
                Browse communities
              </Link>
            </section>
          </aside>
        )
      )}
    </div>
  );
}
