import { useEffect, useRef } from 'react';

/**
 * A row of tabs that scrolls sideways on phones brings the current one (`aria-current="page"`) into
 * sight, centred, each time `current` changes: sideways only, never the page.
 */
export function useCurrentTabInView<T extends HTMLElement>(current: unknown) {
  const row = useRef<T>(null);
  useEffect(() => {
    const scroller = row.current;
    const tab = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!scroller || !tab || scroller.scrollWidth <= scroller.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += offset - (scroller.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
  return row;
}
