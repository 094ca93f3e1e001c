/** One place in the page links: a page number, or a gap standing for the pages left out. */
export type PageLink = number | 'gap';

/** Below this many pages, every page has its link. */
const ALL_PAGES_BELOW = 10;
/** Otherwise the first this many pages have theirs. */
const LEADING_PAGES = 8;

/**
 * The page links of the moderation lists (secondary §2): every page when there are fewer than 10;
 * otherwise the first 8, an ellipsis, the current page (when it is not among those) and the last. A
 * gap is shown only where pages are really left out (page 9 of 10 follows 8 directly).
 */
export function pageLinks(totalPages: number, current: number): PageLink[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  if (totalPages < ALL_PAGES_BELOW) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const links: PageLink[] = Array.from({ length: LEADING_PAGES }, (_, i) => i + 1);
  const tail = current > LEADING_PAGES && current < totalPages ? [current, totalPages] : [totalPages];
  let last = LEADING_PAGES;
  for (const page of tail) {
    if (page > last + 1) links.push('gap');
    links.push(page);
    last = page;
  }
  return links;
}

/** How many pages `total` items make at `pageSize` a page (at least one, so an empty list has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
