import { useSyncExternalStore } from 'react';
import { ui } from '@commons/shared';

/** A phone or tablet by what the browser says of itself (its client hint, else its User-Agent). */
export function mobileFromUserAgent(userAgent: string, mobileHint: boolean | undefined): boolean {
  if (mobileHint !== undefined) return mobileHint;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** What the server's render of a page takes the device to be (entry-server.tsx). */
let serverMobileDevice = false;

export function renderForDevice(mobile: boolean): void {
  serverMobileDevice = mobile;
}

/** Phones and tablets, whatever their width (core §2: bottom bar "on a mobile device"). */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return serverMobileDevice;
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return mobileFromUserAgent(navigator.userAgent, uaData?.mobile);
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
    // The server's render cannot measure a window: it takes a phone or tablet to be narrow, so that
    // a phone without JavaScript gets a page that fits (a tablet's first render mends it).
    () => serverMobileDevice && query.startsWith('(max-width'),
  );
}

export const NARROW_QUERY = `(max-width: ${ui.mobileBreakpointPx}px)`;

/** The mobile layout: width 768 px or less, or a mobile device. */
export function useIsMobileLayout(): boolean {
  return useMediaQuery(NARROW_QUERY) || isMobileDevice();
}
