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
}
