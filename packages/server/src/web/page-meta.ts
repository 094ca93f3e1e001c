import { staticPages } from '@commons/shared';
import type { Deps } from '../deps.js';
import { findUserByName } from '../users/users.repository.js';
import type { PageMeta } from './index-html.js';

const OTHER_TITLES: Record<string, string> = { '/login': 'Login' };

const PROFILE = /^\/@([0-9A-Za-z_]{1,32})\/?$/;

/**
 * What a shared link to `pathname` should preview as (API.md §17.2). Pages of later features (posts,
 * communities) add their cases here.
 */
export async function pageMeta(deps: Deps, pathname: string): Promise<PageMeta> {
  const site = deps.config.siteName;
  const page = staticPages.find((p) => p.path === pathname);
  if (page) return { title: page.title(site) };
  const other = OTHER_TITLES[pathname];
  if (other) return { title: other };

  const profile = PROFILE.exec(pathname);
  if (profile?.[1]) {
    const user = await findUserByName(deps.db, profile[1]);
    if (user) {
      return {
        title: `@${user.username}`,
        shareTitle: `@${user.username} on ${site}`,
        description: `${user.username}'s profile.`,
      };
    }
  }
  return { title: null };
}
