import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { notifyPagesChanged } from './pages.repository.js';

/** The database notification channel on which a process says that shared pages changed. */
export const PAGES_CHANGED_CHANNEL = 'commons_pages_changed';

/**
 * Writes after which a cached guest page may show what is no longer true: a post added, edited,
 * deleted, locked or pinned; a comment edited, removed or locked; content purged by a site ban; an
 * author gone to the ghost. Votes and new comments are not here: their counts may lag by the cache's
 * lifetime (issue 15 allows it), and a busy thread would otherwise empty the cache with every comment.
 */
const PAGE_CHANGING_ROUTES = new Set([
  'POST /api/posts',
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

/**
 * Empties the shared read cache after each successful page-changing write, before its answer leaves
 * (so the writer's next read, even as a guest, is fresh), here at once and in every other process
 * through the database's notification, which main.ts listens for.
 */
export function registerPageInvalidation(app: FastifyInstance, deps: Deps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && PAGE_CHANGING_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) {
      deps.readCache.invalidate();
      // The write has committed: a failed notice must not turn its answer into an error. The other
      // processes' entries then end with their lifetime.
      await notifyPagesChanged(deps.db, PAGES_CHANGED_CHANNEL).catch((err: unknown) =>
        request.log.warn({ err }, 'could not tell the other processes that pages changed'),
      );
    }
    return payload;
  });
}
