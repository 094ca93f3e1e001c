import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialQuery } from '../session';
import { postAnalyticsEvent } from './api/post-analytics';
import { PwaPrompts } from './components/PwaPrompts';
import { watchInstallPrompt } from './install-prompt';
import { isStandalone } from './prompt-rules';
import { registerServiceWorker } from './service-worker';

/**
 * The installable app, started after the page's load event from a lazy chunk (main.tsx), so none of it
 * weighs on the first load: the service worker (production builds), the installed-app analytics event,
 * and the prompts, in a root of their own that shares the app's query cache.
 */
export function startPwa(queryClient: QueryClient): void {
  watchInstallPrompt();
  if (import.meta.env.PROD) registerServiceWorker().catch(() => undefined);
  if (isStandalone()) {
    // After the bootstrap call, whose answer carries the CSRF token a POST needs.
    queryClient
      .ensureQueryData(initialQuery)
      .then(() => postAnalyticsEvent('pwa_use'))
      .catch(() => undefined);
  }
  const host = document.createElement('div');
  host.id = 'pwa-prompts';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PwaPrompts />
      </QueryClientProvider>
    </StrictMode>,
  );
}
