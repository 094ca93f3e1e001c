import { isUserFeedFilter, limits, type UserFeed } from '@commons/shared';
import type { UserFeedQueryParams } from '@commons/shared/schemas';
import { commentJsons } from '../comments/comment-views.js';
import { profileComments } from '../comments/comments.repository.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { siteRole } from '../policies/roles.policy.js';
import { assertMaySeeBannedAccount, seesRemovedAccounts } from '../policies/users.policy.js';
import { postJsons } from '../posts/post-views.js';
import { profilePosts } from '../posts/posts.repository.js';
import { findUserByName, type UserRow } from './users.repository.js';

/**
 * `GET /api/users/{username}/feed` (API.md §7.3): posts, comments or both, newest first, by id cursor.
 * A banned user's feed is for admins only; a deleted user's is empty for everyone else.
 */
export async function getUserFeed(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  query: UserFeedQueryParams,
): Promise<UserFeed> {
  const filter = query.filter ?? '';
  if (!isUserFeedFilter(filter)) throw errors.invalidUserFeedFilter();
  let limit: number = limits.paginationLimit;
  if (query.limit !== undefined) {
    const n = Number(query.limit);
    if (!/^\d+$/.test(query.limit) || n < 1 || n > limits.paginationLimitMax) {
      throw errors.invalidLimit(limits.paginationLimitMax);
    }
    limit = n;
  }
  let before: string | null = null;
  if (query.next) {
    before = parseId(query.next);
    if (!before) throw errors.invalidCursor();
  }
  const user = await findUserByName(deps.db, username);
  if (!user) throw errors.userNotFound();
  const isAdmin = seesRemovedAccounts(siteRole(viewer));
  if (user.banned_at) assertMaySeeBannedAccount(siteRole(viewer));
  if (user.deleted_at && !isAdmin) return { items: [], next: null };

  const [posts, comments] = await Promise.all([
    filter === 'comments' ? [] : profilePosts(deps.db, user.id, before, limit + 1),
    filter === 'posts' ? [] : profileComments(deps.db, user.id, before, limit + 1, isAdmin),
  ]);
  const merged = [
    ...posts.map((row) => ({ type: 'post' as const, id: row.id, row })),
    ...comments.map((row) => ({ type: 'comment' as const, id: row.id, row })),
  ].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const page = merged.slice(0, limit);
  const pagePosts = page.flatMap((e) => (e.type === 'post' ? [e.row] : []));
  const pageComments = page.flatMap((e) => (e.type === 'comment' ? [e.row] : []));
  const [postViews, commentViews] = await Promise.all([
    postJsons(deps, pagePosts, viewer),
    commentJsons(deps, pageComments, viewer, { postTitles: true }),
  ]);
  const postById = new Map(postViews.map((p) => [p.id, p]));
  const commentById = new Map(commentViews.map((c) => [c.id, c]));
  return {
    items: page.map((e) =>
      e.type === 'post'
        ? { type: 'post' as const, item: postById.get(e.id)! }
        : { type: 'comment' as const, item: commentById.get(e.id)! },
    ),
    next: merged[limit]?.id ?? null,
  };
}
