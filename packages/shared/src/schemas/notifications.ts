import { Type, type Static } from '@sinclair/typebox';
import { NOTIFICATION_TYPES } from '../enums.js';
import { Nullable, Time } from './common.js';

const Query = Type.Optional(Type.String());

export const NotificationTypeSchema = Type.Union(NOTIFICATION_TYPES.map((t) => Type.Literal(t)));

/**
 * API.md §5.11: the raw form. `notif` is the stored payload expanded with live Post, Comment, Community
 * or User objects (built with no viewer), or null when they cannot be built.
 */
export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    type: NotificationTypeSchema,
    notif: Nullable(Type.Record(Type.String(), Type.Unknown())),
    seen: Type.Boolean(),
    seenAt: Nullable(Time),
    createdAt: Time,
  },
  { additionalProperties: false },
);

/** API.md §5.12: the rendered form (`render=true`). */
export const NotificationViewSchema = Type.Object(
  {
    id: Type.Integer(),
    version: Type.Literal(1),
    type: NotificationTypeSchema,
    textFormat: Type.Union([Type.Literal(''), Type.Literal('html')]),
    title: Type.String(),
    body: Type.Literal(''),
    icons: Type.Array(Type.String()),
    toURL: Type.String(),
    seen: Type.Boolean(),
    seenAt: Nullable(Time),
    createdAt: Time,
    updatedAt: Time,
  },
  { additionalProperties: false },
);

/** One notification in either form, as the query asked. */
export const NotificationItemSchema = Type.Union([NotificationViewSchema, NotificationSchema]);

/** `GET /api/notifications` (API.md §12.1). */
export const NotificationPageSchema = Type.Object(
  {
    count: Type.Integer(),
    newCount: Type.Integer(),
    items: Type.Array(NotificationItemSchema),
    next: Type.String(),
  },
  { additionalProperties: false },
);

export const NotificationIdParamsSchema = Type.Object({ notifId: Type.String() });
/** `GET /api/notifications` and the rendering of every answer that holds one. */
export const NotificationsQuerySchema = Type.Object({ render: Query, format: Query, next: Query });
/** `POST /api/notifications?action=…[&type=]` (API.md §12.2); other parameters are ignored. */
export const NotificationsActionQuerySchema = Type.Object({ action: Query, type: Query });
/** `GET | PUT | DELETE /api/notifications/{id}` (API.md §12.3, §12.4). */
export const NotificationQuerySchema = Type.Object({
  render: Query,
  format: Query,
  action: Query,
  seen: Query,
  seenFrom: Query,
});

export type NotificationsQueryParams = Static<typeof NotificationsQuerySchema>;
export type NotificationsActionQueryParams = Static<typeof NotificationsActionQuerySchema>;
export type NotificationQueryParams = Static<typeof NotificationQuerySchema>;
