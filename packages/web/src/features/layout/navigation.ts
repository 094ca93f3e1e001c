import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { installScrollMemory } from './scroll-memory';

/** How many pages deep the reader is inside the app in this tab (Back leaves the app at 0). */
let depth = 0;
/** Not-found pages on screen: dead ends, with nothing in the app to step back from. */
let deadEnds = 0;
let popped = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The server's render of a first screen (entry-server.tsx) has no window: nothing to follow there.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    popped = true;
  });
  installScrollMemory();
}

/**
 * Follows navigations: counts in-app depth for the Back button, and starts new pages at the top, unless
 * the reader went back or forward, or came through the bottom bar (scroll-memory restores the place).
 */
export function useNavigationEffects(): void {
  const [location] = useLocation();
  const first = useRef(true);
  // Before paint, so the navbar's Back button is right on the first frame of the new page.
  useLayoutEffect(() => {
    const wasPop = popped;
    popped = false;
    if (first.current) {
      first.current = false;
      return;
    }
    depth = wasPop ? Math.max(0, depth - 1) : depth + 1;
    changed();
    const state = window.history.state as { fromBottomNav?: boolean } | null;
    if (!wasPop && !state?.fromBottomNav) window.scrollTo(0, 0);
  }, [location]);
}

export function canGoBackInApp(): boolean {
  return depth > 0;
}

/** Pages the app starts from (the bottom bar's and the feeds): Back is not offered on them. */
const ROOT_PATHS = new Set(['/', '/all', '/subscriptions', '/communities', '/notifications', '/new']);

/** Whether the navbar offers Back: there is an in-app page to return to, and this is not a root page. */
export function useCanGoBack(): boolean {
  const [location] = useLocation();
  const inApp = useSyncExternalStore(subscribe, () => depth > 0);
  const deadEnd = useSyncExternalStore(subscribe, () => deadEnds > 0);
  return inApp && !deadEnd && !ROOT_PATHS.has(location);
}

/** Marks the page on screen as a root page (the not-found page), whatever its address. */
export function useRootPage(): void {
  useEffect(() => {
    deadEnds++;
    changed();
    return () => {
      deadEnds--;
      changed();
    };
  }, []);
}
