import { isFeedSort, staticPages, type FeedSort } from '@commons/shared';
import { feedLinks } from '@commons/shared/texts/feeds';
import { findCommunityByName } from '../communities/communities.repository.js';
import type { Deps } from '../deps.js';
import { imagesByIds } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import { findListByName } from '../lists/lists.repository.js';
import { imagesOfPosts } from '../posts/post-images.repository.js';
import { findPostByPublicId } from '../posts/posts.repository.js';
import { findUserByName } from '../users/users.repository.js';
import type { PageMeta } from './index-html.js';

const OTHER_TITLES: Record<string, string> = { '/login': 'Login' };

const PROFILE = /^\/@([0-9A-Za-z_]{1,32})\/?$/;
const LIST = /^\/@([0-9A-Za-z_]{1,32})\/lists\/([0-9A-Za-z_]{1,32})$/;
const COMMUNITY = /^\/([0-9A-Za-z_]{3,21})$/;
const POST = /^\/([0-9A-Za-z_]{3,21})\/post\/([0-9A-Za-z_]{8})(?:\/[0-9a-fA-F]{24})?$/;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The page's sort (`?sort=` of a feed page), for its Atom feed; null when absent or not a sort. */
function sortOf(search: URLSearchParams): FeedSort | null {
  const sort = search.get('sort');
  return sort && isFeedSort(sort) ? sort : null;
}

/**
 * What a shared link to `pathname` should preview as (API.md §17.2). Pages of later features (posts,
 * communities) add their cases here.
 */
export async function pageMeta(
  deps: Deps,
  pathname: string,
  search: URLSearchParams = new URLSearchParams(),
): Promise<PageMeta> {
  const site = deps.config.siteName;
  if (pathname === '/' || pathname === '/all') {
    // The home page of a guest is All; a member's shows their subscriptions, but All is still its feed.
    return {
      title: null,
      feeds: [feedLinks.all(site, sortOf(search))],
    };
  }
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
        // A banned account has no public feed (atom/atom.service.ts).
        ...(user.banned_at
          ? {}
          : {
              feeds: [feedLinks.user(site, user.username)],
            }),
      };
    }
  }
  const list = LIST.exec(pathname);
  if (list?.[1] && list[2]) {
    // Only a public list is named: a private one previews like any unknown page, so that a shared
    // link does not give its name away.
    const row = await findListByName(deps.db, list[1], list[2]);
    if (row?.public) {
      return {
        title: row.display_name,
        shareTitle: `${row.display_name} by @${row.username} on ${site}`,
        description: row.description ?? `${plural(row.num_items, 'item')} saved by @${row.username}.`,
        feeds: [
          feedLinks.list(site, { username: row.username, name: row.name, displayName: row.display_name }),
        ],
      };
    }
  }
  const post = POST.exec(pathname);
  if (post?.[2]) {
    const row = await findPostByPublicId(deps.db, post[2]);
    if (row) {
      const counts = `${plural(row.upvotes, 'upvote')} • ${plural(row.no_comments, 'comment')}`;
      let image: string | undefined;
      if (!row.deleted_content) {
        const first =
          row.type === 'image' ? (await imagesOfPosts(deps.db, [row.id])).get(row.id)?.[0] : undefined;
        const thumbnail = row.link_image
          ? (await imagesByIds(deps.db, [row.link_image])).get(row.link_image)
          : undefined;
        const chosen = first ?? thumbnail;
        if (chosen) image = presentImage(chosen, null, deps.secrets.imageKey).url;
      }
      return {
        title: row.title,
        description: counts,
        metaDescription: `${counts} • ${row.title}`,
        ...(image ? { image } : {}),
      };
    }
  }

  const community = COMMUNITY.exec(pathname);
  if (community?.[1]) {
    const row = await findCommunityByName(deps.db, community[1]);
    if (row) {
      const imageId = row.banner_image ?? row.pro_pic;
      const image = imageId ? (await imagesByIds(deps.db, [imageId])).get(imageId) : undefined;
      return {
        title: row.name,
        shareTitle: `${row.name} - ${site}`,
        ...(row.about ? { description: row.about } : {}),
        ...(image ? { image: presentImage(image, null, deps.secrets.imageKey).url } : {}),
        feeds: [feedLinks.community(site, row.name, sortOf(search))],
      };
    }
  }
  return { title: null };
}
