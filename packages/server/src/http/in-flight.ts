import type { FastifyInstance } from 'fastify';

/**
 * Every route handler's work, until it settles. Closing the server waits for requests whose clients
 * are still connected, but a handler whose client hung up keeps running; shutting the database down
 * under it would fail its next query ("driver has already been destroyed"). Shutdown waits for these
 * too. Handlers that return no promise (they send by themselves) are left as they are.
 */
export function trackHandlers(app: FastifyInstance): { settled(): Promise<void> } {
  const running = new Set<PromiseLike<unknown>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        running.add(result);
        result.then(
          () => running.delete(result),
          () => running.delete(result),
        );
      }
      return result;
    };
  });
  return {
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
