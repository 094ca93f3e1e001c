import { Type, type TSchema } from '@sinclair/typebox';
import { Hex24, Nullable, Time } from './common.js';
import { BadgeSchema, ImageSchema } from './image.js';

/**
 * API.md §5.3, built for a given `moddingList` item schema. The public view omits the preference fields
 * and `notificationsNewCount`; only admins get `lastSeen`, `lastSeenIP` and `createdIP`.
 */
export const userSchema = <M extends TSchema>(moddingListItem: M) =>
  Type.Object(
    {
      id: Hex24,
      username: Type.String(),
      email: Nullable(Type.String()),
      lastSeen: Type.Optional(Time),
      lastSeenIP: Type.Optional(Nullable(Type.String())),
      createdIP: Type.Optional(Nullable(Type.String())),
      emailConfirmedAt: Nullable(Time),
      aboutMe: Nullable(Type.String()),
      points: Type.Integer(),
      isAdmin: Type.Boolean(),
      proPic: Nullable(ImageSchema),
      badges: Type.Array(BadgeSchema),
      noPosts: Type.Integer(),
      noComments: Type.Integer(),
      lastSeenMonth: Type.String(),
      createdAt: Time,
      deleted: Type.Boolean(),
      deletedAt: Nullable(Time),
      upvoteNotificationsOff: Type.Optional(Type.Boolean()),
      replyNotificationsOff: Type.Optional(Type.Boolean()),
      homeFeed: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('subscriptions')])),
      rememberFeedSort: Type.Optional(Type.Boolean()),
      embedsOff: Type.Optional(Type.Boolean()),
      hideUserProfilePictures: Type.Optional(Type.Boolean()),
      requireAltText: Type.Optional(Type.Boolean()),
      bannedAt: Nullable(Time),
      isBanned: Type.Boolean(),
      notificationsNewCount: Type.Optional(Type.Integer()),
      moddingList: Nullable(Type.Array(moddingListItem)),
      /** Admin detail view only (`adminsView=true`). */
      userIndex: Type.Optional(Type.Integer()),
      webPushSubscriptionsCount: Type.Optional(Type.Integer()),
    },
    { additionalProperties: false },
  );
