import { useState, type ReactNode } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/api-client';
import styles from './feed-pages.module.css';

/** A page whose main object could not be loaded for a reason other than not found, with Retry. */
export function LoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <section className={styles.failed} role="alert">
      <h1>{messages.common.somethingWentWrong}</h1>
      <p>{errorText(error)}</p>
      <Button variant="primary" onClick={onRetry} disabled={retrying}>
        {messages.common.retry}
      </Button>
    </section>
  );
}

/** The Posts and About tabs that take the place of the side column on narrow screens (core §2). */
export function PostsAboutTabs({
  label,
  posts,
  about,
}: {
  label: string;
  posts: ReactNode;
  about: ReactNode;
}) {
  const [tab, setTab] = useState<'posts' | 'about'>('posts');
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label={label}>
        {(['posts', 'about'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            className={styles.tab}
            onClick={() => setTab(t)}
          >
            {t === 'posts' ? 'Posts' : 'About'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={styles.main}>
        {tab === 'posts' ? posts : about}
      </div>
    </>
  );
}
