import type { FastifyInstance } from 'fastify';
import { ReportBodySchema, ReportSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { report } from './reports.service.js';

export function reportsRoutes(scope: FastifyInstance, deps: Deps): void {
  scope
    .withTypeProvider<TypeBoxProvider>()
    .post('/_report', { schema: { body: ReportBodySchema, response: { 200: ReportSchema } } }, (request) =>
      report(deps, request.viewer.user, request.body),
    );
}
