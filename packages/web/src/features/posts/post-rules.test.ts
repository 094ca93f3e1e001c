import { describe, expect, test } from 'vitest';
import { applyVote, isEdited, lockedText, removalTexts, votePercent, type VoteState } from './post-rules';

const state = (upvotes: number, downvotes: number, vote: 'up' | 'down' | null): VoteState => ({
  upvotes,
  downvotes,
  userVoted: vote !== null,
  userVotedUp: vote === null ? null : vote === 'up',
});

describe('applyVote: the six transitions of core §4', () => {
  test('none → up adds an upvote', () => {
    expect(applyVote(state(4, 2, null), true)).toEqual(state(5, 2, 'up'));
  });
  test('none → down adds a downvote', () => {
    expect(applyVote(state(4, 2, null), false)).toEqual(state(4, 3, 'down'));
  });
  test('up → up clears and removes the upvote', () => {
    expect(applyVote(state(5, 2, 'up'), true)).toEqual(state(4, 2, null));
  });
  test('up → down removes the upvote and adds a downvote', () => {
    expect(applyVote(state(5, 2, 'up'), false)).toEqual(state(4, 3, 'down'));
  });
  test('down → down clears', () => {
    expect(applyVote(state(4, 3, 'down'), false)).toEqual(state(4, 2, null));
  });
  test('down → up removes the downvote and adds an upvote', () => {
    expect(applyVote(state(4, 3, 'down'), true)).toEqual(state(5, 2, 'up'));
  });
  test("a guest's null vote counts as none", () => {
    expect(applyVote({ upvotes: 0, downvotes: 0, userVoted: null, userVotedUp: null }, true)).toEqual(
      state(1, 0, 'up'),
    );
  });
});

describe('isEdited', () => {
  const createdAt = '2025-01-01T10:00:00Z';
  test('never edited', () => {
    expect(isEdited({ createdAt, editedAt: null })).toBe(false);
  });
  test('edited within five minutes does not count', () => {
    expect(isEdited({ createdAt, editedAt: '2025-01-01T10:04:59Z' })).toBe(false);
    expect(isEdited({ createdAt, editedAt: '2025-01-01T10:05:00Z' })).toBe(false);
  });
  test('edited more than five minutes after creation counts', () => {
    expect(isEdited({ createdAt, editedAt: '2025-01-01T10:05:01Z' })).toBe(true);
    expect(isEdited({ createdAt, editedAt: '2025-02-01T00:00:00Z' })).toBe(true);
  });
});

describe('votePercent', () => {
  test('upvotes / (upvotes + downvotes), rounded', () => {
    expect(votePercent({ upvotes: 3, downvotes: 1 })).toBe(75);
    expect(votePercent({ upvotes: 2, downvotes: 1 })).toBe(67);
    expect(votePercent({ upvotes: 5, downvotes: 0 })).toBe(100);
    expect(votePercent({ upvotes: 0, downvotes: 4 })).toBe(0);
  });
  test('no votes, no percentage', () => {
    expect(votePercent({ upvotes: 0, downvotes: 0 })).toBeNull();
  });
});

describe('banner texts', () => {
  test('locked by moderators or admins', () => {
    expect(lockedText({ locked: true, lockedByGroup: 'mods' })).toBe(
      'This post has been locked by moderators',
    );
    expect(lockedText({ locked: true, lockedByGroup: 'admins' })).toBe('This post has been locked by admins');
    expect(lockedText({ locked: false })).toBeNull();
  });
  const removal = (o: Partial<Parameters<typeof removalTexts>[0]>) =>
    removalTexts({ deleted: false, deletedContent: false, ...o });
  test('deleted by the author, by moderators, by admins', () => {
    expect(removal({ deleted: true, deletedAs: 'normal' })).toEqual([
      'This post has been deleted by its author.',
    ]);
    expect(removal({ deleted: true, deletedAs: 'mods' })).toEqual([
      'This post has been removed by the moderators.',
    ]);
    expect(removal({ deleted: true, deletedAs: 'admins' })).toEqual([
      'This post has been removed by the admins.',
    ]);
  });
  test('content removed, separately', () => {
    expect(
      removal({ deleted: true, deletedAs: 'normal', deletedContent: true, deletedContentAs: 'normal' }),
    ).toEqual(['This post has been deleted by its author.', 'Its author removed the content of this post.']);
    expect(
      removal({ deleted: true, deletedAs: 'admins', deletedContent: true, deletedContentAs: 'admins' }),
    ).toEqual([
      'This post has been removed by the admins.',
      'The content of this post has been removed by the admins.',
    ]);
  });
  test('nothing for a live post', () => {
    expect(removal({})).toEqual([]);
  });
});
