import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
// What main.tsx installs: controlled fields, autoFocus and the effects' timing behave as in React.
import '../src/lib/react-parity';
import { dismissAllAlerts } from '../src/components/ui/Toasts';
// LazyMenu loads this (the dropdown and dialog libraries) on first click. Under a busy CI machine that
// first transform took longer than findBy…'s wait; loaded here, a menu opens as soon as React renders.
import '../src/components/ui/Menu';
import { installMatchMedia, resetMediaQueries } from './media';
import { clearQueryClients } from './query-clients';

/**
 * What every component test needs: a matchMedia tests can drive, no request ever leaving the process,
 * and a clean DOM, storage and clock after each test.
 */
installMatchMedia();
// findBy… and waitFor wait up to 5 s, not 1: a busy two-core machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  // A component that calls the API without the test stubbing that call sees a failed request.
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return Promise.reject(new TypeError(`fetch ${url} was not stubbed by the test`));
    }),
  );
});

afterEach(() => {
  cleanup();
  dismissAllAlerts();
  clearQueryClients();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetMediaQueries();
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${c.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  delete document.documentElement.dataset.theme;
  document.title = '';
});
