import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CreatePostBodySchema,
  EditPostBodySchema,
  FeedSchema,
  HidePostBodySchema,
  ModtoolsFeedSchema,
  PostSchema,
  PostVoteBodySchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { getFeed, parseFeedQuery } from '../feeds/feeds.service.js';
import { readBody } from '../http/json-body.js';
import { votePost } from '../votes/votes.service.js';
import {
  createPost,
  deletePost,
  editPost,
  getPost,
  hidePost,
  postAction,
  unhidePost,
  type DeleteQuery,
  type PostActionQuery,
} from './posts.service.js';

type PostParams = { Params: { publicId: string } };
const post = { schema: { response: { 200: PostSchema } } };
const success = { schema: { response: { 200: SuccessSchema } } };

export function postsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/posts',
    { schema: { response: { 200: Type.Union([FeedSchema, ModtoolsFeedSchema]) } } },
    (request) => getFeed(deps, request.viewer.user, parseFeedQuery(request.query)),
  );

  app.post('/posts', post, (request) =>
    createPost(deps, request.viewer.user, readBody(CreatePostBodySchema, request.body)),
  );

  app.get<PostParams & { Querystring: { fetchCommunity?: string } }>('/posts/:publicId', post, (request) =>
    getPost(deps, request.viewer.user, request.params.publicId, request.query.fetchCommunity !== 'false'),
  );

  // One path, many actions: an edit without `action`, moderation and author actions with it.
  app.put<PostParams & { Querystring: Partial<PostActionQuery> }>('/posts/:publicId', post, (request) =>
    request.query.action === undefined
      ? editPost(
          deps,
          request.viewer.user,
          request.params.publicId,
          readBody(EditPostBodySchema, request.body ?? {}),
        )
      : postAction(deps, request.viewer.user, request.params.publicId, request.query as PostActionQuery),
  );

  app.delete<PostParams & { Querystring: DeleteQuery }>('/posts/:publicId', post, (request) =>
    deletePost(deps, request.viewer.user, request.params.publicId, request.query),
  );

  app.post('/_postVote', post, (request) =>
    votePost(deps, request.viewer.user, readBody(PostVoteBodySchema, request.body)),
  );

  app.post('/hidden_posts', success, async (request) => {
    await hidePost(deps, request.viewer.user, readBody(HidePostBodySchema, request.body).postId);
    return { success: true as const };
  });

  app.delete<{ Params: { postId: string } }>('/hidden_posts/:postId', success, async (request) => {
    await unhidePost(deps, request.viewer.user, request.params.postId);
    return { success: true as const };
  });
}
