import crypto from 'node:crypto';
import type { Comment, Community, Image, Post, UserWithoutModding } from '@commons/shared';
import { ZERO_ID } from '../lib/ids.js';
import type { PostRow } from './posts.repository.js';

/**
 * A deleted author's stable pseudonym on one post: the first 8 hex characters of SHA-1(author id bytes
 * followed by the post's HEX24 id as ASCII), the same for the post and its comments (API.md §5.6).
 */
export function ghostId(authorId: string, postId: string): string {
  return crypto
    .createHash('sha1')
    .update(Buffer.from(authorId, 'hex'))
    .update(postId, 'ascii')
    .digest('hex')
    .slice(0, 8);
}

/** Everything a Post needs besides its own row, looked up in batches by post-views.ts. */
export interface PostContext {
  author: UserWithoutModding;
  authorDeleted: boolean;
  /** The viewer is an admin: deleted authors show their real names. */
  viewerIsAdmin: boolean;
  communityName: string;
  /**
   * The community hides its moderators' names (decisions §48): `lockedBy` is null for everyone, since
   * its id, matched against the community's public list of moderators, would name who locked.
   */
  moderatorsHidden: boolean;
  communityProPic: Image | null;
  communityBannerImage: Image | null;
  images: Image[];
  linkImage: Image | null;
  /** null for anonymous viewers; for logged-in ones, their vote (true up, false down) or undefined. */
  vote: boolean | undefined | null;
  lastVisitAt: Date | null;
  /** Comments by others since that visit (DOMAIN §4.5). */
  newComments: number;
  isAuthorMuted: boolean;
  isCommunityMuted: boolean;
  /** Only `GET /api/posts/{publicId}` fills these. */
  comments?: Comment[];
  commentsNext?: string | null;
  community?: Community;
}

/** The Post of API.md §5.6, keys in the contract's order. */
export function presentPost(row: PostRow, ctx: PostContext): Post {
  const hideAuthor = ctx.authorDeleted && !ctx.viewerIsAdmin;
  const contentGone = row.deleted_content;
  return {
    id: row.id,
    type: row.type,
    publicId: row.public_id,
    userId: hideAuthor ? ZERO_ID : row.user_id,
    username: hideAuthor ? 'ghost' : ctx.author.username,
    ...(ctx.authorDeleted ? { userGhostId: ghostId(row.user_id, row.id) } : {}),
    userGroup: row.user_group,
    userDeleted: ctx.authorDeleted,
    isPinned: row.is_pinned,
    isPinnedSite: row.is_pinned_site,
    communityId: row.community_id,
    communityName: ctx.communityName,
    communityProPic: ctx.communityProPic,
    communityBannerImage: ctx.communityBannerImage,
    title: row.title,
    body: contentGone ? (row.body === null ? null : '') : row.body,
    image: contentGone ? null : (ctx.images[0] ?? null),
    images: contentGone ? [] : ctx.images,
    ...(row.type === 'link' && !contentGone && row.link_url
      ? { link: { url: row.link_url, hostname: row.link_hostname ?? '', image: ctx.linkImage } }
      : {}),
    locked: row.locked,
    lockedBy: ctx.moderatorsHidden ? null : row.locked_by,
    ...(row.locked && row.locked_by_group ? { lockedByGroup: row.locked_by_group } : {}),
    lockedAt: row.locked_at?.toISOString() ?? null,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    hotness: row.hotness,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    lastActivityAt: row.last_activity_at.toISOString(),
    deleted: row.deleted,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    ...(row.deleted && row.deleted_as ? { deletedAs: row.deleted_as } : {}),
    ...(row.deleted && row.deleted_reason ? { deletedReason: row.deleted_reason } : {}),
    deletedContent: row.deleted_content,
    ...(row.deleted_content && row.deleted_content_as ? { deletedContentAs: row.deleted_content_as } : {}),
    noComments: row.no_comments,
    comments: ctx.comments ?? null,
    commentsNext: ctx.commentsNext ?? null,
    userVoted: ctx.vote === null ? null : ctx.vote !== undefined,
    userVotedUp: ctx.vote === null || ctx.vote === undefined ? null : ctx.vote,
    lastVisitAt: ctx.lastVisitAt?.toISOString() ?? null,
    newComments: ctx.newComments,
    isAuthorMuted: ctx.isAuthorMuted,
    isCommunityMuted: ctx.isCommunityMuted,
    ...(ctx.community ? { community: ctx.community } : {}),
    author: ctx.author,
  };
}
