import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../components/ui/Button';
import styles from './App.module.css';

const RELOADED_AT_KEY = 'commons:reloaded-for-new-release';
/** At most one automatic reload a minute, so a failure that a reload does not cure cannot loop. */
const RELOAD_GAP_MS = 60_000;

/** A page's code could not be downloaded: usually a new release replaced the files this tab knew. */
function isStaleChunkError(error: Error): boolean {
  return /dynamically imported module|module script failed|Failed to fetch|error loading dynamically/i.test(
    error.message,
  );
}

/**
 * A render failure shows "Something went wrong" with a reload, never a blank page (core §8). When the
 * failure is code of an older release that is gone, the page reloads once by itself.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (isStaleChunkError(error) && Date.now() - last > RELOAD_GAP_MS) {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      window.location.reload();
      return;
    }
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.fullPage}>
        <div className={styles.message} role="alert">
          <h1>{messages.common.appCrashed}</h1>
          <p>Reloading the page usually helps.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {messages.common.reload}
          </Button>
        </div>
      </main>
    );
  }
}
