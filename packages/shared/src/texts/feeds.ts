// Imported as @commons/shared/texts/feeds, never through the package's index: a module the first load
// reaches goes whole into it (docs/decisions.md §47).
import { DEFAULT_FEED_SORT, type FeedSort } from '../enums.js';

/** An Atom feed of a page, as `<link rel="alternate" type="application/atom+xml">` names it. */
export interface FeedLink {
  title: string;
  /** The feed's path, from the site's root. */
  href: string;
}

const sortQuery = (sort: FeedSort | null) => (sort && sort !== DEFAULT_FEED_SORT ? `?sort=${sort}` : '');
const part = encodeURIComponent;

/**
 * The feeds of the pages that have one, the same in the server's HTML (`web/page-meta.ts`) and after
 * the client's navigation (`useFeedLinks`): All and a community follow the page's sort; a user's
 * posts and a public list have their own default order.
 */
export const feedLinks = {
  all: (site: string, sort: FeedSort | null): FeedLink => ({
    title: `All posts - ${site}`,
    href: `/api/feeds/all${sortQuery(sort)}`,
  }),
  community: (site: string, name: string, sort: FeedSort | null): FeedLink => ({
    title: `${name} - ${site}`,
    href: `/api/feeds/communities/${part(name)}${sortQuery(sort)}`,
  }),
  user: (site: string, username: string): FeedLink => ({
    title: `Posts by @${username} - ${site}`,
    href: `/api/feeds/users/${part(username)}`,
  }),
  list: (site: string, list: { username: string; name: string; displayName: string }): FeedLink => ({
    title: `${list.displayName} by @${list.username} - ${site}`,
    href: `/api/feeds/users/${part(list.username)}/lists/${part(list.name)}`,
  }),
};
