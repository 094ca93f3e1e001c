import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../../components/ui/Icon';
import { siteConfig } from '../../app/site-config';
import { useCurrentUser, useInitial } from '../session';
import { CommunityList } from './CommunityList';
import styles from './Sidebar.module.css';

interface Item {
  href: string;
  label: string;
  icon: IconName;
  external?: boolean;
}

function NavLink({ item, onNavigate }: { item: Item; onNavigate?: () => void }) {
  const [location] = useLocation();
  const current = !item.external && location === item.href;
  const content = (
    <>
      <Icon name={item.icon} size={19} />
      <span className={styles.label}>{item.label}</span>
    </>
  );
  return item.external ? (
    <a href={item.href} className={styles.link}>
      {content}
    </a>
  ) : (
    <Link
      href={item.href}
      className={`${styles.link} ${current ? styles.current : ''}`}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    >
      {content}
    </Link>
  );
}

/**
 * The left navigation (core §2): Home, the other home feed, Communities, My Lists, the member's
 * communities (the default ones for guests), then the site's pages.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const { communities } = useInitial();
  const main: Item[] = [{ href: '/', label: 'Home', icon: 'home' }];
  if (user) {
    main.push(
      user.homeFeed === 'subscriptions'
        ? { href: '/all', label: 'All', icon: 'globe' }
        : { href: '/subscriptions', label: 'Subscriptions', icon: 'layers' },
    );
  }
  main.push({ href: '/communities', label: 'Communities', icon: 'communities' });
  if (user) main.push({ href: `/@${user.username}/lists`, label: 'My Lists', icon: 'list' });

  const pages: Item[] = [
    { href: '/guidelines', label: 'Guidelines', icon: 'book' },
    { href: '/terms', label: 'Terms', icon: 'file' },
    { href: '/privacy-policy', label: 'Privacy', icon: 'lock' },
    ...(siteConfig.links.contactEmail
      ? [
          {
            href: `mailto:${siteConfig.links.contactEmail}`,
            label: 'Contact',
            icon: 'mail' as const,
            external: true,
          },
        ]
      : []),
    { href: '/about', label: 'About', icon: 'info' },
  ];

  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.list}>
        {main.map((item) => (
          <li key={item.href}>
            <NavLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      {communities && communities.length > 0 && (
        <section className={styles.section} aria-labelledby="sidebar-communities">
          <h2 id="sidebar-communities" className={styles.heading}>
            {user ? 'My communities' : 'Communities'}
          </h2>
          <CommunityList communities={communities} onNavigate={onNavigate} />
        </section>
      )}
      <section className={styles.section} aria-label={`About ${siteConfig.siteName}`}>
        <ul className={styles.list}>
          {pages.map((item) => (
            <li key={item.href}>
              <NavLink item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </section>
    </nav>
  );
}
