import { Type } from '@sinclair/typebox';
import { CommentSchema } from './comment.js';
import { Hex24, Nullable, Time, UserGroup } from './common.js';
import { CommunitySchema, UserWithoutModdingSchema } from './community.js';
import { ImageSchema } from './image.js';

/** API.md §5.6 `link`. */
export const PostLinkSchema = Type.Object(
  { url: Type.String(), hostname: Type.String(), image: Nullable(ImageSchema) },
  { additionalProperties: false },
);

export const PostTypeSchema = Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('link')]);

/** API.md §5.6, keys in emission order. */
export const PostSchema = Type.Object(
  {
    id: Hex24,
    type: PostTypeSchema,
    publicId: Type.String(),
    userId: Hex24,
    username: Type.String(),
    userGhostId: Type.Optional(Type.String()),
    userGroup: UserGroup,
    userDeleted: Type.Boolean(),
    isPinned: Type.Boolean(),
    isPinnedSite: Type.Boolean(),
    communityId: Hex24,
    communityName: Type.String(),
    communityProPic: Nullable(ImageSchema),
    communityBannerImage: Nullable(ImageSchema),
    title: Type.String(),
    body: Nullable(Type.String()),
    image: Nullable(ImageSchema),
    images: Type.Array(ImageSchema),
    link: Type.Optional(PostLinkSchema),
    locked: Type.Boolean(),
    lockedBy: Nullable(Hex24),
    lockedByGroup: Type.Optional(UserGroup),
    lockedAt: Nullable(Time),
    upvotes: Type.Integer(),
    downvotes: Type.Integer(),
    hotness: Type.Integer(),
    createdAt: Time,
    editedAt: Nullable(Time),
    lastActivityAt: Time,
    deleted: Type.Boolean(),
    deletedAt: Nullable(Time),
    deletedAs: Type.Optional(UserGroup),
    /** The reason a moderator or admin gave for the removal (an addition to the contract). */
    deletedReason: Type.Optional(Type.String()),
    deletedContent: Type.Boolean(),
    deletedContentAs: Type.Optional(UserGroup),
    noComments: Type.Integer(),
    comments: Nullable(Type.Array(CommentSchema)),
    commentsNext: Nullable(Type.String()),
    userVoted: Nullable(Type.Boolean()),
    userVotedUp: Nullable(Type.Boolean()),
    lastVisitAt: Nullable(Time),
    newComments: Type.Integer(),
    isAuthorMuted: Type.Boolean(),
    isCommunityMuted: Type.Boolean(),
    community: Type.Optional(CommunitySchema),
    author: UserWithoutModdingSchema,
  },
  { additionalProperties: false },
);

/** `GET /api/posts` (API.md §8.1). */
export const FeedSchema = Type.Object(
  { posts: Type.Array(PostSchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

/** `GET /api/posts?filter=deleted|locked` (modtools). */
export const ModtoolsFeedSchema = Type.Object(
  { noPosts: Type.Integer(), limit: Type.Integer(), page: Type.Integer(), posts: Type.Array(PostSchema) },
  { additionalProperties: false },
);

export const CreatePostBodySchema = Type.Object({
  type: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  body: Type.Optional(Nullable(Type.String())),
  url: Type.Optional(Nullable(Type.String())),
  community: Type.Optional(Type.String()),
  userGroup: Type.Optional(Type.String()),
  images: Type.Optional(
    Nullable(
      Type.Array(Type.Object({ imageId: Type.String(), caption: Type.Optional(Nullable(Type.String())) })),
    ),
  ),
  imageId: Type.Optional(Nullable(Type.String())),
});

export const EditPostBodySchema = Type.Object({
  title: Type.Optional(Nullable(Type.String())),
  body: Type.Optional(Nullable(Type.String())),
});

export const PostVoteBodySchema = Type.Object({
  postId: Type.String(),
  up: Type.Optional(Type.Boolean()),
});

export const HidePostBodySchema = Type.Object({ postId: Type.String() });

export const LinkInfoSchema = Type.Object({ title: Type.String() }, { additionalProperties: false });

export const AltTextBodySchema = Type.Object({ altText: Type.Optional(Nullable(Type.String())) });
