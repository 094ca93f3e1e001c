import {
  DEFAULT_FEED_SORT,
  isFeedSort,
  isFeedType,
  limits,
  type Feed,
  type FeedSort,
  type FeedType,
  type ModtoolsFeed,
} from '@commons/shared';
import type { FeedQueryParams } from '@commons/shared/schemas';
import { standingIn } from '../communities/communities.service.js';
import { findCommunityById } from '../communities/communities.repository.js';
import type { CachedText } from '../cache/read-cache.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { assertMayUseModTools } from '../policies/communities.policy.js';
import { postJsons } from '../posts/post-views.js';
import { pinnedPosts } from '../posts/pinned-posts.repository.js';
import type { PostRow } from '../posts/posts.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { memberFeedPage } from './member-feed.js';
import { cursorOf, parseCursor } from './feed-cursors.js';
import { feedPage, memberCommunityIds, modtoolsPage, type FeedScope } from './feeds.repository.js';

export interface FeedQuery {
  sort: FeedSort;
  feed: FeedType;
  communityId: string | null;
  limit: number;
  next: string | null;
  filter: '' | 'deleted' | 'locked';
  page: string | undefined;
}

/** Reads `GET /api/posts` parameters with the contract's defaults and error codes (API.md §8.1). */
export function parseFeedQuery(query: FeedQueryParams): FeedQuery {
  const sort = query.sort || DEFAULT_FEED_SORT;
  if (!isFeedSort(sort)) throw errors.invalidSort();
  const requested = query.feed || 'all';
  if (!isFeedType(requested)) throw errors.invalidFeedType();
  let feed: FeedType = requested;
  let communityId: string | null = null;
  if (query.communityId) {
    communityId = parseId(query.communityId);
    if (!communityId) throw errors.invalidId();
    feed = 'community';
  } else if (feed === 'community') {
    throw errors.communityIsEmpty();
  }
  let limit: number = limits.paginationLimit;
  if (query.limit !== undefined) {
    if (
      !/^\d+$/.test(query.limit) ||
      Number(query.limit) < 1 ||
      Number(query.limit) > limits.paginationLimitMax
    ) {
      throw errors.invalidLimit(limits.paginationLimitMax);
    }
    limit = Number(query.limit);
  }
  // An unset cursor the client put in the URL (API.md §8.1, MUST).
  const next = !query.next || query.next === 'null' || query.next === 'undefined' ? null : query.next;
  const filter = query.filter ?? '';
  if (filter !== '' && filter !== 'deleted' && filter !== 'locked') throw errors.invalidFilter();
  return { sort, feed, communityId, limit, next, filter, page: query.page };
}

export { cursorOf, parseCursor } from './feed-cursors.js';

/**
 * `GET /api/posts` (API.md §8.1, DOMAIN §2): All, Subscriptions (`home`), Moderating or one community,
 * in any sort, by keyset cursor; pinned posts first on the first page of the default sort. A member's
 * page is built from shared parts (member-feed.ts); guests' pages and admins' take the direct path.
 */
export async function getFeed(
  deps: Deps,
  viewer: UserRow | null,
  query: FeedQuery,
): Promise<Feed | ModtoolsFeed> {
  if (query.filter) return getModtoolsFeed(deps, viewer, query);
  const scope = await feedScope(deps, viewer, query);
  // An admin sees deleted authors' real names, which the shared parts (made as a guest sees them) hide.
  if (viewer && !viewer.is_admin) {
    return memberFeedPage(deps, viewer, query, scope, () => directFeedPage(deps, viewer, query, scope));
  }
  return directFeedPage(deps, viewer, query, scope);
}

/**
 * The same page straight from the database, every filter in the feed's query and every related row
 * looked up for this viewer: what a member's page built from shared parts must equal.
 */
export async function getFeedDirect(deps: Deps, viewer: UserRow | null, query: FeedQuery): Promise<Feed> {
  return directFeedPage(deps, viewer, query, await feedScope(deps, viewer, query));
}

async function feedScope(deps: Deps, viewer: UserRow | null, query: FeedQuery): Promise<FeedScope> {
  if ((query.feed === 'home' || query.feed === 'moderating') && !viewer) throw errors.notLoggedIn();
  if (query.feed === 'community') {
    const id = query.communityId!;
    // Every reader of a community's feed asks whether it exists: the answer comes from the shared read
    // cache, for its few seconds. The site never deletes a community (an operator's hand may, and is
    // then heard of within the cache's lifetime). Only a community found is kept; a miss asks again.
    await deps.readCache.getValue(`community-exists:${id}`, async () => {
      if (!(await findCommunityById(deps.db, id))) throw errors.communityNotFound();
      return true;
    });
    return { kind: 'community', id };
  }
  if (query.feed === 'home' || query.feed === 'moderating') {
    return {
      kind: 'communities',
      ids: await memberCommunityIds(deps.db, viewer!.id, query.feed === 'moderating'),
    };
  }
  return { kind: 'all' };
}

async function directFeedPage(
  deps: Deps,
  viewer: UserRow | null,
  query: FeedQuery,
  scope: FeedScope,
): Promise<Feed> {
  const pinsApply = query.sort === DEFAULT_FEED_SORT;
  // The page and the pins side by side: one round trip of the request's chain, not two.
  const [rows, pinned] = await Promise.all([
    feedPage(deps.db, {
      scope,
      sort: query.sort,
      cursor: query.next ? parseCursor(query.sort, query.next) : null,
      take: query.limit + 1,
      // The Moderating feed shows everything in the viewer's communities, mutes and hides included.
      viewerId: viewer && query.feed !== 'moderating' ? viewer.id : null,
      hideMutedCommunities: query.feed === 'all',
      excludePinned: pinsApply ? (scope.kind === 'community' ? 'community' : 'site') : null,
    }),
    pinsApply && !query.next
      ? pinnedPosts(
          deps.db,
          scope.kind === 'community' ? { siteWide: false, communityId: scope.id } : { siteWide: true },
        )
      : ([] as PostRow[]),
  ]);
  const page = rows.slice(0, query.limit);
  const extra = rows[query.limit];
  return {
    posts: await postJsons(deps, [...pinned, ...page], viewer),
    next: extra ? cursorOf(query.sort, extra) : null,
  };
}

/**
 * A guest's feed page, as the response text: the same for every guest, so it comes from the shared
 * read cache (cache/read-cache.ts) when another guest asked for it in the last few seconds, and one
 * query serves all the guests who ask at once. `serialize` is the route's response serializer.
 */
export function getGuestFeed(
  deps: Deps,
  query: FeedQuery,
  serialize: (feed: Feed) => string,
): Promise<CachedText> {
  const key = `feed:${query.feed}:${query.communityId ?? ''}:${query.sort}:${query.limit}:${query.next ?? ''}`;
  return deps.readCache.get(key, async () => serialize((await getFeed(deps, null, query)) as Feed));
}

/** Deleted or locked posts of a community, by page, for its moderators and admins (DOMAIN §2.9). */
async function getModtoolsFeed(deps: Deps, viewer: UserRow | null, query: FeedQuery): Promise<ModtoolsFeed> {
  if (!viewer) throw errors.notLoggedIn();
  if (!query.communityId) throw errors.invalidId();
  // Past a Postgres integer, the offset would overflow the query rather than name an empty page.
  if (
    !query.page ||
    !/^\d{1,10}$/.test(query.page) ||
    Number(query.page) < 1 ||
    Number(query.page) > 2 ** 31 - 1
  ) {
    throw errors.invalidPage();
  }
  const page = Number(query.page);
  if (!(await findCommunityById(deps.db, query.communityId))) throw errors.communityNotFound();
  assertMayUseModTools(await standingIn(deps, viewer, query.communityId));
  const { rows, total } = await modtoolsPage(deps.db, {
    communityId: query.communityId,
    filter: query.filter as 'deleted' | 'locked',
    limit: query.limit,
    offset: query.limit * (page - 1),
  });
  return { noPosts: total, limit: query.limit, page, posts: await postJsons(deps, rows, null) };
}
