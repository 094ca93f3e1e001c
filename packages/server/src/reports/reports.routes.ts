import type { FastifyInstance } from 'fastify';
import { ReportBodySchema, ReportSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
import { report } from './reports.service.js';

export function reportsRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/_report', { schema: { response: { 200: ReportSchema } } }, (request) =>
    report(deps, request.viewer.user, readBody(ReportBodySchema, request.body)),
  );
}
