import { useSyncExternalStore } from 'react';
import { ui } from '@commons/shared';

/** Phones and tablets, whatever their width (core §2: bottom bar "on a mobile device"). */
export function isMobileDevice(): boolean {
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (uaData?.mobile !== undefined) return uaData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

const subscribers = new Map<string, (onChange: () => void) => () => void>();

/** One stable subscribe function per query, so components do not resubscribe on every render. */
function subscribeMedia(query: string) {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeMedia(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const NARROW_QUERY = `(max-width: ${ui.mobileBreakpointPx}px)`;

/** The mobile layout: width 768 px or less, or a mobile device. */
export function useIsMobileLayout(): boolean {
  return useMediaQuery(NARROW_QUERY) || isMobileDevice();
}
