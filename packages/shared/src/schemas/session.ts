import { Type } from '@sinclair/typebox';
import { Hex24, Nullable } from './common.js';
import { CommunityWithoutModsSchema, UserSchema } from './community.js';
import { ListSchema, MutesSchema, ReportReasonSchema } from './lists.js';

/** `GET /api/_initial` (API.md §6.1). */
export const InitialSchema = Type.Object(
  {
    signupsDisabled: Type.Boolean(),
    reportReasons: Nullable(Type.Array(ReportReasonSchema)),
    user: Nullable(UserSchema),
    lists: Type.Array(ListSchema),
    communities: Nullable(Type.Array(CommunityWithoutModsSchema)),
    noUsers: Type.Integer(),
    bannedFrom: Nullable(Type.Array(Hex24)),
    vapidPublicKey: Type.String(),
    mutes: MutesSchema,
    imagePostSubmitReqPoints: Type.Integer(),
    linkPostSubmitReqPoints: Type.Integer(),
  },
  { additionalProperties: false },
);

/** Bodies are read leniently: a missing string is empty; a value of another type is refused. */
export const LoginBodySchema = Type.Object(
  {
    username: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const SignupBodySchema = Type.Object(
  {
    username: Type.Optional(Type.String()),
    email: Type.Optional(Nullable(Type.String())),
    password: Type.Optional(Type.String()),
    captchaToken: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false },
);

/** `GET /api/_captcha` [product]: an ALTCHA (v1) proof-of-work challenge. */
export const CaptchaChallengeSchema = Type.Object(
  {
    algorithm: Type.String(),
    challenge: Type.String(),
    maxnumber: Type.Integer(),
    salt: Type.String(),
    signature: Type.String(),
  },
  { additionalProperties: false },
);

/** API.md §5.16. */
export const SiteSettingsSchema = Type.Object(
  {
    signupsDisabled: Type.Boolean(),
    torBlocked: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** `POST /api/_admin` (API.md §16.1): the action decides which other keys are read. */
export const AdminActionBodySchema = Type.Object({
  action: Type.String(),
  username: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  deleteContentDays: Type.Optional(Type.Number()),
  id: Type.Optional(Type.Number()),
  body: Type.Optional(Type.String()),
});

/** `POST /api/_settings?action=updateProfile` (API.md §6.6): merged over the user; unknown keys ignored. */
export const UpdateProfileBodySchema = Type.Object({
  aboutMe: Type.Optional(Nullable(Type.String())),
  email: Type.Optional(Nullable(Type.String())),
  upvoteNotificationsOff: Type.Optional(Type.Boolean()),
  replyNotificationsOff: Type.Optional(Type.Boolean()),
  homeFeed: Type.Optional(Type.String()),
  rememberFeedSort: Type.Optional(Type.Boolean()),
  embedsOff: Type.Optional(Type.Boolean()),
  hideUserProfilePictures: Type.Optional(Type.Boolean()),
  requireAltText: Type.Optional(Type.Boolean()),
});

export const ChangePasswordBodySchema = Type.Object({
  password: Type.Optional(Type.String()),
  newPassword: Type.Optional(Type.String()),
  repeatPassword: Type.Optional(Type.String()),
});
