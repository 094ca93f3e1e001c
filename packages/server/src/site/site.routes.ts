import type { FastifyInstance } from 'fastify';
import { InitialSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { getInitial } from './initial.service.js';

export function siteRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/_initial', { schema: { response: { 200: InitialSchema } } }, (request) =>
    getInitial(deps, request.viewer),
  );
}
