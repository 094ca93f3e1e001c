import type { Comment, UserWithoutModding } from '@commons/shared';
import { ZERO_ID } from '../lib/ids.js';
import { ghostId } from '../posts/posts.presenter.js';
import type { CommentRow } from './comments.repository.js';

export const DELETED_COMMENT_BODY = '[Deleted comment]';
export const HIDDEN_USERNAME = '[Hidden]';

/** Everything a Comment needs besides its own row, looked up in batches by comment-views.ts. */
export interface CommentContext {
  postPublicId: string;
  communityName: string;
  /** The community hides its moderators' names: `lockedBy` is null for everyone (see PostContext). */
  moderatorsHidden: boolean;
  author: UserWithoutModding;
  authorDeleted: boolean;
  viewerIsAdmin: boolean;
  /** The viewer moderates the comment's community. */
  viewerModerates: boolean;
  /** null for anonymous viewers; for logged-in ones, their vote (true up, false down) or undefined. */
  vote: boolean | undefined | null;
  isAuthorMuted: boolean;
  /** Profile feeds and the admin list only. */
  postTitle?: string;
  /** Hide the author and content of a deleted comment from everyone (the answer to a deletion). */
  forceStrip?: boolean;
}

/**
 * Whether a deleted comment's author and content stay hidden from this viewer (API.md §5.7): shown to
 * admins, and to the community's moderators when moderators deleted it.
 */
export function isStripped(row: CommentRow, ctx: CommentContext): boolean {
  if (row.deleted_at === null) return false;
  if (ctx.forceStrip) return true;
  if (ctx.viewerIsAdmin) return false;
  return !(row.deleted_as === 'mods' && ctx.viewerModerates);
}

/** The Comment of API.md §5.7, keys in the contract's order. */
export function presentComment(row: CommentRow, ctx: CommentContext): Comment {
  const deleted = row.deleted_at !== null;
  const stripped = isStripped(row, ctx);
  const ghost = ctx.authorDeleted && !ctx.viewerIsAdmin;
  const muted = ctx.isAuthorMuted && (!deleted || ctx.viewerIsAdmin);
  return {
    id: row.id,
    postId: row.post_id,
    postPublicId: ctx.postPublicId,
    communityId: row.community_id,
    communityName: ctx.communityName,
    userId: stripped || ghost ? ZERO_ID : row.user_id,
    username: stripped ? HIDDEN_USERNAME : ghost ? 'ghost' : ctx.author.username,
    ...(ctx.authorDeleted && !stripped ? { userGhostId: ghostId(row.user_id, row.post_id) } : {}),
    userGroup: stripped ? 'null' : row.user_group,
    userDeleted: stripped ? false : ctx.authorDeleted,
    parentId: row.parent_id,
    depth: row.depth,
    noReplies: row.no_replies,
    noRepliesDirect: row.no_replies_direct,
    ancestors: row.ancestors,
    body: stripped ? DELETED_COMMENT_BODY : row.body,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    ...(deleted ? { contentStripped: stripped } : {}),
    deleted,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    ...(deleted && row.deleted_as ? { deletedAs: row.deleted_as } : {}),
    locked: row.locked_at !== null,
    lockedBy: ctx.moderatorsHidden ? null : row.locked_by,
    ...(row.locked_at && row.locked_by_group ? { lockedByGroup: row.locked_by_group } : {}),
    lockedAt: row.locked_at?.toISOString() ?? null,
    ...(stripped ? {} : { author: ctx.author }),
    ...(muted ? { isAuthorMuted: true as const } : {}),
    userVoted: stripped || ctx.vote === null ? null : ctx.vote !== undefined,
    userVotedUp: stripped || ctx.vote === null || ctx.vote === undefined ? null : ctx.vote,
    ...(ctx.postTitle ? { postTitle: ctx.postTitle } : {}),
    postDeleted: false,
  };
}
