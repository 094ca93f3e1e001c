import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CommentPageSchema,
  CommentSchema,
  CommentVoteBodySchema,
  CreateCommentBodySchema,
  EditCommentBodySchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
import { voteComment } from '../votes/votes.service.js';
import {
  commentAction,
  createComment,
  deleteComment,
  editComment,
  getComment,
  listAllComments,
  listComments,
  type CommentActionQuery,
} from './comments.service.js';

type PostParams = { Params: { publicId: string } };
// The post segment of these paths is ignored (API.md §10.3): the client puts the hex post id there.
type CommentParams = { Params: { anything: string; commentId: string } };
const comment = { schema: { response: { 200: CommentSchema } } };

export function commentsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<PostParams & { Querystring: { next?: string; parentId?: string } }>(
    '/posts/:publicId/comments',
    { schema: { response: { 200: Type.Union([CommentPageSchema, Type.Array(CommentSchema)]) } } },
    (request) => listComments(deps, request.viewer.user, request.params.publicId, request.query),
  );

  app.post<PostParams & { Querystring: { userGroup?: string } }>(
    '/posts/:publicId/comments',
    comment,
    (request) =>
      createComment(
        deps,
        request.viewer.user,
        request.params.publicId,
        readBody(CreateCommentBodySchema, request.body ?? {}),
        request.query.userGroup,
      ),
  );

  app.put<CommentParams & { Querystring: Partial<CommentActionQuery> }>(
    '/posts/:anything/comments/:commentId',
    comment,
    (request) =>
      request.query.action === undefined
        ? editComment(
            deps,
            request.viewer.user,
            request.params.commentId,
            readBody(EditCommentBodySchema, request.body ?? {}),
          )
        : commentAction(
            deps,
            request.viewer.user,
            request.params.commentId,
            request.query as CommentActionQuery,
          ),
  );

  app.delete<CommentParams & { Querystring: { deleteAs?: string } }>(
    '/posts/:anything/comments/:commentId',
    comment,
    (request) => deleteComment(deps, request.viewer.user, request.params.commentId, request.query.deleteAs),
  );

  app.get<{ Querystring: { next?: string } }>(
    '/comments',
    {
      schema: {
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

  app.get<{ Params: { commentId: string } }>('/comments/:commentId', comment, (request) =>
    getComment(deps, request.viewer.user, request.params.commentId),
  );

  app.post('/_commentVote', comment, (request) =>
    voteComment(deps, request.viewer.user, readBody(CommentVoteBodySchema, request.body)),
  );
}
