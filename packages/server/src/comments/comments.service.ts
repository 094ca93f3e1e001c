import {
  limits,
  composedText,
  truncateChars,
  type Comment,
  type CommentPage,
  type CreateCommentBody,
} from '@commons/shared';
import type { CommentActionQueryParams, CommentListQueryParams } from '@commons/shared/schemas';
import { standingIn } from '../communities/communities.service.js';
import { recordCommentEvents } from '../notifications/notification-events.service.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { newId, parseId } from '../lib/ids.js';
import { deleteReportsOfComment, deleteReportsOfComments } from '../reports/reports.repository.js';
import { recordPostVisit } from '../posts/post-visits.repository.js';
import { requirePost } from '../posts/posts.service.js';
import { assertNotBanned } from '../policies/communities.policy.js';
import { parseGroup } from '../policies/content.policy.js';
import {
  assertMayRemove,
  lockBy,
  regroupBy,
  speakAs,
  unlockBy,
  unlockGroup,
} from '../moderation/content-moderation.js';
import { recordContentAction, removalReason } from '../moderation/modlog.service.js';
import { assertAdmin, siteRole } from '../policies/roles.policy.js';
import { countNewContent, type UserRow } from '../users/users.repository.js';
import { commentJson, commentJsons, commentPageOf } from './comment-views.js';
import {
  addUserCommentCount,
  commentsByIds,
  countCommentOnPost,
  countReply,
  deleteCommentsOfUser,
  findCommentById,
  insertClosureRows,
  insertComment,
  lockComment,
  latestComments,
  markCommentDeleted,
  subtreeOf,
  updateComment,
  type CommentCursor,
  type CommentRow,
} from './comments.repository.js';
import { commentVoteRow } from '../votes/vote-rows.repository.js';

const ADMIN_PAGE_SIZE = 100;

/** Trimmed, refused when empty (spec), truncated to the limit (DOMAIN §1.4). */
function bodyOf(raw: string | null | undefined): string {
  const body = composedText(raw, limits.commentBodyMax);
  if (!body) throw errors.commentBodyEmpty();
  return truncateChars(body, limits.commentBodyMax);
}

export async function requireComment(deps: Pick<Deps, 'db'>, rawId: string): Promise<CommentRow> {
  const id = parseId(rawId);
  if (!id) throw errors.invalidId();
  const comment = await findCommentById(deps.db, id);
  if (!comment) throw errors.commentNotFound();
  return comment;
}

const CURSOR = /^(-?\d{1,10})\.([0-9a-fA-F]{24})$/;

function parseCommentCursor(next: string): CommentCursor {
  const match = CURSOR.exec(next);
  if (!match) throw errors.invalidCursor();
  const upvotes = Number(match[1]);
  if (!Number.isSafeInteger(upvotes) || Math.abs(upvotes) > 2 ** 31 - 1) throw errors.invalidCursor();
  return { upvotes, id: match[2]!.toLowerCase() };
}

/**
 * `GET /api/posts/{publicId}/comments` (API.md §10.1): a page, or with `parentId` every reply below
 * one comment. A logged-in first page counts as a visit to the post (DOMAIN §4.5).
 */
export async function listComments(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  query: CommentListQueryParams,
): Promise<CommentPage | Comment[]> {
  const post = await requirePost(deps, publicId);
  if (query.parentId !== undefined) {
    const parentId = parseId(query.parentId);
    if (!parentId) throw errors.invalidId();
    // Only this post's replies: a comment id from another post gives nothing.
    const replies = (await subtreeOf(deps.db, parentId)).filter((c) => c.post_id === post.id);
    return commentJsons(deps, replies, viewer);
  }
  const next = query.next && query.next !== 'null' ? query.next : null;
  const page = await commentPageOf(deps, post, viewer, next ? parseCommentCursor(next) : null);
  if (viewer && !next) await recordPostVisit(deps.db, post.id, viewer.id, deps.clock());
  return page;
}

/**
 * `POST /api/posts/{publicId}/comments` (API.md §10.2, DOMAIN §4.2): the checks in the contract's
 * order, then the comment, its closure rows, the author's upvote and every counter in one transaction.
 */
export async function createComment(
  deps: Deps,
  viewer: UserRow | null,
  publicId: string,
  body: CreateCommentBody,
  userGroup: string | undefined,
): Promise<Comment> {
  if (!viewer) throw errors.notLoggedIn();
  const post = await requirePost(deps, publicId);
  await deps.limiter.consume('createComment', viewer.id);
  const text = bodyOf(body.body);
  if (post.locked) throw errors.postLocked();
  const standing = await standingIn(deps, viewer, post.community_id);
  assertNotBanned(standing);
  const group = speakAs(standing, userGroup);

  let parent: CommentRow | null = null;
  if (body.parentCommentId) {
    const parentId = parseId(body.parentCommentId);
    if (!parentId) throw errors.invalidId();
    parent = (await findCommentById(deps.db, parentId)) ?? null;
    if (!parent || parent.post_id !== post.id) throw errors.commentNotFound();
  }
  const chain = parent ? [...(parent.ancestors ?? []), parent.id] : [];
  if (parent) checkParent(parent, await commentsByIds(deps.db, chain));

  const now = deps.clock();
  const comment = await deps.db.transaction().execute(async (trx) => {
    if (parent) {
      // Counted and locked first, then checked again: a deletion or lock that won the race refuses
      // the reply instead of leaving a reply under it.
      const locked = await countReply(trx, parent.id, chain);
      checkParent(locked.find((c) => c.id === parent.id) ?? parent, locked);
    }
    const row = await insertComment(trx, {
      id: newId(),
      post_id: post.id,
      community_id: post.community_id,
      user_id: viewer.id,
      user_group: group,
      parent_id: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      ancestors: parent ? chain : null,
      body: text,
      upvotes: 1,
      points: 1,
      created_at: now,
    });
    await insertClosureRows(trx, row.id, chain);
    // The author's own upvote, counted in the insert: it moves no karma (DOMAIN §3.2).
    await commentVoteRow(trx, row.id, viewer.id).insert(true, false);
    await countCommentOnPost(trx, post.id, now);
    // Counted only on an account neither deleted nor banned (as a new post is, posts.service.ts).
    if (!(await countNewContent(trx, viewer.id, 'no_comments'))) throw errors.notLoggedIn();
    await recordCommentEvents(
      trx,
      { id: row.id, userId: viewer.id, username: viewer.username, createdAt: now },
      { id: post.id, userId: post.user_id },
      parent ? { id: parent.id, userId: parent.user_id } : null,
    );
    return row;
  });
  return commentJson(deps, comment, viewer);
}

/** Checks 6 to 8 of API.md §10.2 on the parent and the comments above it. */
function checkParent(parent: CommentRow, chain: readonly CommentRow[]): void {
  if (parent.deleted_at !== null) throw errors.commentReplyToDeleted();
  if (parent.depth >= limits.commentMaxDepth) throw errors.commentMaxDepthReached();
  if (chain.some((c) => c.locked_at !== null)) throw errors.commentLocked();
}

/** `PUT /api/posts/{anything}/comments/{id}` without `action`: the author edits the body. */
export async function editComment(
  deps: Deps,
  viewer: UserRow | null,
  commentId: string,
  body: { body?: string | null },
): Promise<Comment> {
  if (!viewer) throw errors.notLoggedIn();
  const comment = await requireComment(deps, commentId);
  await deps.limiter.consume('updateContent', viewer.id);
  if (comment.user_id !== viewer.id) throw errors.notAuthor();
  if (comment.deleted_at !== null) throw errors.commentDeleted();
  const text = bodyOf(body.body);
  const updated =
    text === comment.body
      ? comment
      : await updateComment(deps.db, comment.id, { body: text, edited_at: deps.clock() });
  return commentJson(deps, updated, viewer);
}

/** The query of `PUT /api/posts/{anything}/comments/{id}` when it names an action. */
export type CommentActionQuery = CommentActionQueryParams & { action: string };

/** `PUT /api/posts/{anything}/comments/{id}?action=changeAsUser|lock|unlock` (API.md §10.3). */
export async function commentAction(
  deps: Deps,
  viewer: UserRow | null,
  commentId: string,
  query: CommentActionQuery,
): Promise<Comment> {
  if (!viewer) throw errors.notLoggedIn();
  const comment = await requireComment(deps, commentId);
  await deps.limiter.consume('updateContent', viewer.id);
  const standing = await standingIn(deps, viewer, comment.community_id);
  let updated: CommentRow;
  switch (query.action) {
    case 'changeAsUser': {
      const group = regroupBy(standing, comment.user_id === viewer.id, query.userGroup);
      updated = await updateComment(deps.db, comment.id, { user_group: group });
      break;
    }
    case 'lock': {
      const lock = lockBy(standing, viewer.id, query.lockAs, deps.clock());
      if (comment.deleted_at !== null) throw errors.commentDeleted();
      updated = await deps.db.transaction().execute(async (trx) => {
        const saved = await updateComment(trx, comment.id, lock);
        await recordCommentAction(trx, viewer, comment, 'lock_comment', lock.locked_by_group!, deps.clock());
        return saved;
      });
      break;
    }
    case 'unlock': {
      const unlock = unlockBy(standing);
      updated = await deps.db.transaction().execute(async (trx) => {
        // Read under the row's lock: unlocking what is not locked changes nothing and records nothing.
        const before = await lockComment(trx, comment.id);
        const saved = await updateComment(trx, comment.id, unlock);
        if (before?.locked_at) {
          await recordCommentAction(
            trx,
            viewer,
            comment,
            'unlock_comment',
            unlockGroup(standing, query.lockAs),
            deps.clock(),
          );
        }
        return saved;
      });
      break;
    }
    default:
      throw errors.invalidAction();
  }
  return commentJson(deps, updated, viewer);
}

/**
 * `DELETE /api/posts/{anything}/comments/{id}` (API.md §10.4, DOMAIN §4.7): as the author (the body is
 * erased for good), a moderator or an admin (kept for them). The answer is stripped for everyone.
 */
export async function deleteComment(
  deps: Deps,
  viewer: UserRow | null,
  commentId: string,
  query: { deleteAs?: string; reason?: string; reasonRule?: string },
): Promise<Comment> {
  if (!viewer) throw errors.notLoggedIn();
  const as = parseGroup(query.deleteAs || 'normal');
  const comment = await requireComment(deps, commentId);
  await deps.limiter.consume('updateContent', viewer.id);
  assertMayRemove(await standingIn(deps, viewer, comment.community_id), as, comment.user_id === viewer.id);
  if (comment.deleted_at !== null) throw errors.commentDeleted();
  // A reason is for moderators and admins (an addition to the contract); an author's is ignored.
  const reason = as === 'normal' ? null : await removalReason(deps.db, comment.community_id, query);

  const deleted = await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock();
    const row = await markCommentDeleted(trx, comment.id, { userId: viewer.id, as, at });
    // Another deletion got there first.
    if (!row) throw errors.commentDeleted();
    await addUserCommentCount(trx, row.user_id, -1);
    await deleteReportsOfComment(trx, row.id);
    if (reason) {
      await recordContentAction(trx, viewer, {
        at,
        actedAs: as === 'mods' ? 'mods' : 'admins',
        action: 'remove_comment',
        postId: row.post_id,
        comment: { id: row.id, userId: row.user_id },
        reason,
      });
    }
    return row;
  });
  return commentJson(deps, deleted, viewer, { forceStrip: true });
}

/** Logs a lock or unlock of a comment, in the caller's transaction. */
function recordCommentAction(
  trx: Kysely<DB>,
  viewer: UserRow,
  comment: CommentRow,
  action: 'lock_comment' | 'unlock_comment',
  actedAs: 'mods' | 'admins',
  at: Date,
): Promise<void> {
  return recordContentAction(trx, viewer, {
    at,
    actedAs,
    action,
    postId: comment.post_id,
    comment: { id: comment.id, userId: comment.user_id },
  });
}

/** `GET /api/comments/{id}`. */
export async function getComment(deps: Deps, viewer: UserRow | null, commentId: string): Promise<Comment> {
  return commentJson(deps, await requireComment(deps, commentId), viewer);
}

/** `GET /api/comments` (admin): every comment, newest first, with its post's title. */
export async function listAllComments(
  deps: Deps,
  viewer: UserRow | null,
  next: string | undefined,
): Promise<{ comments: Comment[]; next: string | null }> {
  if (!viewer) throw errors.notLoggedIn();
  assertAdmin(siteRole(viewer));
  let before: string | null = null;
  if (next) {
    before = parseId(next);
    if (!before) throw errors.invalidCursor();
  }
  const rows = await latestComments(deps.db, before, ADMIN_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  return {
    comments: await commentJsons(deps, page, viewer, { postTitles: true }),
    next: rows[ADMIN_PAGE_SIZE]?.id ?? null,
  };
}

/**
 * Deletes a banned user's comments made since `since` (all of them when null), as admins: the words
 * stay for admins, the tree keeps its shape, their reports go (DOMAIN §7.4).
 */
export async function purgeUserComments(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  since: Date | null,
  byUserId: string,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const ids = await deleteCommentsOfUser(trx, userId, since, { userId: byUserId, at: deps.clock() });
    if (ids.length === 0) return 0;
    await addUserCommentCount(trx, userId, -ids.length);
    await deleteReportsOfComments(trx, ids);
    return ids.length;
  });
}
