import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AtomQuerySchema,
  CommunityNameParamsSchema,
  ListByNameParamsSchema,
  UsernameParamsSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { etagMatches } from '../http/shared-responses.js';
import { siteOrigin } from '../http/site-origin.js';
import {
  getAllAtom,
  getCommunityAtom,
  getListAtom,
  getUserAtom,
  type AtomDocument,
  type AtomSite,
} from './atom.service.js';

/**
 * How long any cache may keep a feed without asking again. Short, so that removed posts leave shared
 * caches soon; asking again is cheap (a 304 from the validators).
 */
const MAX_AGE_SECONDS = 60;

function notModified(request: FastifyRequest, doc: AtomDocument): boolean {
  const match = request.headers['if-none-match'];
  // If-None-Match decides when present; If-Modified-Since only without it (RFC 9110 §13.1.3), and
  // only when the feed has a Last-Modified to compare with.
  if (match !== undefined) return etagMatches(match, doc.etag);
  const since = request.headers['if-modified-since'];
  const at = since ? Date.parse(since) : NaN;
  return doc.lastModified !== null && !Number.isNaN(at) && doc.lastModified.getTime() <= at;
}

/**
 * Sends a feed with its validators: public and cacheable (a feed answers every reader the same), 304
 * with no body when the reader's copy is current. Last-Modified only when the feed knows it (whole
 * seconds, atom.service.ts `changedSince`); the ETag always.
 */
function sendAtom(request: FastifyRequest, reply: FastifyReply, doc: AtomDocument): FastifyReply {
  reply
    .header('Content-Type', 'application/atom+xml; charset=utf-8')
    .header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`)
    .header('ETag', doc.etag);
  if (doc.lastModified) reply.header('Last-Modified', doc.lastModified.toUTCString());
  if (notModified(request, doc)) return reply.code(304).send();
  return reply.send(doc.xml);
}

/**
 * Atom feeds for readers (issue 16; README, API notes). Registered in a scope without the session
 * hook: a feed is a guest's view whatever cookies come with the request, and it sets none.
 */
export function atomRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  const siteOf = (request: FastifyRequest): AtomSite => ({
    origin: siteOrigin(deps.config, request),
  });

  app.get('/feeds/all', { schema: { querystring: AtomQuerySchema } }, async (request, reply) =>
    sendAtom(request, reply, await getAllAtom(deps, siteOf(request), request.query)),
  );

  app.get(
    '/feeds/communities/:name',
    { schema: { params: CommunityNameParamsSchema, querystring: AtomQuerySchema } },
    async (request, reply) =>
      sendAtom(
        request,
        reply,
        await getCommunityAtom(deps, siteOf(request), request.params.name, request.query),
      ),
  );

  app.get(
    '/feeds/users/:username',
    { schema: { params: UsernameParamsSchema, querystring: AtomQuerySchema } },
    async (request, reply) =>
      sendAtom(
        request,
        reply,
        await getUserAtom(deps, siteOf(request), request.params.username, request.query),
      ),
  );

  app.get(
    '/feeds/users/:username/lists/:listName',
    { schema: { params: ListByNameParamsSchema, querystring: AtomQuerySchema } },
    async (request, reply) =>
      sendAtom(
        request,
        reply,
        await getListAtom(
          deps,
          siteOf(request),
          request.params.username,
          request.params.listName,
          request.query,
        ),
      ),
  );
}
