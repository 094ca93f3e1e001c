import { useDocumentTitle } from '../../lib/use-document-title';
import { SettingsPage } from '../../features/settings';
import { useCurrentUser } from '../../features/session';

/** `/settings` (secondary §2), behind RequireLogin in the route table. */
export default function SettingsRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Settings');
  if (!user) return null;
  return <SettingsPage user={user} />;
}
