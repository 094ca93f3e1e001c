import type { FastifyInstance } from 'fastify';
import {
  CreateIPBlockBodySchema,
  IPBlockPageSchema,
  IPBlockParamsSchema,
  IPBlockQuerySchema,
  IPBlockSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { cancelAllBlocks, cancelBlock, createBlock, getBlock, listBlockPage } from './ip-blocks.service.js';

/** API.md §16.3 (admin). */
export function ipBlocksRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/ipblocks',
    { schema: { querystring: IPBlockQuerySchema, response: { 200: IPBlockPageSchema } } },
    (request) => listBlockPage(deps, request.viewer.user, request.query),
  );
  app.post(
    '/ipblocks',
    { schema: { body: CreateIPBlockBodySchema, response: { 200: IPBlockSchema } } },
    (request) => createBlock(deps, request.viewer.user, request.body),
  );
  app.delete(
    '/ipblocks',
    { schema: { querystring: IPBlockQuerySchema, response: { 200: IPBlockPageSchema } } },
    (request) => cancelAllBlocks(deps, request.viewer.user, request.query),
  );
  app.get(
    '/ipblocks/:blockId',
    { schema: { params: IPBlockParamsSchema, response: { 200: IPBlockSchema } } },
    (request) => getBlock(deps, request.viewer.user, request.params.blockId),
  );
  app.delete(
    '/ipblocks/:blockId',
    { schema: { params: IPBlockParamsSchema, response: { 200: IPBlockSchema } } },
    (request) => cancelBlock(deps, request.viewer.user, request.params.blockId),
  );
}
