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
    {
      schema: { querystring: SearchQuerySchema, response: { 200: SearchPageSchema } },
      // A parameter given twice (`?q=cat&q=dog`, a form or link built by hand) is read as its first
      // value: search never fails on what is typed (issue 16).
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        for (const [key, value] of Object.entries(query)) {
          if (Array.isArray(value)) query[key] = value[0];
        }
      },
    },
    (request) => search(deps, request.viewer.user, request.query),
  );
}
