import type { NotificationView } from '@commons/shared';

/** The rendered notification (API.md §5.12, `render=true`), as the shared schema gives it. */
export type { NotificationType, NotificationView } from '@commons/shared';

/**
 * `GET /api/notifications?render=true` (API.md §12.1): the shared NotificationPage with its items in the
 * rendered form only. `next` is `""` after the last page.
 */
export interface NotificationsPage {
  count: number;
  newCount: number;
  items: NotificationView[];
  next: string;
}

/** The query every call of the app adds (API.md §12.1, secondary §7). */
export const RENDERED = { render: 'true', format: 'html' } as const;
