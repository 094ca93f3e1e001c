import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
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
  const loaded = initial.data !== undefined;
  const { refetch } = initial;

  // Whether the page waits for the connection (its last try failed offline), whether the connection came
  // back since, how many tries failed after that (for the wait before the next one), and the next try.
  // They last until the data arrives, not only while `offline` holds: a try clears the error while it
  // runs, and the connection may come back just then.
  const waiting = useRef(false);
  const cameBack = useRef(false);
  const failuresSince = useRef(0);
  const nextTry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tryAfter = useCallback(
    (ms: number) => {
      clearTimeout(nextTry.current);
      nextTry.current = setTimeout(() => void refetch(), ms);
    },
    [refetch],
  );

  useEffect(() => {
    if (loaded) return;
    const onOnline = () => {
      if (!waiting.current) return;
      cameBack.current = true;
      failuresSince.current = 0;
      tryAfter(ui.reconnectDelayMs);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(nextTry.current);
    };
  }, [loaded, tryAfter]);

  useEffect(() => {
    if (initial.isError) waiting.current = offline;
  }, [initial.isError, offline]);

  useEffect(() => {
    // The connection came back, yet a try since failed: it came back slower than its event said. No
    // event will come again, so the page keeps trying, less often each time.
    if (!offline || !cameBack.current || !navigator.onLine) return;
    tryAfter(Math.min(ui.reconnectDelayMs * 2 ** failuresSince.current, ui.reconnectMaxDelayMs));
    failuresSince.current += 1;
  }, [offline, tryAfter, initial.errorUpdatedAt]);

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
