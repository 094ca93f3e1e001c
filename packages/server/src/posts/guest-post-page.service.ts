import type { CommentListQueryParams } from '@commons/shared/schemas';
import type { CachedText } from '../cache/read-cache.js';
import { listComments } from '../comments/comments.service.js';
import type { Deps } from '../deps.js';
import { getPost } from './posts.service.js';

/**
 * A post page as every guest sees it (the post, its community and first comment batch), from the
 * shared read cache when another guest asked for it in the last few seconds. `serialize` is the
 * route's response serializer, so the text is made once per entry. A post that does not exist throws
 * as `getPost` does, and nothing is kept.
 */
export function getGuestPost(
  deps: Deps,
  publicId: string,
  fetchCommunity: boolean,
  serialize: (post: unknown) => string,
): Promise<CachedText> {
  return deps.readCache.get(`post:${publicId}:${fetchCommunity ? 1 : 0}`, async () =>
    serialize(await getPost(deps, null, publicId, fetchCommunity)),
  );
}

/** The post page's further comment batches and reply threads, as every guest sees them. */
export function getGuestComments(
  deps: Deps,
  publicId: string,
  query: CommentListQueryParams,
  serialize: (page: unknown) => string,
): Promise<CachedText> {
  const key = `comments:${publicId}:${query.next ?? ''}:${query.parentId ?? '-'}`;
  return deps.readCache.get(key, async () => serialize(await listComments(deps, null, publicId, query)));
}
