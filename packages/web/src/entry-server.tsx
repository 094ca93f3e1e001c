import { renderToString } from 'preact-render-to-string';
import type { Initial } from '@commons/shared';
import { App, createQueryClient } from './app/App';
import { loadFirstScreenPages } from './app/router';
import { renderWithSiteConfig, type SiteConfig } from './app/site-config';
import { initialQuery } from './features/session/api/get-initial';
import { renderForDevice } from './lib/device';
import { serveEmbeddedAnswers } from './lib/first-screen';

export { mobileFromUserAgent } from './lib/device';

/**
 * The server's render of a page's first screen (issue 15; docs/decisions.md §52): the same components
 * the browser runs, given the API answers the page carries, so that the page's HTML shows its feed or
 * post before any script has run. The browser's first render then takes the markup over as it is
 * (main.tsx). Built by `vite build --ssr` into dist/.ssr/, loaded by the server
 * (server/src/web/server-render.ts).
 */

export interface FirstScreenInput {
  /** The page's path and query, as the browser's router will read them. */
  location: string;
  /** The answers the page carries (`/api/…` address and JSON), `_initial` among them. */
  answers: { url: string; json: unknown }[];
  siteConfig: SiteConfig;
  /** A phone or tablet (`mobileFromUserAgent` of the request): the mobile layout (lib/device.ts). */
  mobile: boolean;
}

/** Loads the pages that have a server-rendered first screen; renders wait for it. */
export const ready: Promise<unknown> = loadFirstScreenPages();

/**
 * The markup of `#root` for one page. Synchronous from end to end: the module-wide settings it sets
 * (answers, device, site settings) belong to this render alone.
 */
export function renderFirstScreen(input: FirstScreenInput): string {
  const queryClient = createQueryClient();
  const initial = input.answers.find((answer) => answer.url === '/api/_initial');
  if (initial) queryClient.setQueryData<Initial>(initialQuery.queryKey, initial.json as Initial);
  renderWithSiteConfig(input.siteConfig);
  renderForDevice(input.mobile);
  serveEmbeddedAnswers(input.answers);
  try {
    return renderToString(<App queryClient={queryClient} location={input.location} />);
  } finally {
    serveEmbeddedAnswers(null);
    queryClient.clear();
  }
}
