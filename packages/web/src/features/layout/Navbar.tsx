import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { User } from '@commons/shared';
import { Link, useLocation } from 'wouter';
import { messages } from '@commons/shared';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Icon, LogoMark } from '../../components/ui/Icon';
import { siteConfig } from '../../app/site-config';
import { useMediaQuery } from '../../lib/device';
import { formatCount } from '../../lib/format-count';
import { useAuthDialogs } from '../auth';
import { useCurrentUser } from '../session';
import { canGoBackInApp, useCanGoBack } from './navigation';
import { ProfileTrigger } from './ProfileTrigger';
import styles from './Navbar.module.css';
import { isSearchShortcut, SearchBox } from './SearchBox';
import { useNavbarAutohide } from './use-navbar-autohide';

const loadProfileMenu = () => import('./ProfileMenu');
const ProfileMenu = lazy(loadProfileMenu);

/**
 * The account button. The menu's code (an accessible dropdown library) loads when the pointer or focus
 * reaches the button, so a first page load does not wait for it; the click that loads it also opens it.
 */
function AccountMenu({ user, narrow }: { user: User; narrow: boolean }) {
  const [active, setActive] = useState(false);
  const button = (props: { onClick?: () => void; disabled?: boolean }) => (
    <button
      type="button"
      className={styles.profileTrigger}
      aria-haspopup="menu"
      onPointerEnter={() => void loadProfileMenu()}
      onFocus={() => void loadProfileMenu()}
      {...props}
    >
      <ProfileTrigger user={user} narrow={narrow} />
    </button>
  );
  if (!active) return button({ onClick: () => setActive(true) });
  return (
    <Suspense fallback={button({ disabled: true })}>
      <ProfileMenu user={user} narrow={narrow} defaultOpen />
    </Suspense>
  );
}

/** The bell (core §2): a link to the notifications panel with the count of new ones from the user poll. */
function Bell({ count }: { count: number }) {
  return (
    <Link href="/notifications" className={`${styles.iconButton} ${styles.bell}`}>
      <Icon name="bell" size={21} />
      {count > 0 && (
        <span className={styles.bellCount} aria-hidden="true">
          {formatCount(count)}
        </span>
      )}
      <span className="visually-hidden">{count > 0 ? `Notifications, ${count} new` : 'Notifications'}</span>
    </Link>
  );
}

/**
 * The top bar (core §2): menu and back buttons on mobile, the logo, search, and Login / Create account
 * or the bell (wide screens; the bottom bar has it on narrow ones) and the account menu with points.
 */
export function Navbar({ mobile, onOpenDrawer }: { mobile: boolean; onOpenDrawer: () => void }) {
  const user = useCurrentUser();
  const { openSignup } = useAuthDialogs();
  const [, navigate] = useLocation();
  const canGoBack = useCanGoBack();
  const showBack = mobile && canGoBack;
  const narrow = useMediaQuery('(max-width: 480px)');
  const { hidden, scrolled } = useNavbarAutohide(mobile);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = () => {
    setSearchOpen(false);
    searchButton.current?.focus();
  };
  // Narrow screens keep the box behind the Search button: "/" opens it (and the box, focused on
  // mounting, takes the key's place; once open, its own listener focuses it again).
  useEffect(() => {
    if (!mobile) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setSearchOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobile]);

  const back = () => (canGoBackInApp() ? window.history.back() : navigate('/'));

  return (
    <header className={`${styles.navbar} ${hidden ? styles.hidden : ''} ${scrolled ? styles.scrolled : ''}`}>
      <div className={styles.inner}>
        {mobile && (
          <button type="button" className={styles.iconButton} onClick={onOpenDrawer} aria-label="Open menu">
            <Icon name="menu" size={22} />
          </button>
        )}
        {showBack && (
          <button type="button" className={styles.iconButton} onClick={back} aria-label="Back">
            <Icon name="back" size={22} />
          </button>
        )}
        <Link href="/" className={styles.brand} aria-label={`${siteConfig.siteName} home`}>
          <LogoMark size={30} />
          {!(mobile && narrow) && <span className={styles.brandName}>{siteConfig.siteName}</span>}
        </Link>
        {!mobile && (
          <div className={styles.search}>
            <SearchBox />
          </div>
        )}
        <div className={styles.actions}>
          {mobile && (
            <button
              ref={searchButton}
              type="button"
              className={styles.iconButton}
              onClick={() => setSearchOpen((o) => !o)}
              aria-label="Search"
              aria-expanded={searchOpen}
            >
              <Icon name="search" size={21} />
            </button>
          )}
          {user ? (
            <>
              {!mobile && <Bell count={user.notificationsNewCount ?? 0} />}
              <AccountMenu user={user} narrow={mobile} />
            </>
          ) : (
            <>
              <ButtonLink href="/login" variant="ghost" size="sm">
                Login
              </ButtonLink>
              <Button variant="primary" size="sm" onClick={openSignup}>
                {messages.common.createAccount}
              </Button>
            </>
          )}
        </div>
      </div>
      {mobile && searchOpen && (
        <div className={styles.searchRow}>
          <SearchBox autoFocus onEscape={closeSearch} />
        </div>
      )}
    </header>
  );
}
