/** The session feature's public entry: what other features use of it. */
export { currentUserQuery, useCurrentUser } from './api/get-current-user';
export { CurrentUserProvider } from './components/CurrentUserProvider';
export { initialQuery, useInitial } from './api/get-initial';
export { markBannedFrom, sessionChanged } from './session-changes';
