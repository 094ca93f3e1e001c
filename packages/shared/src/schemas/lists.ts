import { Type } from '@sinclair/typebox';
import { Hex24, Nullable, Time } from './common.js';
import { CommunityWithoutModsSchema, UserWithoutModdingSchema } from './community.js';

/** API.md §5.8. */
export const ListSchema = Type.Object(
  {
    id: Type.Integer(),
    userId: Hex24,
    username: Type.String(),
    name: Type.String(),
    displayName: Type.String(),
    description: Nullable(Type.String()),
    public: Type.Boolean(),
    numItems: Type.Integer(),
    sort: Type.Union([
      Type.Literal('addedDsc'),
      Type.Literal('addedAsc'),
      Type.Literal('createdDsc'),
      Type.Literal('createdAsc'),
    ]),
    createdAt: Time,
    lastUpdatedAt: Time,
  },
  { additionalProperties: false },
);

/** API.md §5.9. */
export const MuteSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Union([Type.Literal('user'), Type.Literal('community')]),
    mutedUserId: Type.Optional(Hex24),
    mutedCommunityId: Type.Optional(Hex24),
    createdAt: Time,
    mutedUser: Type.Optional(UserWithoutModdingSchema),
    mutedCommunity: Type.Optional(CommunityWithoutModsSchema),
  },
  { additionalProperties: false },
);

export const MutesSchema = Type.Object(
  {
    communityMutes: Type.Array(MuteSchema),
    userMutes: Type.Array(MuteSchema),
  },
  { additionalProperties: false },
);

/** `POST /api/mutes` (API.md §13.2): the client sends exactly one of the two. */
export const MuteBodySchema = Type.Object({
  userId: Type.Optional(Type.String()),
  communityId: Type.Optional(Type.String()),
});

/** API.md §5.10. */
export const ReportReasonSchema = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    description: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
