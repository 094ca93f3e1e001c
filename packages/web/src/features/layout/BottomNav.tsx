import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../../components/ui/Icon';
import { formatCount } from '../../lib/format-count';
import { siteConfig } from '../../app/site-config';
import { useCurrentUser } from '../session';
import { rememberScroll, restoreScroll } from './scroll-memory';
import styles from './BottomNav.module.css';

interface Tab {
  href: string;
  label: string;
  icon: IconName;
}

const TABS: Tab[] = [
  { href: '/', label: 'Home', icon: 'home' },
  { href: '/communities', label: 'Communities', icon: 'communities' },
  { href: '/new', label: 'New post', icon: 'plus' },
];

/**
 * Keeps what takes focus in the page clear of the bar. The style sheet's `scroll-padding-bottom` counts
 * only when the browser scrolls at all, and Chromium does not for an element already inside the window,
 * though under the bar (a comment box near the bottom, reached by Tab).
 */
function useFocusClearOfBar(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const nav = bar.current;
      const target = event.target;
      if (!nav || !(target instanceof HTMLElement) || nav.contains(target)) return;
      // Dialogs and sheets lie above the bar; the page under them is not what is focused.
      if (target.closest('dialog, [role="dialog"]') || nav.getClientRects().length === 0) return;
      const barTop = nav.getBoundingClientRect().top;
      const box = target.getBoundingClientRect();
      if (box.bottom <= barTop || box.top >= barTop) return;
      // Up by what the bar hides, and a little; never so far that the element's top leaves the window.
      const by = Math.min(box.bottom - barTop + 8, Math.max(0, box.top - 8));
      if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [bar]);
}

/**
 * The bar at the bottom of narrow screens (core §2): the current tab is bold, tapping it scrolls to the
 * top, and each tab's scroll position is kept. Search opens the built-in search (issue 16); where the
 * operator keeps the external web search, it is there but disabled, as the spec has it.
 */
export function BottomNav() {
  const [location, navigate] = useLocation();
  const user = useCurrentUser();
  const unread = user?.notificationsNewCount ?? 0;
  const tabPaths = [...TABS.map((t) => t.href), '/search', '/notifications'];
  const bar = useRef<HTMLElement>(null);
  useFocusClearOfBar(bar);

  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    if (href === location) {
      // Smooth unless the reader asked for less motion (the style sheet's rule cannot reach a script's).
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: still ? 'instant' : 'smooth' });
      return;
    }
    if (tabPaths.includes(location)) rememberScroll(location);
    navigate(href, { state: { fromBottomNav: true } });
    restoreScroll(href);
  };

  const tab = (href: string, label: string, icon: IconName, badge?: number) => {
    const current = href === location;
    return (
      <Link
        href={href}
        onClick={go(href)}
        className={`${styles.tab} ${current ? styles.current : ''}`}
        aria-current={current ? 'page' : undefined}
      >
        <span className={styles.icon}>
          <Icon name={icon} size={22} />
          {badge ? (
            <span className={styles.badge} aria-hidden="true">
              {formatCount(badge)}
            </span>
          ) : null}
        </span>
        <span className={styles.label}>{label}</span>
        {badge ? <span className="visually-hidden">, {badge} new</span> : null}
      </Link>
    );
  };

  return (
    <nav ref={bar} className={styles.bar} aria-label="Bottom">
      {TABS.map((t) => (
        <span key={t.href} className={styles.cell}>
          {tab(t.href, t.label, t.icon)}
        </span>
      ))}
      <span className={styles.cell}>
        {siteConfig.externalSearch ? (
          <button type="button" className={styles.tab} disabled title="Search is not available">
            <span className={styles.icon}>
              <Icon name="search" size={22} />
            </span>
            <span className={styles.label}>Search</span>
          </button>
        ) : (
          tab('/search', 'Search', 'search')
        )}
      </span>
      <span className={styles.cell}>{tab('/notifications', 'Notifications', 'bell', unread)}</span>
    </nav>
  );
}
