import type { FastifyInstance } from 'fastify';
import {
  ByNameQuerySchema,
  CommunityListQuerySchema,
  CommunityListSchema,
  CommunityParamsSchema,
  CommunitySchema,
  CommunityWithoutModsSchema,
  CreateCommunityBodySchema,
  JoinCommunityBodySchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import {
  createCommunity,
  getCommunity,
  joinCommunity,
  listCommunities,
  parseCommunityQuery,
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

  app.post(
    '/_joinCommunity',
    { schema: { body: JoinCommunityBodySchema, response: { 200: CommunityWithoutModsSchema } } },
    (request) => joinCommunity(deps, request.viewer.user, request.body),
  );
}
