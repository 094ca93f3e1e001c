import type { FastifyInstance } from 'fastify';
import {
  ByNameQuerySchema,
  CommunityBanBodySchema,
  CommunityListQuerySchema,
  CommunityListSchema,
  CommunityParamsSchema,
  CommunitySchema,
  CommunityWithoutModsSchema,
  CreateCommunityBodySchema,
  JoinCommunityBodySchema,
  UpdateCommunityBodySchema,
  UserListSchema,
  UserWithoutModdingSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import {
  banFromCommunity,
  createCommunity,
  getCommunity,
  joinCommunity,
  listBanned,
  listCommunities,
  parseCommunityQuery,
  unbanFromCommunity,
  updateCommunity,
} from './communities.service.js';

const params = CommunityParamsSchema;
const querystring = ByNameQuerySchema;

export function communitiesRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/communities',
    { schema: { querystring: CommunityListQuerySchema, response: { 200: CommunityListSchema } } },
    (request) => listCommunities(deps, request.viewer.user, parseCommunityQuery(request.query)),
  );

  app.post(
    '/communities',
    { schema: { body: CreateCommunityBodySchema, response: { 200: CommunityWithoutModsSchema } } },
    (request) => createCommunity(deps, request.viewer.user, request.body),
  );

  app.get(
    '/communities/:id',
    { schema: { params, querystring, response: { 200: CommunitySchema } } },
    (request) => getCommunity(deps, request.viewer.user, request.params.id, request.query.byName === 'true'),
  );

  app.put(
    '/communities/:id',
    { schema: { params, querystring, body: UpdateCommunityBodySchema, response: { 200: CommunitySchema } } },
    (request) =>
      updateCommunity(
        deps,
        request.viewer.user,
        request.params.id,
        request.query.byName === 'true',
        request.body,
      ),
  );

  app.post(
    '/_joinCommunity',
    { schema: { body: JoinCommunityBodySchema, response: { 200: CommunityWithoutModsSchema } } },
    (request) => joinCommunity(deps, request.viewer.user, request.body),
  );

  app.get('/communities/:id/banned', { schema: { params, response: { 200: UserListSchema } } }, (request) =>
    listBanned(deps, request.viewer.user, request.params.id),
  );

  app.post(
    '/communities/:id/banned',
    { schema: { params, body: CommunityBanBodySchema, response: { 200: UserWithoutModdingSchema } } },
    (request) => banFromCommunity(deps, request.viewer.user, request.params.id, request.body),
  );

  app.delete(
    '/communities/:id/banned',
    { schema: { params, body: CommunityBanBodySchema, response: { 200: UserWithoutModdingSchema } } },
    (request) => unbanFromCommunity(deps, request.viewer.user, request.params.id, request.body),
  );
}
