import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyTypeProvider } from 'fastify';
import type { Viewer } from '../sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when every route handler started so far has finished (in-flight.ts). */
    handlersSettled(): Promise<void>;
  }
  interface FastifyRequest {
    /** Set for every request under /api/ by the session hook. */
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /**
     * The route's answer uses no more of a member than their id and admin role, so a session found in
     * the last few seconds may serve it without a query (sessions/recent-sessions.ts).
     */
    recentSession?: boolean;
  }
}

/**
 * Types a route's params, querystring and body from the TypeBox schemas it declares
 * (`scope.withTypeProvider<TypeBoxProvider>()`); json-body.ts checks them at run time.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
