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
      /** Present (true) when the public moderation log hides the moderators' names (an addition to the contract). */
      modlogHideNames: Type.Optional(Type.Boolean()),
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

export const CommunityListSchema = Type.Array(CommunityWithoutModsSchema);

export const CreateCommunityBodySchema = Type.Object({
  name: Type.Optional(Type.String()),
  about: Type.Optional(Nullable(Type.String())),
});

/** The client sends its whole cached community (API.md §11.4, MUST): only three keys are read. */
export const UpdateCommunityBodySchema = Type.Object({
  nsfw: Type.Optional(Nullable(Type.Boolean())),
  about: Type.Optional(Nullable(Type.String())),
  postingRestricted: Type.Optional(Nullable(Type.Boolean())),
  /** Hides moderators' names in the public log from non-moderators; absent keeps the setting. */
  modlogHideNames: Type.Optional(Nullable(Type.Boolean())),
});

export const JoinCommunityBodySchema = Type.Object({
  communityId: Type.String(),
  leave: Type.Optional(Type.Boolean()),
});

export const CommunityBanBodySchema = Type.Object({
  username: Type.Optional(Type.String()),
  expires: Type.Optional(Nullable(Type.String())),
});

export const UserListSchema = Type.Array(UserWithoutModdingSchema);
