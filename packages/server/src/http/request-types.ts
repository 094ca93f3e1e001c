import type { Viewer } from '../sessions/sessions.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request under /api/ by the session hook. */
    viewer: Viewer;
  }
}
