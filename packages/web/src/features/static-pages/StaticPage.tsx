import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { StaticPageContent } from '@commons/shared';
import { Skeleton } from '../../components/ui/Skeleton';
import { siteConfig } from '../../app/site-config';
import { useCurrentUser } from '../session';
import { staticPageKeys } from './keys';
import styles from './StaticPage.module.css';

const Markdown = lazy(() => import('../../components/markdown/Markdown'));

const sources = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' });

/**
 * The document as this site runs: `{builtinSearch}…{/builtinSearch}` and `{externalSearch}…{/externalSearch}`
 * keep their text only where the site has that search (the operator's SEARCH setting), and `{siteName}`
 * is the site's name.
 */
export function forThisSite(source: string, site: { siteName: string; externalSearch?: boolean }): string {
  const [keep, drop] = site.externalSearch
    ? ['externalSearch', 'builtinSearch']
    : ['builtinSearch', 'externalSearch'];
  return source
    .replace(new RegExp(`\\{${drop}\\}[\\s\\S]*?\\{/${drop}\\}\\n?`, 'gu'), '')
    .replaceAll(`{${keep}}`, '')
    .replaceAll(`{/${keep}}`, '')
    .replaceAll('{siteName}', site.siteName);
}

/** A static document, written in markdown and shown through the same renderer as posts. */
export function StaticPage({ content }: { content: StaticPageContent }) {
  const user = useCurrentUser();
  const { data: text } = useQuery({
    queryKey: staticPageKeys.page(content),
    queryFn: async () => {
      const source = await sources[`./content/${content}.md`]!();
      return forThisSite(source, siteConfig);
    },
    staleTime: Infinity,
  });
  const loading = <Skeleton lines={8} label="Loading page" />;
  return (
    <article className={styles.page}>
      {text === undefined ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <Markdown text={text} embeds={!user?.embedsOff} />
        </Suspense>
      )}
    </article>
  );
}
