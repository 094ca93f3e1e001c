import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { AuthDialogsProvider } from '../features/auth/components/AuthDialogs';
import { Shell } from '../features/layout/Shell';
import { followSystemTheme } from '../features/theme/theme';
import { guardNavigation } from '../lib/navigation-guard';
import { Bootstrap } from './Bootstrap';
import { ErrorBoundary } from './ErrorBoundary';
import { Routes } from './router';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** `location`: the page's address when the server renders it (entry-server.tsx); the browser's else. */
export function App({ queryClient, location }: { queryClient: QueryClient; location?: string }) {
  useEffect(() => followSystemTheme(), []);
  return (
    <ErrorBoundary>
      <Router aroundNav={guardNavigation} {...(location === undefined ? {} : { ssrPath: location })}>
        <QueryClientProvider client={queryClient}>
          <Bootstrap>
            <AuthDialogsProvider>
              <Shell>
                <Routes />
              </Shell>
            </AuthDialogsProvider>
          </Bootstrap>
        </QueryClientProvider>
      </Router>
    </ErrorBoundary>
  );
}
