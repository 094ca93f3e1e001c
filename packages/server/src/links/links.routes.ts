import type { FastifyInstance } from 'fastify';
import { LinkInfoQuerySchema, LinkInfoSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { getLinkInfo } from './link-info.js';

/** The title helper of link posts (API.md §16.5). */
export function linksRoutes(scope: FastifyInstance, deps: Deps): void {
  scope
    .withTypeProvider<TypeBoxProvider>()
    .get(
      '/_link_info',
      { schema: { querystring: LinkInfoQuerySchema, response: { 200: LinkInfoSchema } } },
      (request) => getLinkInfo(deps, request.viewer.user, request.query.url),
    );
}
