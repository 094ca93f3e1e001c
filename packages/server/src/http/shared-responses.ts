import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedText } from '../cache/read-cache.js';

/**
 * Sends a response that is the same for every guest: a CDN may keep it as long as the server's own
 * cache does (`s-maxage`), browsers revalidate it each time (`max-age=0`, ETag, 304), and `Vary:
 * Cookie` keeps a shared cache from answering a member (whose requests carry the session cookie)
 * with it. Members' responses stay `private, no-store` (http/error-handler.ts).
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedText,
  ttlMs: number,
): FastifyReply {
  reply
    .header('Cache-Control', `public, max-age=0, s-maxage=${Math.floor(ttlMs / 1000)}`)
    .header('Vary', 'Cookie')
    .header('ETag', page.etag);
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === page.etag)) return reply.code(304).send();
  return reply.send(page.text);
}
