import { useSyncExternalStore } from 'react';
import { ui } from '@commons/shared';
import { Icon } from './Icon';
import styles from './Toasts.module.css';

export type ToastTone = 'info' | 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function dismiss(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

/** Shows a short message that dismisses itself (3 s by default; core §9). */
export function showAlert(message: string, options: { tone?: ToastTone; durationMs?: number } = {}): void {
  const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info' };
  // The same message twice in a row (a double click) shows once.
  if (toasts.at(-1)?.message === message) return;
  publish([...toasts.slice(-2), toast]);
  setTimeout(() => dismiss(toast.id), options.durationMs ?? ui.alertMs);
}

/** Clears every alert at once: component tests run in one module scope, and start each test empty. */
export function dismissAllAlerts(): void {
  if (toasts.length) publish([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live region where alerts appear; screen readers announce them. */
export function Toasts() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {list.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`}>
          <span className={styles.message}>{toast.message}</span>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismiss(toast.id)}
            aria-label="Dismiss"
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
