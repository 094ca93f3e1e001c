import { Redirect, useSearch } from 'wouter';
import { LogoMark } from '../../components/ui/Icon';
import { useDocumentTitle } from '../../lib/use-document-title';
import { siteConfig } from '../site-config';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import styles from './pages.module.css';

/** Only paths inside this app are followed after login. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  useDocumentTitle('Login');
  const user = useCurrentUser();
  const search = useSearch();
  const target = safeRedirect(new URLSearchParams(search).get('redirect'));
  if (user) return <Redirect to={target} replace />;
  return (
    <section className={styles.authCard} aria-labelledby="login-title">
      <div className={styles.authHeader}>
        <LogoMark size={40} />
        <h1 id="login-title">Login to {siteConfig.siteName}</h1>
      </div>
      {/* The redirect above leaves this page as soon as the session holds the user; navigating again
          after the session's refetch would undo whatever the member clicked in between. */}
      <LoginForm />
    </section>
  );
}
