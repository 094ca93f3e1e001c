import type { FastifyInstance } from 'fastify';
import { AdminActionBodySchema, SuccessSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { runAdminAction } from './admin.service.js';

export function adminRoutes(scope: FastifyInstance, deps: Deps): void {
  scope
    .withTypeProvider<TypeBoxProvider>()
    .post(
      '/_admin',
      { schema: { body: AdminActionBodySchema, response: { 200: SuccessSchema } } },
      async (request) => {
        await runAdminAction(deps, request.viewer.user, request.body);
        return { success: true as const };
      },
    );
}
