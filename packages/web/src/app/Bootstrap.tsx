import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { messages, ui } from '@commons/shared';
import { Button } from '../components/ui/Button';
import { Icon, LogoMark } from '../components/ui/Icon';
import { useDelayed } from '../components/ui/Skeleton';
import { ApiError } from '../lib/api-client';
import { CurrentUserProvider, initialQuery } from '../features/session';
import styles from './App.module.css';

function isOffline(error: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && (error.status === 0 || error.status === 408));
}

/**
 * Waits for `GET /api/_initial` before showing the app. Offline, it shows "You're offline" and comes back
 * 2 s after the connection does, then tries again while the site stays unreachable; any other failure
 * shows "Something went wrong." with Retry.
 */
export function Bootstrap({ children }: { children: ReactNode }) {
  const initial = useQuery(initialQuery);
  const offline = initial.isError && isOffline(initial.error);
  const { refetch } = initial;

  // Whether the connection came back while this page was offline, and how many tries failed since,
  // for the wait before the next one.
  const cameBack = useRef(false);
  const failuresSince = useRef(0);
  useEffect(() => {
    if (!offline) {
      cameBack.current = false;
      failuresSince.current = 0;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryAfter = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), ms);
    };
    const onOnline = () => {
      cameBack.current = true;
      tryAfter(ui.reconnectDelayMs);
    };
    window.addEventListener('online', onOnline);
    // The connection came back, yet the try 2 s later failed: it came back slower than its event said.
    // No event will come again, so the page keeps trying, less often each time.
    if (cameBack.current && navigator.onLine) {
      tryAfter(Math.min(ui.reconnectDelayMs * 2 ** failuresSince.current, ui.reconnectMaxDelayMs));
      failuresSince.current += 1;
    }
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer);
    };
  }, [offline, refetch, initial.errorUpdatedAt]);

  if (initial.data) return <CurrentUserProvider>{children}</CurrentUserProvider>;
  if (initial.isError) {
    return (
      <main className={styles.fullPage}>
        <div className={styles.message} role="alert">
          {offline ? (
            <>
              <Icon name="wifiOff" size={40} />
              <h1>{messages.common.offlineTitle}</h1>
              <p>The page will come back by itself when you are online again.</p>
            </>
          ) : (
            <>
              <h1>{messages.common.somethingWentWrong}</h1>
              <p>The site could not be loaded. Please try again in a moment.</p>
            </>
          )}
          <Button variant="primary" onClick={() => void refetch()} disabled={initial.isFetching}>
            {messages.common.retry}
          </Button>
        </div>
      </main>
    );
  }
  return <Loading />;
}

function Loading() {
  const visible = useDelayed();
  return (
    <main className={styles.fullPage} aria-busy="true">
      {visible && (
        <div className={styles.loading} role="status" aria-label="Loading">
          <LogoMark size={44} />
        </div>
      )}
    </main>
  );
}
