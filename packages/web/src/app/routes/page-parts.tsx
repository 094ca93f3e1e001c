import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { messages } from '@commons/shared';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/api-client';
import { tabMovedTo } from '../../lib/tab-keys';
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

const TABS = ['posts', 'about'] as const;

/**
 * The Posts and About tabs that take the place of the side column on narrow screens (core §2). The
 * tabs pattern: one stop for the keyboard, the arrow keys, Home and End move between them.
 */
export function PostsAboutTabs({
  label,
  posts,
  about,
}: {
  label: string;
  posts: ReactNode;
  about: ReactNode;
}) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('posts');
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabMovedTo(event.key, index, TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  };
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label={label}>
        {TABS.map((t, i) => (
          <button
            key={t}
            ref={(element) => {
              tabRefs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t}`}
            aria-selected={tab === t}
            // One panel, whose content follows the chosen tab.
            aria-controls={`${id}-panel`}
            tabIndex={tab === t ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {t === 'posts' ? 'Posts' : 'About'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className={styles.main}>
        {tab === 'posts' ? posts : about}
      </div>
    </>
  );
}
