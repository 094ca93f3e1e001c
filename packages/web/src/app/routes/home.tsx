import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/use-document-title';
import { siteConfig } from '../site-config';
import { WelcomeCard } from '../../features/auth/components/WelcomeCard';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import styles from './pages.module.css';

/**
 * The home page. Guests get the welcome card; members are greeted. The feed of posts joins this page
 * with the posts feature.
 */
export default function HomePage() {
  useDocumentTitle(null);
  const user = useCurrentUser();
  return (
    <div className={styles.columns}>
      <section className={styles.card} aria-labelledby="home-title">
        <h1 id="home-title">
          {user ? `Welcome back, @${user.username}` : `Welcome to ${siteConfig.siteName}`}
        </h1>
        <p className={styles.muted}>
          {siteConfig.siteName} is a community discussion and link-sharing site: communities, posts with text,
          images and links, threaded comments and votes. It has no ads and no tracking, and it is funded by
          the people who use it.
        </p>
        <ul className={styles.linkList}>
          <li>
            <Link href="/about">About {siteConfig.siteName}</Link>
          </li>
          <li aria-hidden="true">·</li>
          <li>
            <Link href="/guidelines">Guidelines</Link>
          </li>
          <li aria-hidden="true">·</li>
          <li>
            <Link href="/markdown-guide">Formatting posts</Link>
          </li>
        </ul>
      </section>
      {!user && (
        <aside className={styles.aside} aria-label="Join">
          <WelcomeCard />
        </aside>
      )}
    </div>
  );
}
