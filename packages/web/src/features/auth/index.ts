/** The auth feature's public entry: what other features use of it. */
export { useLogout } from './api/logout';
export { useAuthDialogs } from './components/AuthDialogs';
