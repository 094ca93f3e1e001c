import type { Comment, CommentPage } from '@commons/shared';
import type { Deps } from '../deps.js';
import { communityLabels, moderatedAmong } from '../communities/communities.repository.js';
import { postTitles, type PostRow } from '../posts/posts.repository.js';
import { mutesOf } from '../users/mutes.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { publicUsers, usersInOrder } from '../users/user-views.js';
import { presentComment } from './comments.presenter.js';
import {
  commentPage,
  commentsByIds,
  commentVotesOf,
  type CommentCursor,
  type CommentRow,
} from './comments.repository.js';

/** Comments per page of `GET /api/posts/{publicId}/comments` (API.md §10.1). */
export const COMMENT_PAGE_SIZE = 500;

export interface CommentViewOptions {
  /** Profile feeds and the admin list carry each comment's post title. */
  postTitles?: boolean;
  /** The answer to a deletion: stripped whoever asks (API.md §10.4). */
  forceStrip?: boolean;
}

/**
 * Comments as `viewer` sees them, in the order given: a fixed number of queries whatever the number
 * of comments (posts, communities, authors and their badges, and the viewer's votes, mutes and
 * moderated communities).
 */
export async function commentJsons(
  deps: Pick<Deps, 'db' | 'secrets'>,
  rows: readonly CommentRow[],
  viewer: UserRow | null,
  options: CommentViewOptions = {},
): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const postIds = [...new Set(rows.map((r) => r.post_id))];
  const communityIds = [...new Set(rows.map((r) => r.community_id))];
  const authorIds = [...new Set(rows.map((r) => r.user_id))];

  const [posts, communities, authorRows, votes, mutes, moderates] = await Promise.all([
    postTitles(db, postIds),
    communityLabels(db, communityIds),
    usersInOrder(db, authorIds),
    viewer
      ? commentVotesOf(
          db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : null,
    viewer ? mutesOf(db, viewer.id, authorIds, []) : null,
    viewer && !viewer.is_admin ? moderatedAmong(db, viewer.id, communityIds) : new Set<string>(),
  ]);
  const authors = new Map(
    (await publicUsers(deps, authorRows, viewer)).map((json, i) => [authorRows[i]!.id, json]),
  );
  const authorDeleted = new Map(authorRows.map((row) => [row.id, row.deleted_at !== null]));
  const postById = new Map(posts.map((p) => [p.id, p]));
  const communityById = new Map(communities.map((c) => [c.id, c]));

  return rows.map((row) => {
    const post = postById.get(row.post_id)!;
    return presentComment(row, {
      postPublicId: post.public_id,
      communityName: communityById.get(row.community_id)!.name,
      moderatorsHidden: communityById.get(row.community_id)!.modlog_hide_names,
      author: authors.get(row.user_id)!,
      authorDeleted: authorDeleted.get(row.user_id) ?? false,
      viewerIsAdmin: viewer?.is_admin ?? false,
      viewerModerates: moderates.has(row.community_id),
      vote: votes ? votes.get(row.id) : null,
      isAuthorMuted: mutes?.users.has(row.user_id) ?? false,
      ...(options.postTitles ? { postTitle: post.title } : {}),
      ...(options.forceStrip ? { forceStrip: true } : {}),
    });
  });
}

export async function commentJson(
  deps: Pick<Deps, 'db' | 'secrets'>,
  row: CommentRow,
  viewer: UserRow | null,
  options: CommentViewOptions = {},
): Promise<Comment> {
  const [comment] = await commentJsons(deps, [row], viewer, options);
  return comment!;
}

/**
 * One page of a post's comments, best first at every depth, with the missing ancestors of every
 * comment appended so that the client can always build a connected tree (DOMAIN §4.3).
 */
export async function commentPageOf(
  deps: Pick<Deps, 'db' | 'secrets'>,
  post: PostRow,
  viewer: UserRow | null,
  cursor: CommentCursor | null,
): Promise<CommentPage> {
  const rows = await commentPage(deps.db, post.id, cursor, COMMENT_PAGE_SIZE + 1);
  const page = rows.slice(0, COMMENT_PAGE_SIZE);
  const extra = rows[COMMENT_PAGE_SIZE];
  const inPage = new Set(page.map((c) => c.id));
  const missing = new Set<string>();
  for (const comment of page) {
    if (comment.parent_id === null || inPage.has(comment.parent_id)) continue;
    for (const id of comment.ancestors ?? []) if (!inPage.has(id)) missing.add(id);
  }
  const ancestors = await commentsByIds(deps.db, [...missing]);
  return {
    comments: await commentJsons(deps, [...page, ...ancestors], viewer),
    next: extra ? `${extra.upvotes}.${extra.id}` : null,
  };
}
