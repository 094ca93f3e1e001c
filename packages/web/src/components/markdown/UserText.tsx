import { lazy, Suspense } from 'react';
import styles from './Markdown.module.css';
import { plainParagraphs } from './plain-text';
import { PlainText } from './PlainText';
import { isServerRender } from '../../lib/server-render';

// The renderer is large: it loads on the first text that needs it, not with the page.
const Markdown = lazy(() => import('./Markdown'));

/**
 * Text people wrote (posts, comments, about texts, community descriptions), with the site's markdown
 * rules (core §5). Plain prose shows at once, as markdown would show it, without loading or running the
 * parser; anything with markup goes through the renderer, its raw text standing in until that arrives.
 */
export function UserText({ text, embeds }: { text: string; embeds: boolean }) {
  const paragraphs = plainParagraphs(text);
  if (paragraphs) return <PlainText paragraphs={paragraphs} />;
  const pending = (
    <p className={styles.pending} dir="auto">
      {text}
    </p>
  );
  if (isServerRender) return pending;
  return (
    <Suspense fallback={pending}>
      <Markdown text={text} embeds={embeds} />
    </Suspense>
  );
}
