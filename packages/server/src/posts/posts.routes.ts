import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CreatePostBodySchema,
  DeletePostQuerySchema,
  EditPostBodySchema,
  FeedQuerySchema,
  FeedSchema,
  GetPostQuerySchema,
  HidePostBodySchema,
  ModtoolsFeedSchema,
  PostActionQuerySchema,
  PostIdParamsSchema,
  PostSchema,
  PostVoteBodySchema,
  PublicIdParamsSchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { getFeed, getGuestFeed, parseFeedQuery } from '../feeds/feeds.service.js';
import { sendShared } from '../http/shared-responses.js';
import { readBody } from '../http/json-body.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { votePost } from '../votes/votes.service.js';
import { getGuestPost } from './guest-post-page.service.js';
import {
  createPost,
  deletePost,
  editPost,
  getPost,
  hidePost,
  postAction,
  unhidePost,
} from './posts.service.js';

const response = { 200: PostSchema };
const success = { 200: SuccessSchema };

export function postsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/posts',
    {
      // A member's feed page uses their id and admin role only: their votes, hides and mutes are read
      // for the page.
      config: { recentSession: true },
      schema: {
        querystring: FeedQuerySchema,
        response: { 200: Type.Union([FeedSchema, ModtoolsFeedSchema]) },
      },
    },
    async (request, reply) => {
      const query = parseFeedQuery(request.query);
      if (request.viewer.user || query.filter) return getFeed(deps, request.viewer.user, query);
      const page = await getGuestFeed(deps, query, (feed) => reply.serialize(feed) as string);
      return sendShared(request, reply, page, deps.readCache);
    },
  );

  app.post('/posts', { schema: { body: CreatePostBodySchema, response } }, (request) =>
    createPost(deps, request.viewer.user, request.body),
  );

  app.get(
    '/posts/:publicId',
    { schema: { params: PublicIdParamsSchema, querystring: GetPostQuerySchema, response } },
    async (request, reply) => {
      const fetchCommunity = request.query.fetchCommunity !== 'false';
      if (request.viewer.user)
        return getPost(deps, request.viewer.user, request.params.publicId, fetchCommunity);
      const page = await getGuestPost(
        deps,
        request.params.publicId,
        fetchCommunity,
        (post) => reply.serialize(post) as string,
      );
      return sendShared(request, reply, page, deps.readCache);
    },
  );

  // One path, many actions: an edit without `action` (its body read here), moderation and author
  // actions with it.
  app.put(
    '/posts/:publicId',
    { schema: { params: PublicIdParamsSchema, querystring: PostActionQuerySchema, response } },
    (request) => {
      const { action, ...options } = request.query;
      return action === undefined
        ? editPost(
            deps,
            request.viewer.user,
            request.params.publicId,
            readBody(EditPostBodySchema, request.body ?? {}),
          )
        : postAction(deps, request.viewer.user, request.params.publicId, { action, ...options });
    },
  );

  app.delete(
    '/posts/:publicId',
    { schema: { params: PublicIdParamsSchema, querystring: DeletePostQuerySchema, response } },
    (request) => deletePost(deps, request.viewer.user, request.params.publicId, request.query),
  );

  app.post('/_postVote', { schema: { body: PostVoteBodySchema, response } }, (request) =>
    votePost(deps, request.viewer.user, request.body),
  );

  app.post('/hidden_posts', { schema: { body: HidePostBodySchema, response: success } }, async (request) => {
    await hidePost(deps, request.viewer.user, request.body.postId);
    return { success: true as const };
  });

  app.delete(
    '/hidden_posts/:postId',
    { schema: { params: PostIdParamsSchema, response: success } },
    async (request) => {
      await unhidePost(deps, request.viewer.user, request.params.postId);
      return { success: true as const };
    },
  );
}
