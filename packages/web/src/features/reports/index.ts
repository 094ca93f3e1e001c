/** The reports feature's public entry: what other features use of it. */
export { ReportDialog } from './components/ReportDialog';
