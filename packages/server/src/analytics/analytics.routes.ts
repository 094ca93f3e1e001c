import type { FastifyInstance } from 'fastify';
import {
  AnalyticsEventBodySchema,
  AnalyticsPageSchema,
  AnalyticsQuerySchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { listSiteStats, recordClientEvent } from './analytics.service.js';

/** API.md §16.4: client events (any session, CSRF applies, 2 per second per IP) and the admin's snapshots. */
export function analyticsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.post(
    '/analytics',
    { schema: { body: AnalyticsEventBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await recordClientEvent(deps, request.viewer, {
        event: request.body.event,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const };
    },
  );

  app.get(
    '/analytics/bss',
    { schema: { querystring: AnalyticsQuerySchema, response: { 200: AnalyticsPageSchema } } },
    (request) => listSiteStats(deps, request.viewer.user, request.query),
  );
}
