import { type Comment, type Post } from '@commons/shared';
import { commentJson } from '../comments/comment-views.js';
import { applyCommentVoteCounts, findCommentById } from '../comments/comments.repository.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { postJson } from '../posts/post-views.js';
import { applyVoteCounts, findPostById } from '../posts/posts.repository.js';
import { recordUpvoteEvent } from '../notifications/notification-events.service.js';
import { addUserPoints, type UserRow } from '../users/users.repository.js';
import { commentVoteRow, postVoteRow, type VoteRow } from './vote-rows.repository.js';

/** How a vote changes the item's counters and the author's karma. */
export interface VoteChange {
  upDelta: number;
  downDelta: number;
  /** Karma for the author, before the self-vote rule (self votes never move karma). */
  karma: number;
  /** The vote after the change: true up, false down, null none. */
  after: boolean | null;
}

/**
 * The six transitions of spec §4 (a vote in the same direction removes it, the other direction switches
 * it), and the karma rule of DOMAIN §3.2: only upvotes count, and a vote flagged "new user" never moves
 * karma.
 */
export function voteChange(
  current: { up: boolean; isUserNew: boolean } | null,
  up: boolean,
  voterQualifies: boolean,
): VoteChange {
  if (!current) {
    return { upDelta: up ? 1 : 0, downDelta: up ? 0 : 1, karma: up && voterQualifies ? 1 : 0, after: up };
  }
  const counts = !current.isUserNew;
  if (current.up === up) {
    return up
      ? { upDelta: -1, downDelta: 0, karma: counts ? -1 : 0, after: null }
      : { upDelta: 0, downDelta: -1, karma: 0, after: null };
  }
  return up
    ? { upDelta: 1, downDelta: -1, karma: counts ? 1 : 0, after: true }
    : { upDelta: -1, downDelta: 1, karma: counts ? -1 : 0, after: false };
}

/** An upvote where there was no vote: not a switch from down to up (DOMAIN §5.2). */
function isNewUpvote(change: VoteChange): boolean {
  return change.upDelta === 1 && change.downDelta === 0;
}

/** A voter moves karma with enough points and an old enough account (both thresholds 0 by default). */
function voterQualifies(deps: Deps, voter: UserRow): boolean {
  const ageSeconds = (deps.clock().getTime() - voter.created_at.getTime()) / 1000;
  return (
    voter.points >= deps.config.newUserPointsThreshold && ageSeconds > deps.config.newUserAgeThresholdSeconds
  );
}

/**
 * Moves the viewer's vote to where `up` takes it and says what changed; null for a concurrent
 * duplicate. Counters and karma are the caller's, applied in the same transaction.
 */
async function recordVote(
  deps: Deps,
  viewer: UserRow,
  up: boolean,
  row: VoteRow,
): Promise<VoteChange | null> {
  const existing = await row.current();
  const qualifies = voterQualifies(deps, viewer);
  const change = voteChange(
    existing ? { up: existing.up, isUserNew: existing.is_user_new } : null,
    up,
    qualifies,
  );
  if (!existing) {
    if (!(await row.insert(up, !qualifies))) return null;
  } else if (change.after === null) {
    await row.remove();
  } else {
    await row.set(change.after);
  }
  return change;
}

/** What both votes check first, in this order: a viewer, a well-formed id, then the vote rate limit. */
async function admitVote(
  deps: Deps,
  viewer: UserRow | null,
  rawId: string,
): Promise<{ voter: UserRow; id: string }> {
  if (!viewer) throw errors.notLoggedIn();
  const id = parseId(rawId);
  if (!id) throw errors.invalidId();
  await deps.limiter.consume('vote', viewer.id);
  return { voter: viewer, id };
}

/**
 * `POST /api/_postVote` (API.md §8.6): the vote row, the post's counters and hot score, its window rows
 * and the author's points change in one transaction, counters by atomic increments.
 */
export async function votePost(
  deps: Deps,
  viewer: UserRow | null,
  body: { postId: string; up?: boolean },
): Promise<Post> {
  const { voter, id: postId } = await admitVote(deps, viewer, body.postId);
  const up = body.up ?? true;
  const post = await deps.db.transaction().execute(async (trx) => {
    const target = await findPostById(trx, postId);
    if (!target) throw errors.postNotFound();
    if (target.locked) throw errors.postLocked();
    const change = await recordVote(deps, voter, up, postVoteRow(trx, postId, voter.id));
    if (!change) throw errors.postAlreadyVoted();
    const updated = await applyVoteCounts(trx, postId, change.upDelta, change.downDelta);
    if (target.user_id !== voter.id) await addUserPoints(trx, target.user_id, change.karma);
    if (isNewUpvote(change)) {
      await recordUpvoteEvent(
        trx,
        { type: 'post', id: postId, authorId: target.user_id },
        voter.id,
        deps.clock(),
      );
    }
    return updated;
  });
  return postJson(deps, post, voter);
}

/**
 * `POST /api/_commentVote` (API.md §10.6): the same transitions and karma rule as posts; refused on
 * deleted comments and on locked posts.
 */
export async function voteComment(
  deps: Deps,
  viewer: UserRow | null,
  body: { commentId: string; up?: boolean },
): Promise<Comment> {
  const { voter, id: commentId } = await admitVote(deps, viewer, body.commentId);
  const up = body.up ?? true;
  const comment = await deps.db.transaction().execute(async (trx) => {
    const target = await findCommentById(trx, commentId);
    if (!target) throw errors.commentNotFound();
    if (target.deleted_at !== null) throw errors.commentDeleted();
    const post = await findPostById(trx, target.post_id);
    if (post?.locked) throw errors.postLocked();
    const change = await recordVote(deps, voter, up, commentVoteRow(trx, commentId, voter.id));
    // The contract answers a comment's concurrent duplicate with 400, a post's with 409.
    if (!change) throw errors.commentAlreadyVoted();
    const updated = await applyCommentVoteCounts(trx, commentId, change.upDelta, change.downDelta);
    if (target.user_id !== voter.id) await addUserPoints(trx, target.user_id, change.karma);
    if (isNewUpvote(change)) {
      await recordUpvoteEvent(
        trx,
        { type: 'comment', id: commentId, authorId: target.user_id },
        voter.id,
        deps.clock(),
      );
    }
    return updated;
  });
  return commentJson(deps, comment, voter);
}
