import { limits } from '@commons/shared';

/** Public settings the server writes into index.html (site name, footer links, upload limits). */
export interface SiteConfig {
  siteName: string;
  /** The page's CSP nonce for style elements that libraries inject (dialogs' scroll lock). */
  styleNonce: string | null;
  links: {
    contactEmail: string | null;
    blog: string | null;
    discord: string | null;
    github: string | null;
    docs: string | null;
  };
  /** Image posts are off on this site: the editor has no Image tab. */
  imagePostsDisabled: boolean;
  /** The operator keeps the reference's web search (SEARCH=external) instead of the built-in /search. */
  externalSearch?: boolean;
  maxImagesPerPost: number;
  /** Bytes; larger files are refused before they are sent. */
  maxImageSize: number;
}

const DEFAULTS: SiteConfig = {
  siteName: 'Commons',
  styleNonce: null,
  links: { contactEmail: null, blog: null, discord: null, github: null, docs: null },
  imagePostsDisabled: false,
  maxImagesPerPost: limits.imagesPerPostMax,
  maxImageSize: limits.maxImageSize,
};

function read(): SiteConfig {
  try {
    const text = document.getElementById('site-config')?.textContent ?? '{}';
    const parsed = JSON.parse(text) as Partial<SiteConfig>;
    return { ...DEFAULTS, ...parsed, links: { ...DEFAULTS.links, ...parsed.links } };
  } catch {
    return DEFAULTS;
  }
}

export const siteConfig: SiteConfig = read();

/** The server's render of a page (entry-server.tsx): the settings it writes into that page. */
export function renderWithSiteConfig(config: SiteConfig): void {
  Object.assign(siteConfig, config);
}
