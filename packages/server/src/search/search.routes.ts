import type { FastifyInstance } from 'fastify';
import { SearchPageSchema, SearchQuerySchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { search } from './search.service.js';

/** Built-in search (an addition to the contract; README, API notes). Guests may search too. */
export function searchRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/search',
    { schema: { querystring: SearchQuerySchema, response: { 200: SearchPageSchema } } },
    (request) => search(deps, request.viewer.user, request.query),
  );
}
