import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../session/api/get-current-user';
import styles from './PostBody.module.css';

// The renderer is large; feeds and pages show plain text until it arrives.
const Markdown = lazy(() => import('../../../components/markdown/Markdown'));

/**
 * A post's markdown body. Previews (feed cards) never embed videos; the post page embeds them unless
 * the reader turned embeds off.
 */
export function PostBody({ text, preview = false }: { text: string; preview?: boolean }) {
  const user = useCurrentUser();
  return (
    <Suspense
      fallback={
        <p className={styles.plain} dir="auto">
          {text}
        </p>
      }
    >
      <Markdown text={text} embeds={!preview && !user?.embedsOff} />
    </Suspense>
  );
}
