/**
 * The static documents (core §2) with their page titles (API.md §17.2). The server writes the titles
 * into link previews; the client shows the same pages with the same titles.
 */
export const staticPages = [
  { path: '/about', content: 'about', title: (site: string) => `About ${site}` },
  { path: '/guidelines', content: 'guidelines', title: (site: string) => `Guidelines on using ${site}` },
  {
    path: '/moderator-guidelines',
    content: 'moderator-guidelines',
    title: (site: string) => `Moderator guidelines of ${site}`,
  },
  { path: '/terms', content: 'terms', title: (site: string) => `Terms and conditions of ${site}` },
  {
    path: '/privacy-policy',
    content: 'privacy-policy',
    title: (site: string) => `Privacy policy of ${site}`,
  },
  { path: '/markdown_guide', content: 'markdown-guide', title: () => 'Markdown guide' },
  { path: '/markdown-guide', content: 'markdown-guide', title: () => 'Markdown guide' },
] as const;

export type StaticPageContent = (typeof staticPages)[number]['content'];

/**
 * First path segments that are pages of their own, not community names: the client's route table and
 * the server's first-screen data read the address the same way.
 */
export const fixedPathSegments: ReadonlySet<string> = new Set([
  'login',
  'new',
  'notifications',
  'settings',
  'admin',
  'communities',
  'all',
  'subscriptions',
  'search',
  'modlog',
]);
