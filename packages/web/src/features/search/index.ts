/** The search feature's public entry (issue 16): the page, loaded with its route only. */
export { SearchPage } from './components/SearchPage';
