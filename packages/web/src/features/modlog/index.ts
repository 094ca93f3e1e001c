/** The public moderation log (an addition to the specification): its list and the removal dialog. */
export { ModLogList } from './components/ModLogList';
export { ModLogPage } from './components/ModLogPage';
export { HideNamesSwitch } from './components/HideNamesSwitch';
export { RemovalDialog, type RemovalReasonQuery } from './components/RemovalDialog';
