import type { FastifyInstance } from 'fastify';
import { apiMessages } from '@commons/shared';
import { ChangePasswordBodySchema, UpdateProfileBodySchema, UserSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { readBody } from '../http/json-body.js';
import { badRequest } from '../lib/errors.js';
import { changePassword, updateProfile } from './settings.service.js';
import { getCurrentUser, getUserProfile } from './users.service.js';

export function usersRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/_user', { schema: { response: { 200: UserSchema } } }, (request) =>
    getCurrentUser(deps, request.viewer.user),
  );

  // One path, two actions (API.md §6.6).
  app.post<{ Querystring: { action?: string } }>(
    '/_settings',
    { schema: { response: { 200: UserSchema } } },
    (request) => {
      switch (request.query.action) {
        case 'updateProfile':
          return updateProfile(deps, request.viewer.user, readBody(UpdateProfileBodySchema, request.body));
        case 'changePassword':
          return changePassword(deps, request.viewer.user, readBody(ChangePasswordBodySchema, request.body));
        default:
          throw badRequest('invalid_action', apiMessages.invalidAction);
      }
    },
  );

  app.get<{ Params: { username: string }; Querystring: { adminsView?: string } }>(
    '/users/:username',
    { schema: { response: { 200: UserSchema } } },
    (request) =>
      getUserProfile(deps, request.viewer.user, request.params.username, request.query.adminsView === 'true'),
  );
}
