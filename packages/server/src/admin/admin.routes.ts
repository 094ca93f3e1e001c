import type { FastifyInstance } from 'fastify';
import { AdminActionBodySchema, SuccessSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
import { runAdminAction } from './admin.service.js';

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/_admin', { schema: { response: { 200: SuccessSchema } } }, async (request) => {
    await runAdminAction(deps, request.viewer.user, readBody(AdminActionBodySchema, request.body));
    return { success: true as const };
  });
}
