import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DEFAULT_FEED_SORT, isFeedSort, type FeedSort, type User } from '@commons/shared';
import {
  devicePreferences,
  setDevicePreference,
  useDevicePreferences,
  type FeedLayout,
} from '../../lib/device-preferences';
import { storage } from '../../lib/storage';
import { useCurrentUser } from '../session';

export type { FeedLayout };

/**
 * The feed's sort: `?sort=` in the address; without it, the sort the member last chose when they asked
 * for it to be remembered (device storage `feedSort`); else hot.
 */
export function useFeedSort(): FeedSort {
  const search = useSearch();
  const user = useCurrentUser();
  const param = new URLSearchParams(search).get('sort');
  if (isFeedSort(param)) return param;
  if (user?.rememberFeedSort) {
    const saved = storage.get('feedSort');
    if (isFeedSort(saved)) return saved;
  }
  return DEFAULT_FEED_SORT;
}

export function rememberFeedSort(user: User | null, sort: FeedSort): void {
  if (user?.rememberFeedSort) storage.set('feedSort', sort);
}

/** This page's address with another sort; paging starts over. */
export function useSortHref(): (sort: FeedSort) => string {
  const [location] = useLocation();
  const search = useSearch();
  return useCallback(
    (sort: FeedSort) => {
      const params = new URLSearchParams(search);
      params.set('sort', sort);
      params.delete('page');
      return `${location}?${params.toString()}`;
    },
    [location, search],
  );
}

/** This page's address at the first page of its feed. */
export function useFirstPageHref(): string {
  const [location] = useLocation();
  const params = new URLSearchParams(useSearch());
  params.delete('page');
  const query = params.toString();
  return query ? `${location}?${query}` : location;
}

/** Card (default) or compact, a device preference (`feed_layout`), shared with the settings page. */
export function useFeedLayout(): [FeedLayout, (layout: FeedLayout) => void] {
  const layout = useDevicePreferences().feedLayout;
  const change = useCallback((next: FeedLayout) => setDevicePreference('feedLayout', next), []);
  return [layout, change];
}

/** The device preference that turns infinite scrolling into a More button. */
export function infiniteScrollingDisabled(): boolean {
  return devicePreferences().infiniteScrollingDisabled;
}
