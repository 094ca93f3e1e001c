import { Redirect, useLocation, useSearch } from 'wouter';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../features/session/api/get-current-user';

/**
 * Pages that need an account (core §2: /new, /notifications, /settings, /admin, modtools): a guest is
 * sent to /login, which brings them back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  if (!user) {
    const origin = location + (search ? `?${search}` : '');
    return <Redirect to={`/login?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  return <>{children}</>;
}
