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
