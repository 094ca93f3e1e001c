import { Type } from '@sinclair/typebox';
import { CommentSchema } from './comment.js';
import { Hex24, Nullable, Time } from './common.js';
import { CommunityWithoutModsSchema, UserWithoutModdingSchema } from './community.js';
import { PostSchema } from './post.js';

/** A list's item order (API.md §5.8, §14.4). */
export const ListItemSortSchema = Type.Union([
  Type.Literal('addedDsc'),
  Type.Literal('addedAsc'),
  Type.Literal('createdDsc'),
  Type.Literal('createdAsc'),
]);

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
    sort: ListItemSortSchema,
    createdAt: Time,
    lastUpdatedAt: Time,
  },
  { additionalProperties: false },
);

export const ListArraySchema = Type.Array(ListSchema);

/** API.md §5.8: a saved post or comment, rendered for the viewer; null when it is gone. */
export const ListItemSchema = Type.Object(
  {
    id: Type.Integer(),
    listId: Type.Integer(),
    targetType: Type.Union([Type.Literal('post'), Type.Literal('comment')]),
    targetId: Hex24,
    createdAt: Time,
    targetItem: Nullable(Type.Union([PostSchema, CommentSchema])),
  },
  { additionalProperties: false },
);

/** A page of a list's items (API.md §14.4), also the answer to adding and removing. */
export const ListItemPageSchema = Type.Object(
  { items: Type.Array(ListItemSchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

/** `GET /api/lists/_saved_to` (API.md §14.6): ids of the viewer's lists holding the target. */
export const SavedToSchema = Type.Array(Type.Integer());

/**
 * `POST /api/users/{username}/lists` (API.md §14.2). A missing body counts as `{}`: the service then
 * refuses the missing name with `list-name-empty`.
 */
export const CreateListBodySchema = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String())),
    displayName: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    public: Type.Optional(Nullable(Type.Boolean())),
  },
  { default: {} },
);

/** `PUT` a list (API.md §14.3): merged over the list, absent (or null) keys keep their values. */
export const UpdateListBodySchema = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String())),
    displayName: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    public: Type.Optional(Nullable(Type.Boolean())),
    sort: Type.Optional(Nullable(Type.String())),
  },
  { default: {} },
);

/**
 * `POST` and `DELETE` on a list's items (API.md §14.4). The values are checked by the service with the
 * contract's own codes (`invalid-content-type`, `invalid-target-id`), whatever their JSON type. A
 * missing body, or one naming neither key, is the DELETE that clears the list.
 */
export const ListItemBodySchema = Type.Object(
  { targetType: Type.Optional(Type.Unknown()), targetId: Type.Optional(Type.Unknown()) },
  { default: {} },
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
