import type { FastifyInstance } from 'fastify';
import { UserSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { getCurrentUser, getUserProfile } from './users.service.js';

export function usersRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/_user', { schema: { response: { 200: UserSchema } } }, (request) =>
    getCurrentUser(deps, request.viewer.user),
  );

  app.get<{ Params: { username: string }; Querystring: { adminsView?: string } }>(
    '/users/:username',
    { schema: { response: { 200: UserSchema } } },
    (request) =>
      getUserProfile(deps, request.viewer.user, request.params.username, request.query.adminsView === 'true'),
  );
}
