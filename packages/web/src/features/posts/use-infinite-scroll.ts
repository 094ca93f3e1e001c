import { useEffect, useEffectEvent, useRef } from 'react';
import { ui } from '@commons/shared';

/**
 * Calls `onNear` when the returned element comes within 35% of the screen's height (at least 200 px)
 * of the bottom of the screen. `round` changes after each load, so a sentinel still in view asks again.
 */
export function useInfiniteScroll<T extends Element>(enabled: boolean, onNear: () => void, round: unknown) {
  const ref = useRef<T>(null);
  const near = useEffectEvent(onNear);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const margin = Math.max(
      ui.feedPrefetchMarginMinPx,
      Math.round(window.innerHeight * ui.feedPrefetchMarginFraction),
    );
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) near();
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, round]);
  return ref;
}
