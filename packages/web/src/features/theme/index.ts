/** The theme feature's public entry: what other features use of it. */
export { setTheme, useTheme } from './theme';
