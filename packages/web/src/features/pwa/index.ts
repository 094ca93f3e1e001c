/**
 * The installable app's public entry (service worker, update and notification prompts, install banner,
 * installed-app analytics). main.tsx imports it lazily, after the load event.
 */
export { startPwa } from './PwaRoot';
