import type { FastifyInstance } from 'fastify';
import {
  CommunityBanBodySchema,
  CommunityListSchema,
  CommunitySchema,
  CommunityWithoutModsSchema,
  CreateCommunityBodySchema,
  JoinCommunityBodySchema,
  UpdateCommunityBodySchema,
  UserListSchema,
  UserWithoutModdingSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
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

type IdParams = { Params: { id: string }; Querystring: { byName?: string } };

export function communitiesRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/communities',
    { schema: { response: { 200: CommunityListSchema } } },
    (request) => listCommunities(deps, request.viewer.user, parseCommunityQuery(request.query)),
  );

  app.post('/communities', { schema: { response: { 200: CommunityWithoutModsSchema } } }, (request) =>
    createCommunity(deps, request.viewer.user, readBody(CreateCommunityBodySchema, request.body)),
  );

  app.get<IdParams>('/communities/:id', { schema: { response: { 200: CommunitySchema } } }, (request) =>
    getCommunity(deps, request.viewer.user, request.params.id, request.query.byName === 'true'),
  );

  app.put<IdParams>('/communities/:id', { schema: { response: { 200: CommunitySchema } } }, (request) =>
    updateCommunity(
      deps,
      request.viewer.user,
      request.params.id,
      request.query.byName === 'true',
      readBody(UpdateCommunityBodySchema, request.body),
    ),
  );

  app.post('/_joinCommunity', { schema: { response: { 200: CommunityWithoutModsSchema } } }, (request) =>
    joinCommunity(deps, request.viewer.user, readBody(JoinCommunityBodySchema, request.body)),
  );

  app.get<IdParams>('/communities/:id/banned', { schema: { response: { 200: UserListSchema } } }, (request) =>
    listBanned(deps, request.viewer.user, request.params.id),
  );

  app.post<IdParams>(
    '/communities/:id/banned',
    { schema: { response: { 200: UserWithoutModdingSchema } } },
    (request) =>
      banFromCommunity(
        deps,
        request.viewer.user,
        request.params.id,
        readBody(CommunityBanBodySchema, request.body),
      ),
  );

  app.delete<IdParams>(
    '/communities/:id/banned',
    { schema: { response: { 200: UserWithoutModdingSchema } } },
    (request) =>
      unbanFromCommunity(
        deps,
        request.viewer.user,
        request.params.id,
        readBody(CommunityBanBodySchema, request.body),
      ),
  );
}
