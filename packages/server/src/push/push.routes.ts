import type { FastifyInstance } from 'fastify';
import { PushSubscriptionBodySchema, SuccessSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { savePushSubscription } from './push.service.js';

/** API.md §12.5: the browser's push subscription for this session. */
export function pushRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.post(
    '/push_subscriptions',
    { schema: { body: PushSubscriptionBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await savePushSubscription(deps, request.viewer, request.body);
      return { success: true as const };
    },
  );
}
