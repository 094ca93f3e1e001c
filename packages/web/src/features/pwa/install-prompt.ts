/**
 * Chromium's `beforeinstallprompt`, kept for the install banner's button. It can fire before this
 * module loads: main.tsx keeps an early one on `window.__commonsInstallPrompt`.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    __commonsInstallPrompt?: InstallPromptEvent;
  }
}

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((listener) => listener());

/** Starts listening (once, at start); returns the way to stop, for tests. */
export function watchInstallPrompt(): () => void {
  deferred = window.__commonsInstallPrompt ?? null;
  installed = false;
  const onOffer = (event: Event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    publish();
  };
  const onInstalled = () => {
    installed = true;
    deferred = null;
    publish();
  };
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', onOffer);
    window.removeEventListener('appinstalled', onInstalled);
  };
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installPrompt(): InstallPromptEvent | null {
  return installed ? null : deferred;
}

export function wasInstalled(): boolean {
  return installed;
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  publish();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
