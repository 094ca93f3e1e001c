/** The public moderation log (an addition to the specification): its list and the removal dialog. */
export { ModLogList } from './components/ModLogList';
export { RemovalDialog, type RemovalReasonQuery } from './components/RemovalDialog';
