import type { NotificationsPage, NotificationView } from '../src/features/notifications/api/types';

/** Contract-shaped notifications (API.md §5.12, §12.1) for tests. */

let counter = 100;

export function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  const id = ++counter;
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id,
    version: 1,
    type: 'new_comment',
    textFormat: 'html',
    title: `<b>bob</b> commented on your post <b>Post ${id}</b>`,
    body: '',
    icons: ['/favicon.png?v=2'],
    toURL: `/golang/post/p${id}/c${id}`,
    seen: false,
    seenAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function notificationsPage(
  items: NotificationView[],
  next = '',
  counts: { count?: number; newCount?: number } = {},
): NotificationsPage {
  return { count: counts.count ?? items.length, newCount: counts.newCount ?? 0, items, next };
}

/** The URLs the client calls (API.md §12, secondary §7). */
export const notificationUrls = {
  list: (next?: string) =>
    `GET /api/notifications?render=true&format=html${next ? `&next=${encodeURIComponent(next)}` : ''}`,
  action: (action: string, type?: string) =>
    `POST /api/notifications?render=true&format=html&action=${action}${type === undefined ? '' : `&type=${type}`}`,
  markSeen: (id: number, seen: boolean) =>
    `PUT /api/notifications/${id}?render=true&format=html&action=markAsSeen&seen=${seen}`,
  remove: (id: number) => `DELETE /api/notifications/${id}?render=true&format=html`,
};
