import { staticPages } from '@commons/shared';
import { useDocumentTitle } from '../../lib/use-document-title';
import { siteConfig } from '../site-config';
import { StaticPage } from '../../features/static-pages/StaticPage';

export default function StaticPageRoute({ path }: { path: string }) {
  const page = staticPages.find((p) => p.path === path)!;
  useDocumentTitle(page.title(siteConfig.siteName));
  return <StaticPage content={page.content} />;
}
