import { useEffect } from 'react';
import { siteConfig } from '../app/site-config';

/** "{title} - {siteName}", as the server writes it for shared links; the site name alone for null. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} - ${siteConfig.siteName}` : siteConfig.siteName;
  }, [title]);
}
