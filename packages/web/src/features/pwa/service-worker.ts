import { ui } from '@commons/shared';

/**
 * The service worker's registration and the update flow of secondary §4: once a worker is installed,
 * a waiting (new) worker is looked for every 10 s; the browser is asked to look for a new worker every
 * 120 s and whenever the tab becomes visible. Accepting the update activates the waiting worker
 * (`SKIP_WAITING`), and the page reloads when it takes control.
 */

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  listeners.forEach((listener) => listener());
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The new worker waiting to take over, if any. */
export function waitingWorker(): ServiceWorker | null {
  return waiting;
}

/** Starts the checks for a registration (exported for tests, which give a fake one). */
export function watchForUpdates(registration: ServiceWorkerRegistration): () => void {
  const update = () => void registration.update().catch(() => undefined);
  // A waiting worker with a page already controlled is an update, not the first install.
  const check = () => {
    if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') update();
  };
  check();
  const checks = setInterval(check, ui.updateCheckMs);
  const updates = setInterval(update, ui.serviceWorkerUpdateMs);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(checks);
    clearInterval(updates);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export function isServiceWorkerSupported(): boolean {
  return 'serviceWorker' in navigator;
}

/** Registers /service-worker.js (production builds only, API.md §18.5) and watches for updates. */
export async function registerServiceWorker(): Promise<void> {
  if (!isServiceWorkerSupported()) return;
  const registration = await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
  watchForUpdates(registration);
}

/** 'Update available!' accepted: the waiting worker takes over, then the page reloads once. */
export function activateUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
