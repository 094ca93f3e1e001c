import type { NotificationType } from '@commons/shared';

/**
 * The pure rules of DOMAIN §5.2: which types push, and how a new event merges into the latest
 * notifications. Unit-tested beside (notification-rules.test.ts); the delivery applies them.
 */

/** Every type but these two is pushed, on creation and on merge (DOMAIN §5.6). */
export function isPushed(type: NotificationType): boolean {
  return type !== 'new_votes' && type !== 'denied_comm';
}

export interface Mergeable {
  id: number;
  type: NotificationType;
  notif: Record<string, unknown>;
  seen: boolean;
}

/** The counter a merge adds one to, per type. */
const COUNTERS: Partial<Record<NotificationType, string>> = {
  new_comment: 'noComments',
  comment_reply: 'noComments',
  new_votes: 'noVotes',
};

/** The payload keys that must be equal for an event to merge into a notification. */
const KEYS: Partial<Record<NotificationType, readonly string[]>> = {
  new_comment: ['postId'],
  comment_reply: ['parentCommentId'],
  new_votes: ['targetType', 'targetId'],
};

/**
 * The unseen notification of the same type and key among `latest` (the recipient's latest 10 in list
 * order) that the event merges into, if any.
 */
export function mergeTarget<T extends Mergeable>(
  type: NotificationType,
  notif: Record<string, unknown>,
  latest: readonly T[],
): T | undefined {
  const keys = KEYS[type];
  if (!keys) return undefined;
  return latest.find((n) => n.type === type && !n.seen && keys.every((k) => n.notif[k] === notif[k]));
}

/** The merged payload: the counter plus one; the first comment's id and author stay (DOMAIN §5.2). */
export function mergedPayload(
  type: NotificationType,
  existing: Record<string, unknown>,
): Record<string, unknown> {
  const counter = COUNTERS[type]!;
  const n = typeof existing[counter] === 'number' ? existing[counter] : 1;
  return { ...existing, [counter]: n + 1 };
}

/**
 * Before a new announcement: the unseen announcements among `latest` but the first (in list order),
 * which are deleted (API.md §12.6).
 */
export function announcementsToDrop<T extends Mergeable>(latest: readonly T[]): T[] {
  return latest.filter((n) => n.type === 'announcement' && !n.seen).slice(1);
}
