import { Type } from '@sinclair/typebox';
import { Hex24, Nullable, Time, UserGroup } from './common.js';
import { UserWithoutModdingSchema } from './community.js';

/** API.md §5.7, keys in emission order. Stripped copies of deleted comments say "null" for the group. */
export const CommentSchema = Type.Object(
  {
    id: Hex24,
    postId: Hex24,
    postPublicId: Type.String(),
    communityId: Hex24,
    communityName: Type.String(),
    userId: Hex24,
    username: Type.String(),
    userGhostId: Type.Optional(Type.String()),
    userGroup: UserGroup,
    userDeleted: Type.Boolean(),
    parentId: Nullable(Hex24),
    depth: Type.Integer(),
    noReplies: Type.Integer(),
    noRepliesDirect: Type.Integer(),
    ancestors: Nullable(Type.Array(Hex24)),
    body: Type.String(),
    upvotes: Type.Integer(),
    downvotes: Type.Integer(),
    createdAt: Time,
    editedAt: Nullable(Time),
    contentStripped: Type.Optional(Type.Boolean()),
    deleted: Type.Boolean(),
    deletedAt: Nullable(Time),
    deletedAs: Type.Optional(UserGroup),
    locked: Type.Boolean(),
    lockedBy: Nullable(Hex24),
    lockedByGroup: Type.Optional(UserGroup),
    lockedAt: Nullable(Time),
    author: Type.Optional(UserWithoutModdingSchema),
    isAuthorMuted: Type.Optional(Type.Literal(true)),
    userVoted: Nullable(Type.Boolean()),
    userVotedUp: Nullable(Type.Boolean()),
    postTitle: Type.Optional(Type.String()),
    postDeleted: Type.Boolean(),
    postDeletedAs: Type.Optional(UserGroup),
  },
  { additionalProperties: false },
);

/** `GET /api/posts/{publicId}/comments` without `parentId` (API.md §10.1). */
export const CommentPageSchema = Type.Object(
  { comments: Type.Array(CommentSchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

/** A missing body counts as `{}` (the route's `default`): the service then refuses the empty comment. */
export const CreateCommentBodySchema = Type.Object(
  {
    parentCommentId: Type.Optional(Nullable(Type.String())),
    body: Type.Optional(Nullable(Type.String())),
  },
  { default: {} },
);

export const EditCommentBodySchema = Type.Object({ body: Type.Optional(Nullable(Type.String())) });

export const CommentVoteBodySchema = Type.Object({
  commentId: Type.String(),
  up: Type.Optional(Type.Boolean()),
});
