import { useDocumentTitle } from '../../lib/use-document-title';
import { NotificationsPanel } from '../../features/notifications/components/NotificationsPanel';

/** `/notifications` (secondary §2), behind RequireLogin in the route table. */
export default function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return <NotificationsPanel />;
}
