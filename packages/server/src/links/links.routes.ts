import type { FastifyInstance } from 'fastify';
import { LinkInfoSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { getLinkInfo } from './link-info.js';

/** The title helper of link posts (API.md §16.5). */
export function linksRoutes(scope: FastifyInstance, deps: Deps): void {
  scope.get<{ Querystring: { url?: unknown } }>(
    '/_link_info',
    { schema: { response: { 200: LinkInfoSchema } } },
    (request) =>
      getLinkInfo(
        deps,
        request.viewer.user,
        typeof request.query.url === 'string' ? request.query.url : undefined,
      ),
  );
}
