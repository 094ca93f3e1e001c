import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions, type UserEvent } from '@testing-library/user-event';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Initial } from '@commons/shared';
import { createQueryClient } from '../src/app/App';
import { AuthDialogsProvider } from '../src/features/auth/components/AuthDialogs';
import { currentUserQuery } from '../src/features/session/api/get-current-user';
import { CurrentUserProvider } from '../src/features/session/components/CurrentUserProvider';
import { initialQuery } from '../src/features/session/api/get-initial';
import { makeInitial } from './fixtures';
import { trackQueryClient } from './query-clients';

export interface AppRenderOptions {
  /**
   * The bootstrap data (`GET /api/_initial`), merged into a guest's defaults, so that useInitial works
   * without a server. `null` leaves the cache empty, as before the call answered (for Bootstrap).
   */
  initial?: Partial<Initial> | null;
  /** Where the in-memory location starts, with its query string if any. */
  path?: string;
  /** For fake timers: `{ advanceTimers: vi.advanceTimersByTime }`. */
  userEvent?: UserEventOptions;
}

export interface AppRenderResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** Every path the app navigated to, the starting one first (replaced entries are overwritten). */
  history: string[];
  /** The current path with its query string. */
  currentPath: () => string;
  navigate: (to: string) => void;
}

/**
 * Renders `ui` inside the app's providers: a fresh QueryClient (the app's own defaults), the auth
 * dialogs, and a wouter memory location. A signed-in user given in `initial.user` is also the
 * current-user answer, as after the first poll.
 */
export function renderWithApp(ui: ReactElement, options: AppRenderOptions = {}): AppRenderResult {
  const queryClient = trackQueryClient(createQueryClient());
  if (options.initial !== null) {
    const initial = makeInitial(options.initial);
    queryClient.setQueryData(initialQuery.queryKey, initial);
    if (initial.user) queryClient.setQueryData(currentUserQuery.queryKey, initial.user);
  }
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const user = userEvent.setup(options.userEvent);

  // As Bootstrap does once the bootstrap data is there; without it (Bootstrap's own tests) Bootstrap does.
  const session = (children: ReactNode) =>
    options.initial === null ? children : <CurrentUserProvider>{children}</CurrentUserProvider>;

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {/* As the app's route table does: a lazy page waits here. Without one, React's root waits
              too, but Preact throws the lazy page's promise as an error. */}
          <AuthDialogsProvider>
            <Suspense fallback={null}>{session(children)}</Suspense>
          </AuthDialogsProvider>
        </Router>
      </QueryClientProvider>
    );
  }

  const result = render(ui, { wrapper: Providers });
  return {
    ...result,
    user,
    queryClient,
    history: location.history,
    currentPath: () => location.history.at(-1)!,
    navigate: (to) => location.navigate(to),
  };
}

/** The accessible description of a field: the texts its aria-describedby points at (errors, hints). */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether a form control is disabled as the HTML standard defines it: its own attribute, or a disabled
 * fieldset around it (outside that fieldset's first legend); or as assistive technology reads it,
 * `aria-disabled`. happy-dom's `:disabled` ignores fieldsets.
 */
export function isDisabled(element: Element): boolean {
  // A focused button keeps focus while disabled, through aria-disabled (components/ui/Button.tsx).
  if (element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true') return true;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent instanceof HTMLFieldSetElement && parent.disabled) {
      const legend = parent.querySelector(':scope > legend');
      if (!legend?.contains(element)) return true;
    }
  }
  return false;
}

/** Lets pending answers and the renders they cause finish (for asserting that nothing appeared). */
export async function settle(ms = 20): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}
