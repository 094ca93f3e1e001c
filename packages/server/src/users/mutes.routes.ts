import type { FastifyInstance } from 'fastify';
import {
  MuteBodySchema,
  MutedCommunityParamsSchema,
  MutedUserParamsSchema,
  MuteIdParamsSchema,
  MutesSchema,
  MuteTypeQuerySchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import {
  addMute,
  clearMutesOfType,
  getMutes,
  removeMute,
  unmuteCommunity,
  unmuteUser,
} from './mutes.service.js';

const mutes = { 200: MutesSchema };
const success = { 200: SuccessSchema };

/** API.md §13: the viewer's own mutes. */
export function mutesRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get('/mutes', { schema: { response: mutes } }, (request) => getMutes(deps, request.viewer.user));

  app.post('/mutes', { schema: { body: MuteBodySchema, response: mutes } }, (request) =>
    addMute(deps, request.viewer.user, request.body),
  );

  app.delete('/mutes', { schema: { querystring: MuteTypeQuerySchema, response: mutes } }, (request) =>
    clearMutesOfType(deps, request.viewer.user, request.query.type),
  );

  app.delete(
    '/mutes/users/:userId',
    { schema: { params: MutedUserParamsSchema, response: success } },
    async (request) => {
      await unmuteUser(deps, request.viewer.user, request.params.userId);
      return { success: true as const };
    },
  );

  app.delete(
    '/mutes/communities/:communityId',
    { schema: { params: MutedCommunityParamsSchema, response: success } },
    async (request) => {
      await unmuteCommunity(deps, request.viewer.user, request.params.communityId);
      return { success: true as const };
    },
  );

  app.delete(
    '/mutes/:muteId',
    { schema: { params: MuteIdParamsSchema, response: success } },
    async (request) => {
      await removeMute(deps, request.viewer.user, request.params.muteId);
      return { success: true as const };
    },
  );
}
