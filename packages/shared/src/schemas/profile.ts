import { Type } from '@sinclair/typebox';
import { CommentSchema } from './comment.js';
import { Nullable } from './common.js';
import { UserSchema } from './community.js';
import { PostSchema } from './post.js';

/** `GET /api/users/{username}/feed` (API.md §7.3): posts and comments, newest first. */
export const UserFeedSchema = Type.Object(
  {
    items: Type.Array(
      Type.Union([
        Type.Object({ item: PostSchema, type: Type.Literal('post') }, { additionalProperties: false }),
        Type.Object({ item: CommentSchema, type: Type.Literal('comment') }, { additionalProperties: false }),
      ]),
    ),
    next: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** `GET /api/users` (API.md §7.6, admin). */
export const AdminUserPageSchema = Type.Object(
  { users: Type.Array(UserSchema), next: Nullable(Type.String()) },
  { additionalProperties: false },
);

/** A missing body counts as `{}` (the route's `default`): the password check then fails. */
export const DeleteAccountBodySchema = Type.Object(
  { password: Type.Optional(Nullable(Type.String())) },
  { default: {} },
);

export const AddBadgeBodySchema = Type.Object({ type: Type.String() });
