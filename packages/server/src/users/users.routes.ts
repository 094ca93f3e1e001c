import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '@commons/shared';
import {
  AddBadgeBodySchema,
  BadgeSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  SuccessSchema,
  UpdateProfileBodySchema,
  UserFeedSchema,
  AdminUserPageSchema,
  UserSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { sendNewSession } from '../http/cookies.js';
import { readBody } from '../http/json-body.js';
import { multipartScope, readImageUpload } from '../images/images.routes.js';
import { badRequest } from '../lib/errors.js';
import { getUserFeed, type UserFeedQuery } from './profile-feed.js';
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

export function usersRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/_user', { schema: { response: { 200: UserSchema } } }, (request) =>
    getCurrentUser(deps, request.viewer.user),
  );

  // One path, two actions (API.md §6.6).
  app.post<{ Querystring: { action?: string } }>(
    '/_settings',
    { schema: { response: { 200: UserSchema } } },
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

  app.get<{ Params: { username: string }; Querystring: UserFeedQuery }>(
    '/users/:username/feed',
    { schema: { response: { 200: UserFeedSchema } } },
    (request) => getUserFeed(deps, request.viewer.user, request.params.username, request.query),
  );

  app.delete<{ Params: { username: string } }>(
    '/users/:username',
    { schema: { response: { 200: SuccessSchema } } },
    async (request) => {
      const { password } = readBody(DeleteAccountBodySchema, request.body ?? {});
      await deleteAccount(deps, request.viewer.user, request.params.username, password ?? '');
      return { success: true as const };
    },
  );

  app.get<{ Querystring: { next?: string } }>(
    '/users',
    { schema: { response: { 200: AdminUserPageSchema } } },
    (request) => listUsers(deps, request.viewer.user, request.query.next),
  );

  app.post<{ Params: { username: string } }>(
    '/users/:username/badges',
    { schema: { response: { 200: Type.Array(BadgeSchema) } } },
    (request) =>
      addBadge(
        deps,
        request.viewer.user,
        request.params.username,
        readBody(AddBadgeBodySchema, request.body).type,
      ),
  );

  app.delete<{ Params: { username: string; badgeId: string }; Querystring: { byType?: string } }>(
    '/users/:username/badges/:badgeId',
    { schema: { response: { 200: SuccessSchema } } },
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
    child.post<{ Params: { username: string } }>(
      '/users/:username/pro_pic',
      { schema: { response: { 200: UserSchema } } },
      (request) =>
        setProfilePicture(deps, request.viewer.user, request.params.username, () =>
          readImageUpload(request, deps.config.maxImageSize),
        ),
    );
  });

  app.delete<{ Params: { username: string } }>(
    '/users/:username/pro_pic',
    { schema: { response: { 200: UserSchema } } },
    (request) => removeProfilePicture(deps, request.viewer.user, request.params.username),
  );
}
