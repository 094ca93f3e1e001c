import { useSyncExternalStore } from 'react';
import { storage } from '../../lib/storage';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme on screen (index.html sets it before the first paint). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The browser's bar (and an installed app's status bar) in the colour of each theme's page. */
const BAR_COLOURS: Record<Theme, string> = { light: '#ffffff', dark: '#14181d' };

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  // Both tags (one per system scheme, for the page before it runs) take the theme on screen: the
  // site's own choice may differ from the system's.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', BAR_COLOURS[theme]);
  }
  listeners.forEach((l) => l());
}

/** Chosen by the user: stored only when it differs from the system's (core §4). */
export function setTheme(theme: Theme): void {
  if (theme === systemTheme()) storage.remove('theme');
  else storage.set('theme', theme);
  apply(theme);
}

/** When the system switches, the site follows and forgets the earlier choice. Returns the unsubscribe. */
export function followSystemTheme(): () => void {
  const list = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    storage.remove('theme');
    apply(systemTheme());
  };
  // The system may have switched between the first paint and now; with no choice stored, catch up.
  if (!storage.get('theme') && currentTheme() !== systemTheme()) apply(systemTheme());
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
