import type { FastifyInstance } from 'fastify';
import {
  NotificationIdParamsSchema,
  NotificationItemSchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  NotificationsActionQuerySchema,
  NotificationsQuerySchema,
  SuccessSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import {
  deleteOwnNotification,
  getNotification,
  listNotifications,
  notificationsAction,
  updateNotification,
} from './notifications.service.js';

const one = { 200: NotificationItemSchema };

/** API.md §12.1–§12.4: a member's notifications. */
export function notificationsRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/notifications',
    { schema: { querystring: NotificationsQuerySchema, response: { 200: NotificationPageSchema } } },
    (request) => listNotifications(deps, request.viewer.user, request.query),
  );

  app.post(
    '/notifications',
    { schema: { querystring: NotificationsActionQuerySchema, response: { 200: SuccessSchema } } },
    (request) => notificationsAction(deps, request.viewer.user, request.query),
  );

  const params = NotificationIdParamsSchema;
  const querystring = NotificationQuerySchema;

  app.get('/notifications/:notifId', { schema: { params, querystring, response: one } }, (request) =>
    getNotification(deps, request.viewer.user, request.params.notifId, request.query),
  );

  app.put('/notifications/:notifId', { schema: { params, querystring, response: one } }, (request) =>
    updateNotification(deps, request.viewer.user, request.params.notifId, request.query),
  );

  app.delete('/notifications/:notifId', { schema: { params, querystring, response: one } }, (request) =>
    deleteOwnNotification(deps, request.viewer.user, request.params.notifId, request.query),
  );
}
