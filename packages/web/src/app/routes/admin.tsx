import { lazy } from 'react';
import { messages } from '@commons/shared';
import { ButtonLink } from '../../components/ui/Button';
import { useRootPage } from '../../features/layout/navigation';
import { useCurrentUser } from '../../features/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './pages.module.css';

/**
 * The dashboard loads only for admins: this route's own chunk stays small, so the list of what to
 * preload for it, which the first load carries, stays short too.
 */
const AdminDashboard = lazy(() =>
  import('../../features/admin').then((m) => ({ default: m.AdminDashboard })),
);

function Forbidden() {
  useDocumentTitle('Forbidden');
  useRootPage();
  return (
    <section className={styles.centered} aria-labelledby="admin-forbidden-title">
      <h1 id="admin-forbidden-title">{messages.common.forbiddenTitle}</h1>
      <ButtonLink href="/" variant="primary">
        {messages.common.goHome}
      </ButtonLink>
    </section>
  );
}

/**
 * `/admin` and its sub-routes (secondary §2), behind RequireLogin in the route table: admins get the
 * dashboard, everyone else 'Forbidden!'. `section` is the rest of the path ('' for the index).
 */
export default function AdminRoute({ section }: { section: string }) {
  const user = useCurrentUser();
  if (!user) return null;
  if (!user.isAdmin) return <Forbidden />;
  return <AdminDashboard section={section} />;
}
