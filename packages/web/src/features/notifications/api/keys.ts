/**
 * Query keys of the notifications feature. A member's notifications are theirs alone, so the viewer is
 * part of the key: after a logout and another login nothing of the first account's list is shown.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (viewer: string) => ['notifications', 'list', viewer] as const,
};
