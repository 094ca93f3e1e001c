import { useEffect, useEffectEvent, useState } from 'react';
import { ui } from '@commons/shared';

/** Pulling past this share of the maximum distance refreshes. */
const TRIGGER_FRACTION = 0.6;
/** The indicator moves at half the finger's speed, so the pull feels weighted. */
const RESISTANCE = 0.5;

/**
 * Pull-to-refresh on touch screens (core §2: max distance 120): a downward drag that starts at the top
 * of the page shows an indicator; letting go far enough calls `onRefresh`.
 */
export function usePullToRefresh(enabled: boolean, onRefresh: () => Promise<unknown>) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useEffectEvent(onRefresh);

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let pulled = 0;
    const root = document.documentElement;
    // The browser's own pull-to-refresh would reload the whole page instead.
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';

    const onStart = (e: TouchEvent) => {
      startY = window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
      pulled = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0 || window.scrollY > 0) {
        pulled = 0;
        setDistance(0);
        return;
      }
      pulled = Math.min(ui.pullToRefreshMaxPx, dy * RESISTANCE);
      setDistance(pulled);
    };
    const onEnd = () => {
      if (startY !== null && pulled >= ui.pullToRefreshMaxPx * TRIGGER_FRACTION) {
        setRefreshing(true);
        void refresh().finally(() => setRefreshing(false));
      }
      startY = null;
      pulled = 0;
      setDistance(0);
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      root.style.overscrollBehaviorY = before;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);

  return { distance, refreshing, ready: distance >= ui.pullToRefreshMaxPx * TRIGGER_FRACTION };
}
