import type { Kysely } from 'kysely';
import { apiMessages, errorCodes, limits, type UserFeed } from '@commons/shared';
import { commentJsons } from '../comments/comment-views.js';
import type { CommentRow } from '../comments/comments.repository.js';
import type { Deps } from '../deps.js';
import type { DB } from '../db/schema.js';
import { badRequest, notFound } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { siteRole } from '../policies/roles.policy.js';
import { assertMaySeeBannedAccount, seesRemovedAccounts } from '../policies/users.policy.js';
import { postJsons } from '../posts/post-views.js';
import type { PostRow } from '../posts/posts.repository.js';
import { findUserByName, type UserRow } from './users.repository.js';

export interface UserFeedQuery {
  filter?: string;
  limit?: string;
  next?: string;
}

/** Newest first from `before` (inclusive): each kind from its own (user_id, id DESC) index. */
function postsOf(db: Kysely<DB>, userId: string, before: string | null, take: number): Promise<PostRow[]> {
  let query = db.selectFrom('posts').selectAll().where('user_id', '=', userId);
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}

/**
 * A user's comments for their profile: never those they deleted themselves; those moderators or admins
 * deleted only for admins (DOMAIN §2.8).
 */
function commentsOf(
  db: Kysely<DB>,
  userId: string,
  before: string | null,
  take: number,
  viewerIsAdmin: boolean,
): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll().where('user_id', '=', userId);
  query = viewerIsAdmin
    ? query.where((eb) => eb.or([eb('deleted_as', 'is', null), eb('deleted_as', '<>', 'normal')]))
    : query.where('deleted_at', 'is', null);
  if (before) query = query.where('id', '<=', before);
  return query.orderBy('id', 'desc').limit(take).execute();
}

/**
 * `GET /api/users/{username}/feed` (API.md §7.3): posts, comments or both, newest first, by id cursor.
 * A banned user's feed is for admins only; a deleted user's is empty for everyone else.
 */
export async function getUserFeed(
  deps: Deps,
  viewer: UserRow | null,
  username: string,
  query: UserFeedQuery,
): Promise<UserFeed> {
  const filter = query.filter ?? '';
  if (filter !== '' && filter !== 'posts' && filter !== 'comments') {
    throw badRequest('invalid-filter', 'Invalid filter.');
  }
  let limit: number = limits.paginationLimit;
  if (query.limit !== undefined) {
    const n = Number(query.limit);
    if (!/^\d+$/.test(query.limit) || n < 1 || n > limits.paginationLimitMax) {
      throw badRequest(
        'invalid_limit',
        `The limit must be a whole number from 1 to ${limits.paginationLimitMax}.`,
      );
    }
    limit = n;
  }
  let before: string | null = null;
  if (query.next) {
    before = parseId(query.next);
    if (!before) throw badRequest('invalid_cursor', apiMessages.invalidCursor);
  }
  const user = await findUserByName(deps.db, username);
  if (!user) throw notFound(errorCodes.userNotFound, apiMessages.userNotFound);
  const isAdmin = seesRemovedAccounts(siteRole(viewer));
  if (user.banned_at) assertMaySeeBannedAccount(siteRole(viewer));
  if (user.deleted_at && !isAdmin) return { items: [], next: null };

  const [posts, comments] = await Promise.all([
    filter === 'comments' ? [] : postsOf(deps.db, user.id, before, limit + 1),
    filter === 'posts' ? [] : commentsOf(deps.db, user.id, before, limit + 1, isAdmin),
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
