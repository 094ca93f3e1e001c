import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../session';
import { notificationKeys } from './keys';
import type { NotificationsPage, NotificationView } from './types';

/**
 * Applies `change` to every cached notification: the new item, or null to drop it. The panel shows
 * what a member did at once, without reloading the list (a reload would reorder it: unseen first).
 */
export function updateNotifications(
  queryClient: QueryClient,
  change: (item: NotificationView) => NotificationView | null,
): void {
  queryClient.setQueriesData<InfiniteData<NotificationsPage>>({ queryKey: notificationKeys.all }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const items: NotificationView[] = [];
      for (const item of page.items) {
        const next = change(item);
        if (next !== item) changed = true;
        if (next) items.push(next);
      }
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** The seen state of one notification, in the panel's cache. */
export function setSeenInCache(queryClient: QueryClient, id: number, seen: boolean): void {
  const seenAt = seen ? new Date().toISOString() : null;
  updateNotifications(queryClient, (item) =>
    item.id === id && item.seen !== seen ? { ...item, seen, seenAt } : item,
  );
}

/** The bell and the bottom bar read the session user's count: zero it there at once. */
export function clearNewCount(queryClient: QueryClient): void {
  queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
    user && user.notificationsNewCount ? { ...user, notificationsNewCount: 0 } : user,
  );
}

/**
 * The items of the loaded pages, each once. Marking an unseen item seen moves it, on the server, from
 * the unseen part of the order to the seen part, so a later page can bring it again.
 */
export function flattenPages(pages: NotificationsPage[]): NotificationView[] {
  const seen = new Set<number>();
  const items: NotificationView[] = [];
  for (const page of pages) {
    for (const item of page.items ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
