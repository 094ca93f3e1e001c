import { useRef } from 'react';

/**
 * Focus goes back to where it was when a dialog opened. Radix returns it to its own Trigger, but our
 * dialogs open from ordinary buttons (and some unmount when they close), so they remember it here.
 * Radix asks for mount auto-focus before it moves focus, so the opener is still the active element.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      // The body is where focus is when nothing holds it (the clicked element was replaced): no opener.
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
