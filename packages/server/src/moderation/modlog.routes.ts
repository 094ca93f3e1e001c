import type { FastifyInstance } from 'fastify';
import { CommunityParamsSchema, ModLogPageSchema, ModLogQuerySchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { communityModLog, siteModLog } from './modlog.service.js';

/** The public moderation log (an addition to the contract: README, API notes). */
export function modLogRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  const response = { 200: ModLogPageSchema };
  app.get('/modlog', { schema: { querystring: ModLogQuerySchema, response } }, (request) =>
    siteModLog(deps, request.viewer.user, request.query),
  );
  // `:id` like the community's other routes; it takes the community's name (or its id).
  app.get(
    '/communities/:id/modlog',
    { schema: { params: CommunityParamsSchema, querystring: ModLogQuerySchema, response } },
    (request) => communityModLog(deps, request.viewer.user, request.params.id, request.query),
  );
}
