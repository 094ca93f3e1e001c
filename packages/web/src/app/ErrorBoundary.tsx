import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../components/ui/Button';
import styles from './App.module.css';

/** A render failure shows "Something went wrong" with a reload, never a blank page (core §8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
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
