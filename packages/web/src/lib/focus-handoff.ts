import { useCallback } from 'react';

/**
 * Focus for a control that takes the place of the one holding it. Hiding a post from its menu turns
 * the card into "Hidden post", and Undo turns it back: the control pressed is gone, and the browser
 * leaves focus on the page's body, where a keyboard or screen-reader user starts again from the top.
 * The action names the element that should have focus next; that element takes it when it appears,
 * if focus has nowhere else to be.
 */
let pending: { key: string; until: number } | null = null;

/** How long a named element may take to appear (an optimistic change renders at once). */
const WITHIN_MS = 3000;

export function handFocusTo(key: string): void {
  pending = { key, until: Date.now() + WITHIN_MS };
}

/**
 * A ref for the element that `handFocusTo(key)` names, a callback: it runs when the element appears,
 * also in a component that was there all along and rendered something else before (a hidden card).
 */
export function useFocusHandoff<T extends HTMLElement>(key: string) {
  return useCallback(
    (element: T | null) => {
      if (!element || pending?.key !== key || Date.now() > pending.until) return;
      // A task later: a closing menu gives focus back to its button (gone) when it unmounts.
      setTimeout(() => {
        if (pending?.key !== key || !element.isConnected) return;
        pending = null;
        const active = document.activeElement;
        if (!active || active === document.body) element.focus();
      });
    },
    [key],
  );
}
