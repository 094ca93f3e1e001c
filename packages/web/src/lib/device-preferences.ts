import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * The device preferences of secondary §3, kept in local storage under the spec's keys. A change takes
 * effect at once wherever it is read (the navbar, the feeds, the page's font), so every reader
 * subscribes here instead of reading storage once when it mounts.
 */
export type FeedLayout = 'card' | 'compact';
export type FontChoice = 'custom' | 'system';

export interface DevicePreferences {
  feedLayout: FeedLayout;
  navbarAutohideDisabled: boolean;
  infiniteScrollingDisabled: boolean;
  font: FontChoice;
}

function read(): DevicePreferences {
  return {
    feedLayout: storage.get('feed_layout') === 'compact' ? 'compact' : 'card',
    navbarAutohideDisabled: storage.get('top_navbar_autohide_disabled') === 'true',
    infiniteScrollingDisabled: storage.get('infinite_scrolling_disabled') === 'true',
    font: storage.get('font') === 'system' ? 'system' : 'custom',
  };
}

let current: DevicePreferences | null = null;
const listeners = new Set<() => void>();

const same = (a: DevicePreferences, b: DevicePreferences) =>
  a.feedLayout === b.feedLayout &&
  a.navbarAutohideDisabled === b.navbarAutohideDisabled &&
  a.infiniteScrollingDisabled === b.infiniteScrollingDisabled &&
  a.font === b.font;

/** Read afresh each time (another tab, or a test, may change storage); the same object while unchanged. */
export function devicePreferences(): DevicePreferences {
  const fresh = read();
  if (!current || !same(current, fresh)) current = fresh;
  return current;
}

/** The font on the root element: theme.css swaps the font stack on `data-font="system"`. */
export function applyFont(font: FontChoice = devicePreferences().font): void {
  document.documentElement.dataset.font = font;
}

export function setDevicePreference<K extends keyof DevicePreferences>(
  key: K,
  value: DevicePreferences[K],
): void {
  switch (key) {
    case 'feedLayout':
      storage.set('feed_layout', value as FeedLayout);
      break;
    case 'navbarAutohideDisabled':
      if (value) storage.set('top_navbar_autohide_disabled', 'true');
      else storage.remove('top_navbar_autohide_disabled');
      break;
    case 'infiniteScrollingDisabled':
      if (value) storage.set('infinite_scrolling_disabled', 'true');
      else storage.remove('infinite_scrolling_disabled');
      break;
    case 'font':
      storage.set('font', value as FontChoice);
      applyFont(value as FontChoice);
      break;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDevicePreferences(): DevicePreferences {
  return useSyncExternalStore(subscribe, devicePreferences, devicePreferences);
}
