import { messages, ui, type Post, type User, type UserGroupName } from '@commons/shared';
import { seesRemovedAccounts } from '../../lib/policies';

/** The four fields a vote changes (API.md §8.6). */
export type VoteState = Pick<Post, 'upvotes' | 'downvotes' | 'userVoted' | 'userVotedUp'>;
export type CurrentVote = 'up' | 'down' | null;

export function currentVote(state: VoteState): CurrentVote {
  if (!state.userVoted) return null;
  return state.userVotedUp ? 'up' : 'down';
}

/**
 * The six transitions of core §4: a vote in a new direction is cast (switching removes the old one);
 * the same vote again clears it. The server applies the same toggle to its own state.
 */
export function applyVote(state: VoteState, up: boolean): VoteState {
  const before = currentVote(state);
  let { upvotes, downvotes } = state;
  if (before === 'up') upvotes -= 1;
  if (before === 'down') downvotes -= 1;
  const clears = before === (up ? 'up' : 'down');
  if (clears) return { upvotes, downvotes, userVoted: false, userVotedUp: null };
  if (up) upvotes += 1;
  else downvotes += 1;
  return { upvotes, downvotes, userVoted: true, userVotedUp: up };
}

/** A post counts as edited when editedAt is more than 5 minutes after createdAt (core §4). */
export function isEdited(post: Pick<Post, 'createdAt' | 'editedAt'>): boolean {
  if (!post.editedAt) return false;
  return new Date(post.editedAt).getTime() - new Date(post.createdAt).getTime() > ui.editedAfterMs;
}

/** upvotes / (upvotes + downvotes) as a whole percentage; null before anyone voted. */
export function votePercent(post: Pick<Post, 'upvotes' | 'downvotes'>): number | null {
  const total = post.upvotes + post.downvotes;
  if (total <= 0) return null;
  return Math.round((post.upvotes / total) * 100);
}

function groupWord(group: UserGroupName | undefined): string {
  return group === 'admins' ? 'admins' : 'moderators';
}

/** "This post has been locked by moderators|admins", or null for an open post. */
export function lockedText(post: Pick<Post, 'locked' | 'lockedByGroup'>): string | null {
  return post.locked ? messages.posts.lockedBy(groupWord(post.lockedByGroup)) : null;
}

/** What was removed and by whom: the post itself, and separately its content (core §4). */
export function removalTexts(
  post: Pick<Post, 'deleted' | 'deletedAs' | 'deletedContent' | 'deletedContentAs'>,
): string[] {
  const texts: string[] = [];
  if (post.deleted) {
    texts.push(
      post.deletedAs === 'normal'
        ? 'This post has been deleted by its author.'
        : `This post has been removed by the ${groupWord(post.deletedAs)}.`,
    );
  }
  if (post.deletedContent) {
    texts.push(
      post.deletedContentAs === 'normal'
        ? 'Its author removed the content of this post.'
        : `The content of this post has been removed by the ${groupWord(post.deletedContentAs)}.`,
    );
  }
  return texts;
}

export function postPath(post: Pick<Post, 'communityName' | 'publicId'>): string {
  return `/${post.communityName}/post/${post.publicId}`;
}

/**
 * How the author is shown: non-admins see a deleted author as "Ghost" (core §6); admins see the real
 * name, marked as deleted.
 */
export function authorLabel(
  post: Pick<Post, 'username' | 'userDeleted'>,
  viewer: Pick<User, 'isAdmin'> | null,
): { name: string; deleted: boolean; linked: boolean } {
  if (!post.userDeleted) return { name: post.username, deleted: false, linked: true };
  if (seesRemovedAccounts(viewer)) return { name: post.username, deleted: true, linked: true };
  return { name: 'Ghost', deleted: true, linked: false };
}

/** The capacity a post was written in, when it is an official one. */
export function speakingAs(group: UserGroupName): string | null {
  if (group === 'mods') return 'Moderator';
  if (group === 'admins') return 'Admin';
  return null;
}
