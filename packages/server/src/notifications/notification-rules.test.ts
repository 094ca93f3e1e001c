import { describe, expect, it } from 'vitest';
import {
  announcementsToDrop,
  isPushed,
  mergedPayload,
  mergeTarget,
  type Mergeable,
} from './notification-rules.js';

const n = (id: number, type: Mergeable['type'], notif: Record<string, unknown>, seen = false): Mergeable => ({
  id,
  type,
  notif,
  seen,
});

describe('notification rules (DOMAIN §5.2)', () => {
  it('pushes every type but new_votes and denied_comm', () => {
    expect(isPushed('new_comment')).toBe(true);
    expect(isPushed('announcement')).toBe(true);
    expect(isPushed('new_votes')).toBe(false);
    expect(isPushed('denied_comm')).toBe(false);
  });

  it('merges into the first unseen one of the same type and key only', () => {
    const latest = [
      n(5, 'new_comment', { postId: 'a' }, true),
      n(4, 'comment_reply', { postId: 'a', parentCommentId: 'p' }),
      n(3, 'new_comment', { postId: 'b' }),
      n(2, 'new_comment', { postId: 'a' }),
      n(1, 'new_votes', { targetType: 'post', targetId: 'a' }),
    ];
    expect(mergeTarget('new_comment', { postId: 'a' }, latest)?.id).toBe(2);
    expect(mergeTarget('comment_reply', { parentCommentId: 'p' }, latest)?.id).toBe(4);
    expect(mergeTarget('new_votes', { targetType: 'comment', targetId: 'a' }, latest)).toBeUndefined();
    expect(mergeTarget('new_votes', { targetType: 'post', targetId: 'a' }, latest)?.id).toBe(1);
    expect(mergeTarget('deleted_post', { targetType: 'post', targetId: 'a' }, latest)).toBeUndefined();
  });

  it('adds one to the counter and keeps the first comment', () => {
    expect(mergedPayload('new_comment', { commentId: 'c1', noComments: 2 })).toEqual({
      commentId: 'c1',
      noComments: 3,
    });
    expect(mergedPayload('new_votes', { noVotes: 1 })).toEqual({ noVotes: 2 });
  });

  it('drops all unseen announcements but the first in list order', () => {
    const latest = [
      n(9, 'announcement', { postId: 'x' }),
      n(8, 'announcement', { postId: 'y' }, true),
      n(7, 'announcement', { postId: 'z' }),
      n(6, 'announcement', { postId: 'w' }),
    ];
    expect(announcementsToDrop(latest).map((a) => a.id)).toEqual([7, 6]);
  });
});
