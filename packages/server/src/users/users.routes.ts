import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  ActionQuerySchema,
  AddBadgeBodySchema,
  AdminUserPageSchema,
  BadgeParamsSchema,
  BadgeSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  NextQuerySchema,
  RemoveBadgeQuerySchema,
  SuccessSchema,
  UpdateProfileBodySchema,
  UserFeedQuerySchema,
  UserFeedSchema,
  UsernameParamsSchema,
  UserProfileQuerySchema,
  UserSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { sendNewSession } from '../http/cookies.js';
import { readBody } from '../http/json-body.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { multipartScope, readImageUpload } from '../images/images.routes.js';
import { errors } from '../lib/errors.js';
import { getUserFeed } from './profile-feed.js';
import {
  addBadge,
  deleteAccount,
  listUsers,
  removeBadge,
  removeProfilePicture,
  setProfilePicture,
} from './profile.service.js';
import { changePassword, updateProfile } from './settings.service.js';
import { getCurrentUser, getUserProfile } from './users.service.js';

const params = UsernameParamsSchema;
const user = { 200: UserSchema };
const success = { 200: SuccessSchema };

export function usersRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get('/_user', { schema: { response: user } }, (request) => getCurrentUser(deps, request.viewer.user));

  // One path, two actions (API.md §6.6), each with its own body, read here.
  app.post(
    '/_settings',
    { schema: { querystring: ActionQuerySchema, response: user } },
    async (request, reply) => {
      switch (request.query.action) {
        case 'updateProfile':
          return updateProfile(deps, request.viewer.user, readBody(UpdateProfileBodySchema, request.body));
        case 'changePassword': {
          const body = readBody(ChangePasswordBodySchema, request.body);
          const { user, newSessionId } = await changePassword(deps, request.viewer.user, body);
          sendNewSession(deps, request, reply, newSessionId);
          return user;
        }
        default:
          throw errors.invalidAction();
      }
    },
  );

  app.get(
    '/users/:username',
    { schema: { params, querystring: UserProfileQuerySchema, response: user } },
    (request) =>
      getUserProfile(deps, request.viewer.user, request.params.username, request.query.adminsView === 'true'),
  );

  app.get(
    '/users/:username/feed',
    { schema: { params, querystring: UserFeedQuerySchema, response: { 200: UserFeedSchema } } },
    (request) => getUserFeed(deps, request.viewer.user, request.params.username, request.query),
  );

  app.delete(
    '/users/:username',
    { schema: { params, body: DeleteAccountBodySchema, response: success } },
    async (request) => {
      await deleteAccount(deps, request.viewer.user, request.params.username, request.body.password ?? '');
      return { success: true as const };
    },
  );

  app.get(
    '/users',
    { schema: { querystring: NextQuerySchema, response: { 200: AdminUserPageSchema } } },
    (request) => listUsers(deps, request.viewer.user, request.query.next),
  );

  app.post(
    '/users/:username/badges',
    { schema: { params, body: AddBadgeBodySchema, response: { 200: Type.Array(BadgeSchema) } } },
    (request) => addBadge(deps, request.viewer.user, request.params.username, request.body.type),
  );

  app.delete(
    '/users/:username/badges/:badgeId',
    { schema: { params: BadgeParamsSchema, querystring: RemoveBadgeQuerySchema, response: success } },
    async (request) => {
      await removeBadge(
        deps,
        request.viewer.user,
        request.params.username,
        request.params.badgeId,
        request.query.byType === 'true',
      );
      return { success: true as const };
    },
  );

  multipartScope(app, deps, (child) => {
    child
      .withTypeProvider<TypeBoxProvider>()
      .post('/users/:username/pro_pic', { schema: { params, response: user } }, (request) =>
        setProfilePicture(deps, request.viewer.user, request.params.username, () =>
          readImageUpload(request, deps.config.maxImageSize),
        ),
      );
  });

  app.delete('/users/:username/pro_pic', { schema: { params, response: user } }, (request) =>
    removeProfilePicture(deps, request.viewer.user, request.params.username),
  );
}
