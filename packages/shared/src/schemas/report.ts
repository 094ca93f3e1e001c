import { Type } from '@sinclair/typebox';
import { CommentSchema } from './comment.js';
import { Hex24, Nullable, Time } from './common.js';
import { PostSchema } from './post.js';

/** API.md §5.10. `target` is null in the `_report` answer; the moderators' list fills it. */
export const ReportSchema = Type.Object(
  {
    id: Type.Integer(),
    communityId: Hex24,
    postId: Nullable(Hex24),
    reason: Type.String(),
    description: Nullable(Type.String()),
    reasonId: Type.Integer(),
    type: Type.Union([Type.Literal('post'), Type.Literal('comment')]),
    targetId: Hex24,
    actionTaken: Nullable(Type.String()),
    dealtAt: Nullable(Time),
    dealtBy: Nullable(Hex24),
    createdAt: Time,
    target: Type.Union([PostSchema, CommentSchema, Type.Null()]),
  },
  { additionalProperties: false },
);

/** `POST /api/_report` (API.md §11.11). A missing `type` means post. */
export const ReportBodySchema = Type.Object({
  type: Type.Optional(Type.String()),
  targetId: Type.String(),
  reason: Type.Integer(),
});
