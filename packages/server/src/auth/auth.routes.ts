import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ActionQuerySchema,
  LoginBodySchema,
  SignupBodySchema,
  SuccessSchema,
  UserSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { sendNewSession } from '../http/cookies.js';
import { readBody } from '../http/json-body.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { login, logout, signup } from './auth.service.js';

export function authRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  // One path, two actions (API.md §6.2, §6.3): login, or `?action=logout`, which reads no body.
  app.post(
    '/_login',
    {
      schema: { querystring: ActionQuerySchema, response: { 200: Type.Union([UserSchema, SuccessSchema]) } },
    },
    async (request, reply) => {
      const action = request.query.action;
      if (action === 'logout') {
        await logout(deps, request.viewer);
        return { success: true as const };
      }
      if (action !== undefined) throw errors.invalidAction();
      const result = await login(deps, request.viewer, readBody(LoginBodySchema, request.body), request.ip);
      if (result.newSessionId) sendNewSession(deps, request, reply, result.newSessionId);
      return result.user;
    },
  );

  app.post(
    '/_signup',
    { schema: { body: SignupBodySchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      const result = await signup(deps, request.viewer, request.body, request.ip);
      if (result.newSessionId) sendNewSession(deps, request, reply, result.newSessionId);
      return reply.status(201).send(result.user);
    },
  );
}
