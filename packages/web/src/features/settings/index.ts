/** The settings feature's public entry: what other features use of it. */
export { SettingsPage } from './components/SettingsPage';
