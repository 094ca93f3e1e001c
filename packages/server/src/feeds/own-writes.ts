import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';

/**
 * Writes by which a member moves a post in the feeds' order (its hotness, points or last activity):
 * neither empties the shared read cache (issue 15 lets others' counts lag), so its shared runs still
 * hold the post where it was.
 */
const ORDER_CHANGING_ROUTES = new Set(['POST /api/_postVote', 'POST /api/posts/:publicId/comments']);

/** Members who made such a write, until the cache's lifetime after it (ms). */
const recent = new Map<string, number>();
const RECENT_MAX = 10_000;

/**
 * Whether the member moved a post within the cache's lifetime: their feed pages then come from the
 * direct query (feeds/member-feed.ts), so that their own vote or comment never leaves a post on no
 * page, behind a cursor taken from where it was. In this process only: on several processes, a
 * member whose next request reaches another one may see the post where it was for that lifetime.
 */
export function movedPostsRecently(userId: string): boolean {
  const until = recent.get(userId);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  recent.delete(userId);
  return false;
}

/**
 * Notes each successful order-changing write of a member, for the cache's lifetime, before its answer
 * leaves: the member's next request, sent once they have it, already goes to the direct query.
 */
export function registerOwnWrites(app: FastifyInstance, deps: Deps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.viewer?.user;
    if (!user || reply.statusCode >= 400 || deps.readCache.ttlMs <= 0) return payload;
    if (!ORDER_CHANGING_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return payload;
    recent.delete(user.id);
    recent.set(user.id, Date.now() + deps.readCache.ttlMs);
    if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
    return payload;
  });
}
