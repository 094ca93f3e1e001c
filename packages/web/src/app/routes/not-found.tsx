import { messages } from '@commons/shared';
import { ButtonLink } from '../../components/ui/Button';
import { useRootPage } from '../../features/layout/navigation';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './pages.module.css';

/** Unknown routes, and things that do not exist (core §2). */
export function NotFoundPage() {
  useDocumentTitle('Not found');
  useRootPage();
  return (
    <section className={styles.centered} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{messages.common.notFoundTitle}</h1>
      <p className={styles.muted}>{messages.common.notFoundText}</p>
      <ButtonLink href="/" variant="primary">
        {messages.common.goHome}
      </ButtonLink>
    </section>
  );
}
