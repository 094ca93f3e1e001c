import type { FastifyInstance } from 'fastify';
import {
  CreateListBodySchema,
  ListArraySchema,
  ListByNameParamsSchema,
  ListIdParamsSchema,
  ListItemBodySchema,
  ListItemIdParamsSchema,
  ListItemPageSchema,
  ListItemSchema,
  ListItemsQuerySchema,
  ListSchema,
  ListsQuerySchema,
  SavedToQuerySchema,
  SavedToSchema,
  UpdateListBodySchema,
  UsernameParamsSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { acceptJsonWhateverTheType } from '../http/json-body.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { errors } from '../lib/errors.js';
import { addListItem, getListItems, removeListItem, removeListItems } from './list-items.service.js';
import {
  createList,
  deleteList,
  getList,
  getUserLists,
  savedTo,
  updateList,
  type ListRef,
} from './lists.service.js';

const list = { 200: ListSchema };
const lists = { 200: ListArraySchema };
const itemPage = { 200: ListItemPageSchema };

/** The two paths of one list (API.md §14.3): by owner and name, and by id. */
const LIST_PATHS = [
  { path: '/users/:username/lists/:listName', params: ListByNameParamsSchema },
  { path: '/lists/:listId', params: ListIdParamsSchema },
] as const;

function refOf(params: { username: string; listName: string } | { listId: string }): ListRef {
  return 'listId' in params
    ? { listId: params.listId }
    : { username: params.username, listName: params.listName };
}

/** API.md §14: lists and their items. */
export function listsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/users/:username/lists',
    { schema: { params: UsernameParamsSchema, querystring: ListsQuerySchema, response: lists } },
    (request) => getUserLists(deps, request.viewer.user, request.params.username, request.query),
  );

  app.post(
    '/users/:username/lists',
    {
      schema: {
        params: UsernameParamsSchema,
        querystring: ListsQuerySchema,
        body: CreateListBodySchema,
        response: lists,
      },
    },
    (request) => createList(deps, request.viewer.user, request.params.username, request.query, request.body),
  );

  // A static segment: it wins over /lists/:listId.
  app.get(
    '/lists/_saved_to',
    { schema: { querystring: SavedToQuerySchema, response: { 200: SavedToSchema } } },
    (request) => savedTo(deps, request.viewer.user, request.query),
  );

  for (const { path, params } of LIST_PATHS) {
    app.get(path, { schema: { params, response: list } }, (request) =>
      getList(deps, request.viewer.user, refOf(request.params)),
    );
    app.put(path, { schema: { params, body: UpdateListBodySchema, response: list } }, (request) =>
      updateList(deps, request.viewer.user, refOf(request.params), request.body),
    );
    app.delete(path, { schema: { params, response: list } }, (request) =>
      deleteList(deps, request.viewer.user, refOf(request.params)),
    );
  }

  app.delete(
    '/lists/:listId/items/:itemId',
    { schema: { params: ListItemIdParamsSchema, response: { 200: ListItemSchema } } },
    (request) => removeListItem(deps, request.viewer.user, request.params.listId, request.params.itemId),
  );

  // The item routes answer a body that is not JSON with their own error (API.md §14.4), so they have
  // their own body parser, in a scope of their own.
  void scope.register(async (itemsScope) => {
    acceptJsonWhateverTheType(itemsScope, errors.badJsonBody);
    const items = itemsScope.withTypeProvider<TypeBoxProvider>();
    for (const { path, params } of LIST_PATHS) {
      const schema = { params, querystring: ListItemsQuerySchema, response: itemPage };
      items.get(`${path}/items`, { schema }, (request) =>
        getListItems(deps, request.viewer.user, refOf(request.params), request.query),
      );
      items.post(`${path}/items`, { schema: { ...schema, body: ListItemBodySchema } }, (request) =>
        addListItem(deps, request.viewer.user, refOf(request.params), request.query, request.body),
      );
      items.delete(`${path}/items`, { schema: { ...schema, body: ListItemBodySchema } }, (request) =>
        removeListItems(deps, request.viewer.user, refOf(request.params), request.query, request.body),
      );
    }
  });
}
