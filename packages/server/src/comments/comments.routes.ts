import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CommentActionQuerySchema,
  CommentIdParamsSchema,
  CommentListQuerySchema,
  CommentPageSchema,
  CommentSchema,
  CommentVoteBodySchema,
  CreateCommentBodySchema,
  CreateCommentQuerySchema,
  DeleteCommentQuerySchema,
  EditCommentBodySchema,
  NextQuerySchema,
  PostCommentParamsSchema,
  PublicIdParamsSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
import { sendShared } from '../http/shared-responses.js';
import { getGuestComments } from '../posts/guest-post-page.service.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { voteComment } from '../votes/votes.service.js';
import {
  commentAction,
  createComment,
  deleteComment,
  editComment,
  getComment,
  listAllComments,
  listComments,
} from './comments.service.js';

const response = { 200: CommentSchema };

export function commentsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/posts/:publicId/comments',
    {
      schema: {
        params: PublicIdParamsSchema,
        querystring: CommentListQuerySchema,
        response: { 200: Type.Union([CommentPageSchema, Type.Array(CommentSchema)]) },
      },
    },
    async (request, reply) => {
      if (request.viewer.user)
        return listComments(deps, request.viewer.user, request.params.publicId, request.query);
      const page = await getGuestComments(
        deps,
        request.params.publicId,
        request.query,
        (comments) => reply.serialize(comments) as string,
      );
      return sendShared(request, reply, page, deps.readCache);
    },
  );

  app.post(
    '/posts/:publicId/comments',
    {
      schema: {
        params: PublicIdParamsSchema,
        querystring: CreateCommentQuerySchema,
        body: CreateCommentBodySchema,
        response,
      },
    },
    (request) =>
      createComment(
        deps,
        request.viewer.user,
        request.params.publicId,
        request.body,
        request.query.userGroup,
      ),
  );

  // One path, several actions: an edit without `action` (its body read here), the others with it.
  app.put(
    '/posts/:anything/comments/:commentId',
    { schema: { params: PostCommentParamsSchema, querystring: CommentActionQuerySchema, response } },
    (request) => {
      const { action, ...options } = request.query;
      return action === undefined
        ? editComment(
            deps,
            request.viewer.user,
            request.params.commentId,
            readBody(EditCommentBodySchema, request.body ?? {}),
          )
        : commentAction(deps, request.viewer.user, request.params.commentId, { action, ...options });
    },
  );

  app.delete(
    '/posts/:anything/comments/:commentId',
    { schema: { params: PostCommentParamsSchema, querystring: DeleteCommentQuerySchema, response } },
    (request) => deleteComment(deps, request.viewer.user, request.params.commentId, request.query),
  );

  app.get(
    '/comments',
    {
      schema: {
        querystring: NextQuerySchema,
        response: {
          200: Type.Object({
            comments: Type.Array(CommentSchema),
            next: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    (request) => listAllComments(deps, request.viewer.user, request.query.next),
  );

  app.get('/comments/:commentId', { schema: { params: CommentIdParamsSchema, response } }, (request) =>
    getComment(deps, request.viewer.user, request.params.commentId),
  );

  app.post('/_commentVote', { schema: { body: CommentVoteBodySchema, response } }, (request) =>
    voteComment(deps, request.viewer.user, request.body),
  );
}
