import type { StaticPageContent } from '@commons/shared';

/** Query keys of the static pages. */
export const staticPageKeys = {
  page: (content: StaticPageContent) => ['static-page', content] as const,
};
