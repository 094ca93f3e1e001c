import type { FastifyInstance } from 'fastify';
import {
  CommunityRequestListSchema,
  CommunityRequestParamsSchema,
  CreateCommunityRequestBodySchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import {
  deleteCommunityRequest,
  listCommunityRequests,
  requestCommunity,
} from './community-requests.service.js';

/** API.md §15. Denying goes through `POST /api/_admin` (`deny_comm`). */
export function communityRequestsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/community_requests',
    { schema: { body: CreateCommunityRequestBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await requestCommunity(deps, request.viewer.user, request.body);
      return { success: true as const };
    },
  );
  app.get('/community_requests', { schema: { response: { 200: CommunityRequestListSchema } } }, (request) =>
    listCommunityRequests(deps, request.viewer.user),
  );
  app.delete(
    '/community_requests/:requestId',
    { schema: { params: CommunityRequestParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await deleteCommunityRequest(deps, request.viewer.user, request.params.requestId);
      return { success: true as const };
    },
  );
}
