import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { apiMessages } from '@commons/shared';
import { LoginBodySchema, SignupBodySchema, SuccessSchema, UserSchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import { badRequest } from '../lib/errors.js';
import { sendNewSession } from '../http/cookies.js';
import { readBody } from '../http/json-body.js';
import { login, logout, signup } from './auth.service.js';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  // One path, two actions (API.md §6.2, §6.3): login, or `?action=logout`.
  app.post<{ Querystring: { action?: string } }>(
    '/_login',
    { schema: { response: { 200: Type.Union([UserSchema, SuccessSchema]) } } },
    async (request, reply) => {
      const action = request.query.action;
      if (action === 'logout') {
        await logout(deps, request.viewer);
        return { success: true };
      }
      if (action !== undefined) throw badRequest('invalid_action', apiMessages.invalidAction);
      const result = await login(deps, request.viewer, readBody(LoginBodySchema, request.body), request.ip);
      if (result.newSessionId) sendNewSession(deps, request, reply, result.newSessionId);
      return result.user;
    },
  );

  app.post('/_signup', { schema: { response: { 201: UserSchema } } }, async (request, reply) => {
    const result = await signup(deps, request.viewer, readBody(SignupBodySchema, request.body), request.ip);
    if (result.newSessionId) sendNewSession(deps, request, reply, result.newSessionId);
    return reply.status(201).send(result.user);
  });
}
