import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changesPages, movedNotice, PAGES_CHANGED_CHANNEL } from '../cache/pages-changed.js';
import { notifyPagesChanged } from '../cache/pages.repository.js';
import type { Deps } from '../deps.js';
import { OWN_WRITE_COOKIE, setOwnWriteCookie } from '../http/cookies.js';

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
 * page, behind a cursor taken from where it was. Known in the process that took the write at once,
 * and in the others when its notice arrives (registerOwnWrites).
 */
export function movedPostsRecently(userId: string): boolean {
  const until = recent.get(userId);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  recent.delete(userId);
  return false;
}

/** Notes that the member moved a post, for `ttlMs` from now: this process's write, or another's notice. */
export function noteMovedPosts(userId: string, ttlMs: number): void {
  if (ttlMs <= 0) return;
  recent.delete(userId);
  recent.set(userId, Date.now() + ttlMs);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
}

/**
 * Notes each successful order-changing write of a member, for the cache's lifetime, before its answer
 * leaves: the member's next request, sent once they have it, already goes to the direct query. A site
 * of several processes (the Redis setup, whose shared tier is what they share) also hands the member a
 * cookie saying so, after this write and after any write that changes shared pages (a new post, an
 * edit, a lock): the member's next request carries it to whichever process takes it, where the
 * database's notice may not have arrived yet (a reviewer saw a member's new post missing from their
 * next read on the other process 10 times in 50). The notice still goes out for order-changing writes,
 * for clients that drop new cookies: a statement more a vote, which one process alone skips.
 */
export function registerOwnWrites(app: FastifyInstance, deps: Deps): void {
  const severalProcesses = deps.config.redisUrl !== null;
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.viewer?.user;
    if (!user || reply.statusCode >= 400 || deps.readCache.ttlMs <= 0) return payload;
    const route = `${request.method} ${request.routeOptions.url}`;
    const movesPosts = ORDER_CHANGING_ROUTES.has(route);
    if (!movesPosts && !(severalProcesses && changesPages(route))) return payload;
    if (movesPosts) noteMovedPosts(user.id, deps.readCache.ttlMs);
    if (!severalProcesses) return payload;
    setOwnWriteCookie(deps, request, reply, deps.readCache.ttlMs);
    if (movesPosts) {
      // The write has committed: a failed notice must not turn its answer into an error.
      await notifyPagesChanged(deps.db, PAGES_CHANGED_CHANNEL, movedNotice(user.id)).catch((err: unknown) =>
        request.log.warn({ err }, "could not tell the other processes of a member's write"),
      );
    }
    return payload;
  });
}

/**
 * The member's own write, as their cookie tells it (registerOwnWrites): noted here for what is left of
 * its time, at most a cache lifetime (the value is the browser's to change; a forged one only sends
 * the member's own pages to the direct query).
 */
export function noteOwnWriteCookie(deps: Deps, request: FastifyRequest, userId: string): void {
  const raw = request.cookies[OWN_WRITE_COOKIE];
  if (raw === undefined) return;
  const left = Math.min(Number(raw) - Date.now(), deps.readCache.ttlMs);
  if (left > 0) noteMovedPosts(userId, left);
}
