import type { ReactNode } from 'react';
import { CurrentUserContext, useCurrentUserQuery } from '../api/get-current-user';

/**
 * Reads the logged-in user once for everything below it (the app below Bootstrap's gate, the
 * installable app's prompts), for `useCurrentUser`: a feed card's parts ask for the user five times
 * each, and every query observer costs each render its share (docs/performance.md, "The first screen
 * rendered on the server").
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUserQuery();
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}
