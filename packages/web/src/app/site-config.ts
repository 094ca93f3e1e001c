/** Public settings the server writes into index.html (site name, footer links). */
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
}

const DEFAULTS: SiteConfig = {
  siteName: 'Commons',
  styleNonce: null,
  links: { contactEmail: null, blog: null, discord: null, github: null, docs: null },
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
