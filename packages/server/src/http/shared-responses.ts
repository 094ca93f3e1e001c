import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedText, ReadCache } from '../cache/read-cache.js';
import { lacksCsrfCookie } from './cookies.js';

/** Below this, compressing saves less than it costs (@fastify/compress's threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding of a shared answer for this request: Brotli, else gzip, as `accept-encoding` allows
 * (a q of 0 refuses one; `*` accepts both); null for none.
 */
export function sharedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** The strong part of an entity tag: If-None-Match compares weakly (RFC 9110 §13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether an `If-None-Match` names this entity tag: any of its list, compared weakly (a proxy may have
 * added or dropped the `W/`), or `*`, which any current representation matches (RFC 9110 §13.1.2).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

function compressedText(page: CachedText, encoding: 'br' | 'gzip'): Buffer {
  page.compressed ??= {};
  let body = page.compressed[encoding];
  if (!body) {
    // The quality @fastify/compress uses for every other answer.
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(page.text, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            },
          })
        : zlib.gzipSync(page.text);
    page.compressed[encoding] = body;
  }
  return body;
}

/**
 * Sends a response that is the same for every guest: a CDN may keep it as long as the server's own
 * cache still does (`s-maxage`, the entry's time left, so that no copy outlives a lifetime), browsers
 * revalidate it each time (`max-age=0`, ETag, 304), and `Vary: Cookie` keeps a shared cache from
 * answering a member (whose requests carry the session cookie) with it. Members' responses stay `private, no-store` (http/error-handler.ts). The compressed body
 * is kept with the cache entry: compressing each guest's copy again was the largest cost of a hit.
 *
 * A guest's first request starts a session, whose cookies (its id, its CSRF token) go with this
 * answer: every guest without a cookie sends the same `Cookie` (none), so a shared cache keeping that
 * answer would give one guest's session to the next. That answer is `private`; the next is shared.
 * So is one that sends the CSRF cookie again to a guest who kept only the session's.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedText,
  cache: Pick<ReadCache, 'secondsLeft'>,
): FastifyReply {
  // A first request's session cookies, or the CSRF cookie sent again to a guest whose browser lost it.
  const csrfToken = reply.getHeader('Csrf-Token');
  const setsCookies =
    request.viewer?.isNewSession === true ||
    (typeof csrfToken === 'string' && lacksCsrfCookie(request, csrfToken));
  const compressible = page.text.length >= COMPRESS_FROM_BYTES;
  reply
    .header(
      'Cache-Control',
      setsCookies ? 'private, max-age=0' : `public, max-age=0, s-maxage=${cache.secondsLeft(page)}`,
    )
    // The same Vary on a 304 as on its 200 (RFC 9110 §15.4.5): a cache refreshes the stored headers.
    .header('Vary', compressible ? 'Cookie, Accept-Encoding' : 'Cookie')
    .header('ETag', page.etag);
  if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  if (!compressible) return reply.send(page.text);
  const encoding = sharedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.text);
  // A Content-Encoding already set tells @fastify/compress to leave the body as it is.
  return reply.header('Content-Encoding', encoding).send(compressedText(page, encoding));
}
