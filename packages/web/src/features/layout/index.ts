/** The layout feature's public entry: what other features use of it. */
export { canGoBackInApp } from './navigation';
export { searchUrl } from './SearchBox';
