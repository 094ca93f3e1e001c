import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { notifyPagesChanged } from './pages.repository.js';

/**
 * The database notification channel on which a process says what it changed that other processes
 * keep copies of: shared pages (the read cache), members' sessions (recent sessions), or both, named
 * in the notice's payload.
 */
export const PAGES_CHANGED_CHANNEL = 'commons_pages_changed';

/**
 * `pages`: the sender moved the shared tier on and forgot its own entries, the others forget theirs.
 * `pages-everywhere`: the sender keeps no read cache (the operator's command), so every process moves
 * the shared tier on as well (one move would do; more do no harm).
 * `moved:<user id>`: that member moved a post in the feeds' order by a vote or comment
 * (feeds/own-writes.ts); their pages take the direct query for the cache's lifetime in every process.
 */
export type Changed = 'pages' | 'pages-everywhere' | 'sessions' | `moved:${string}`;

export function movedNotice(userId: string): Changed {
  return `moved:${userId}`;
}

/** Empties what a notice names; a notice that names nothing (an earlier build's) meant pages. */
export function applyChangeNotice(
  payload: string,
  caches: {
    readCache: { ttlMs: number; invalidate(): void; invalidateAll(): Promise<void> };
    recentSessions: { clear(): void };
    /** Notes a member's own order-changing write, for `ttlMs`. */
    movedPosts: (userId: string, ttlMs: number) => void;
  },
): void {
  const changed = payload.split(' ');
  if (changed.includes('pages-everywhere')) void caches.readCache.invalidateAll();
  else if (payload === '' || changed.includes('pages')) caches.readCache.invalidate();
  if (changed.includes('sessions')) caches.recentSessions.clear();
  for (const token of changed) {
    if (token.startsWith('moved:')) caches.movedPosts(token.slice('moved:'.length), caches.readCache.ttlMs);
  }
}

/**
 * Writes after which a cached guest page may show what is no longer true: a post added, edited,
 * deleted, locked or pinned; a comment edited, removed or locked; content purged by a site ban; an
 * author gone to the ghost. Votes and new comments are not here: their counts may lag by the cache's
 * lifetime (issue 15 allows it), and a busy thread would otherwise empty the cache with every comment.
 */
const PAGE_CHANGING_ROUTES = new Set([
  'POST /api/posts',
  // An image's alt text shows in the posts that hold it.
  'PUT /api/images/:imageId',
  'PUT /api/posts/:publicId',
  'DELETE /api/posts/:publicId',
  'POST /api/_admin',
  'DELETE /api/users/:username',
  'PUT /api/communities/:id',
  'PUT /api/posts/:anything/comments/:commentId',
  'DELETE /api/posts/:anything/comments/:commentId',
  // Posts carry their community's picture and banner.
  'POST /api/communities/:id/pro_pic',
  'DELETE /api/communities/:id/pro_pic',
  'POST /api/communities/:id/banner_image',
  'DELETE /api/communities/:id/banner_image',
  // A post page carries its community's rules and moderators; a moderator who leaves is no longer one.
  'POST /api/communities/:id/rules',
  'PUT /api/communities/:id/rules/:ruleId',
  'DELETE /api/communities/:id/rules/:ruleId',
  'POST /api/communities/:id/mods',
  'DELETE /api/communities/:id/mods/:username',
  'POST /api/_joinCommunity',
]);

/** Whether a write by this route (`METHOD /url` as registered) changes what shared pages show. */
export function changesPages(route: string): boolean {
  return PAGE_CHANGING_ROUTES.has(route);
}

/**
 * Writes that end sessions or change whether a member may still use one: a login or logout, a password
 * change, an account deleted, a site-wide ban (recent-sessions.ts). The operator CLI's such commands
 * send the same notice.
 */
const SESSION_CHANGING_ROUTES = new Set([
  'POST /api/_login',
  'POST /api/_settings',
  'DELETE /api/users/:username',
  'POST /api/_admin',
]);

/**
 * Empties the shared read cache after each successful page-changing write, and the recent sessions
 * after each session-changing one, before its answer leaves (so the writer's next read, even as a
 * guest, is fresh), here at once and in every other process through the database's notification,
 * which main.ts listens for.
 */
export function registerPageInvalidation(app: FastifyInstance, deps: Deps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const route = `${request.method} ${request.routeOptions.url}`;
    const changed: Changed[] = [];
    if (changesPages(route)) changed.push('pages');
    if (SESSION_CHANGING_ROUTES.has(route)) changed.push('sessions');
    if (changed.length === 0) return payload;
    const notice = changed.join(' ');
    if (changed.includes('pages')) await deps.readCache.invalidateAll();
    if (changed.includes('sessions')) deps.recentSessions.clear();
    // The write has committed: a failed notice must not turn its answer into an error. The other
    // processes' entries then end with their lifetime.
    await notifyPagesChanged(deps.db, PAGES_CHANGED_CHANNEL, notice).catch((err: unknown) =>
      request.log.warn({ err }, 'could not tell the other processes what changed'),
    );
    return payload;
  });
}
