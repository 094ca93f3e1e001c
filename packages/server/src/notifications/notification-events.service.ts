import type { Group, NotificationType } from '@commons/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { insertEvent } from './notification-events.repository.js';

/**
 * The seam between writes and notifications (docs/architecture.md, "Notifications: the event outbox").
 * Each function records one event in the caller's transaction, the one that makes the write; nothing
 * here reads or decides: who is skipped and what merges is decided at delivery, with the recipient's
 * settings of that moment.
 */

/** What every event carries: who caused it (null for the site's own jobs) and when. */
export interface EventPayload {
  actorId: string | null;
  at: string;
  /** The stored payload of the notification it creates (DOMAIN §5.3). */
  notif: Record<string, unknown>;
}

async function record(
  trx: Kysely<DB>,
  type: NotificationType,
  recipientId: string,
  actorId: string | null,
  at: Date,
  notif: Record<string, unknown>,
): Promise<void> {
  const payload: EventPayload = { actorId, at: at.toISOString(), notif };
  await insertEvent(trx, { type, recipientId, payload: { ...payload } });
}

/**
 * A new comment: `comment_reply` to the parent comment's author, and `new_comment` to the post's
 * author unless the comment replies to a comment of theirs (DOMAIN §5.2).
 */
export async function recordCommentEvents(
  trx: Kysely<DB>,
  comment: { id: string; userId: string; username: string; createdAt: Date },
  post: { id: string; userId: string },
  parent: { id: string; userId: string } | null,
): Promise<void> {
  const at = comment.createdAt;
  const first = { commentAuthor: comment.username, noComments: 1, firstCreatedAt: at.toISOString() };
  if (parent) {
    await record(trx, 'comment_reply', parent.userId, comment.userId, at, {
      postId: post.id,
      parentCommentId: parent.id,
      commentId: comment.id,
      ...first,
    });
  }
  if (!parent || parent.userId !== post.userId) {
    await record(trx, 'new_comment', post.userId, comment.userId, at, {
      postId: post.id,
      commentId: comment.id,
      ...first,
    });
  }
}

/** A new upvote (not a switch from down to up) on a post or comment (DOMAIN §5.2). */
export async function recordUpvoteEvent(
  trx: Kysely<DB>,
  target: { type: 'post' | 'comment'; id: string; authorId: string },
  voterId: string,
  at: Date,
): Promise<void> {
  await record(trx, 'new_votes', target.authorId, voterId, at, {
    targetType: target.type,
    targetId: target.id,
    noVotes: 1,
  });
}

/**
 * A post deleted as mods or admins through the API (never by a site-ban purge). `reason`, the rule
 * and/or words the moderator gave, is an addition to the stored payload (README, API notes).
 */
export async function recordPostRemovedEvent(
  trx: Kysely<DB>,
  post: { id: string; userId: string },
  byUserId: string,
  deletedAs: Group,
  at: Date,
  reason: string | null = null,
): Promise<void> {
  await record(trx, 'deleted_post', post.userId, byUserId, at, {
    targetType: 'post',
    targetId: post.id,
    deletedAs,
    ...(reason ? { reason } : {}),
  });
}

/**
 * A moderator added through the API (never by an operator command, nor the creator of a new
 * community): `POST /api/communities/{id}/mods` calls this in its transaction (moderation.service.ts).
 */
export async function recordModAddEvent(
  trx: Kysely<DB>,
  recipientId: string,
  community: { name: string },
  addedBy: { id: string; username: string },
  at: Date,
): Promise<void> {
  await record(trx, 'mod_add', recipientId, addedBy.id, at, {
    communityName: community.name,
    addedBy: addedBy.username,
  });
}

/** A badge given by an admin. */
export async function recordBadgeEvent(
  trx: Kysely<DB>,
  recipientId: string,
  badgeType: string,
  adminId: string,
  at: Date,
): Promise<void> {
  await record(trx, 'new_badge', recipientId, adminId, at, { userId: recipientId, badgeType });
}

/** Default denial text (DOMAIN §5.3). */
export const DENIED_COMMUNITY_DEFAULT =
  'Your community creation request was denied. Please contact the admin team for more details.';

/**
 * A community request denied by an admin. Community requests arrive in a later issue, whose deny
 * action calls this with its note.
 */
export async function recordDeniedCommunityEvent(
  trx: Kysely<DB>,
  recipientId: string,
  body: string,
  adminId: string,
  at: Date,
): Promise<void> {
  await record(trx, 'denied_comm', recipientId, adminId, at, {
    body: body.trim() === '' ? DENIED_COMMUNITY_DEFAULT : body,
  });
}
