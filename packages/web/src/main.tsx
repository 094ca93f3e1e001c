import { StrictMode } from 'react';
import { render as renderInto, type ComponentChild } from 'preact';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import type { Initial } from '@commons/shared';
import { App, createQueryClient } from './app/App';
import { preloadPage } from './app/router';
import { siteConfig } from './app/site-config';
import { initialQuery } from './features/session/api/get-initial';
import { embeddedAnswer } from './lib/api-client';
import './lib/react-parity';
import { applyFont } from './lib/device-preferences';
import './styles/theme.css';
import './styles/global.css';

// index.html set the font before the first paint; this keeps the attribute whatever the choice.
applyFont();

// The dialogs' scroll lock injects a style element; the page's nonce lets the strict CSP allow it.
if (siteConfig.styleNonce) setNonce(siteConfig.styleNonce);

const queryClient = createQueryClient();
// The page's HTML usually carries the bootstrap answer (the server's first-screen data): the app then
// starts at once. Else the bootstrap call and the first page's code download side by side.
const initial = embeddedAnswer<Initial>('/_initial');
if (initial) queryClient.setQueryData(initialQuery.queryKey, initial);
else void queryClient.prefetchQuery(initialQuery);
const pageLoaded = preloadPage(window.location.pathname);

// The installable app (worker, prompts) waits for the load event, in its own chunk: the first load does
// not carry it. Chromium's install offer can come earlier; it is kept for the install banner.
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.__commonsInstallPrompt = event as Window['__commonsInstallPrompt'];
});
const startPwa = () => void import('./features/pwa').then((pwa) => pwa.startPwa(queryClient));
if (document.readyState === 'complete') startPwa();
else window.addEventListener('load', startPwa, { once: true });

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
if (root.firstElementChild) {
  // The page's HTML carries its first screen, rendered by the server (entry-server.tsx). The first
  // render takes that markup over, once the page's code is here so that no skeleton replaces it
  // meanwhile. Preact's own render does: it keeps the elements that match and mends any that differ
  // (a narrow window the server took for a desktop), where react-dom's createRoot, and so
  // preact/compat's, empties the container first.
  // The page shows it inert and hidden from assistive technology (server/src/web/index-html.ts): it
  // responds once it is the app's.
  const takeOver = () => {
    renderInto(app as ComponentChild, root);
    root.removeAttribute('inert');
    root.removeAttribute('aria-hidden');
  };
  void pageLoaded.then(takeOver, takeOver);
} else {
  createRoot(root).render(app);
}
