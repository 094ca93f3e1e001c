import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How many pages deep the reader is inside the app in this tab (Back leaves the app at 0). */
let depth = 0;
let popped = false;
window.addEventListener('popstate', () => {
  popped = true;
});

/**
 * Follows navigations: counts in-app depth for the Back button, and starts new pages at the top, unless
 * the browser went back (it restores the position) or the bottom bar restores one.
 */
export function useNavigationEffects(): void {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const wasPop = popped;
    popped = false;
    if (first.current) {
      first.current = false;
      return;
    }
    depth = wasPop ? Math.max(0, depth - 1) : depth + 1;
    const state = window.history.state as { fromBottomNav?: boolean } | null;
    if (!wasPop && !state?.fromBottomNav) window.scrollTo(0, 0);
  }, [location]);
}

export function canGoBackInApp(): boolean {
  return depth > 0;
}
