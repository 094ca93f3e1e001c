import { Type, type TSchema } from '@sinclair/typebox';
import { Hex24, Nullable, Time } from './common.js';
import { ImageSchema } from './image.js';
import { userSchema } from './user.js';

/** API.md §5.5. */
export const CommunityRuleSchema = Type.Object(
  {
    id: Type.Integer(),
    rule: Type.String(),
    description: Nullable(Type.String()),
    communityId: Hex24,
    zIndex: Type.Integer(),
    createdBy: Hex24,
    createdAt: Time,
  },
  { additionalProperties: false },
);

/** API.md §5.4, built for a given `mods` item schema. */
export const communitySchema = <M extends TSchema>(modsItem: M) =>
  Type.Object(
    {
      id: Hex24,
      userId: Hex24,
      name: Type.String(),
      nsfw: Type.Boolean(),
      about: Nullable(Type.String()),
      noMembers: Type.Integer(),
      proPic: Nullable(ImageSchema),
      bannerImage: Nullable(ImageSchema),
      postingRestricted: Type.Boolean(),
      createdAt: Time,
      deletedAt: Nullable(Time),
      isDefault: Type.Optional(Type.Boolean()),
      userJoined: Nullable(Type.Boolean()),
      userMod: Nullable(Type.Boolean()),
      isMuted: Type.Boolean(),
      mods: Nullable(Type.Array(modsItem)),
      rules: Nullable(Type.Array(CommunityRuleSchema)),
      ReportsDetails: Type.Null(),
    },
    { additionalProperties: false },
  );

/*
 * Users and communities nest one level only: a user's `moddingList` communities carry `mods: null`, and
 * a community's `mods` users carry `moddingList: null` (API.md §5.3, §5.4). The schemas say so, which
 * keeps them free of recursion.
 */
export const CommunityWithoutModsSchema = communitySchema(Type.Null());
export const UserWithoutModdingSchema = userSchema(Type.Null());
export const UserSchema = userSchema(CommunityWithoutModsSchema);
export const CommunitySchema = communitySchema(UserWithoutModdingSchema);
