import { useEffect, useEffectEvent } from 'react';
import type { AroundNavHandler } from 'wouter';

/**
 * In-app navigation that a page with unsaved work may hold up (the post editor asks before its draft
 * is left behind). Every wouter navigation, from a Link or from `navigate`, passes `guardNavigation`
 * through the Router's `aroundNav`; closing or reloading the tab is the page's own `beforeunload`.
 */
type Guard = (to: string, proceed: () => void) => void;

const guards: Guard[] = [];

export const guardNavigation: AroundNavHandler = (navigate, to, options) => {
  const guard = guards.at(-1);
  const proceed = () => navigate(to, options);
  if (guard) guard(to, proceed);
  else proceed();
};

/**
 * While `active`, in-app navigation calls `ask` with the target and a `proceed` that completes it;
 * not calling `proceed` stays on the page.
 */
export function useNavigationGuard(active: boolean, ask: Guard): void {
  const onNavigate = useEffectEvent(ask);
  useEffect(() => {
    if (!active) return;
    const guard: Guard = (to, proceed) => onNavigate(to, proceed);
    guards.push(guard);
    return () => {
      const index = guards.indexOf(guard);
      if (index >= 0) guards.splice(index, 1);
    };
  }, [active]);
}
