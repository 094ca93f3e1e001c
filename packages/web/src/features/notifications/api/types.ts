/**
 * The rendered notification (API.md §5.12, `render=true`): what the client reads of it. Kept here until
 * the server's branch puts the shape in packages/shared (decisions §38).
 */
export type NotificationType =
  | 'new_comment'
  | 'comment_reply'
  | 'new_votes'
  | 'deleted_post'
  | 'mod_add'
  | 'new_badge'
  | 'welcome'
  | 'announcement'
  | 'denied_comm';

export interface NotificationView {
  id: number;
  version: number;
  type: NotificationType;
  textFormat: '' | 'html';
  /** With `format=html`, HTML-escaped text with the server's own `<b>…</b>` tags. */
  title: string;
  body: string;
  icons: string[];
  /** An in-app path, or `#` for none. */
  toURL: string;
  seen: boolean;
  seenAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/notifications` (API.md §12.1): `next` is `""` after the last page. */
export interface NotificationsPage {
  count: number;
  newCount: number;
  items: NotificationView[];
  next: string;
}

/** The query every call of the app adds (API.md §12.1, secondary §7). */
export const RENDERED = { render: 'true', format: 'html' } as const;
