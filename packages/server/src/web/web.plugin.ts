import crypto from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { attachViewer } from '../http/session-hooks.js';
import { firstScreenAnswers, firstScreenOf } from './first-screen.js';
import type { IndexHtml } from './index-html.js';
import { loadManifest } from './manifest.js';
import { pageMeta } from './page-meta.js';
import { RoutePreloads } from './route-preloads.js';

/** Cache rules of API.md §17.1: hashed bundles forever, the service worker and manifest always fresh. */
function cacheControlFor(filePath: string): string {
  // A precompressed sibling (.br, .gz) has its original's rule.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (name === 'service-worker.js') return 'private, max-age=0';
  if (name === 'manifest.json') return 'no-cache';
  return 'public, max-age=3600, immutable';
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export interface WebApp {
  /** Sends the app shell for a client route (the router renders the page, or its Not Found). */
  servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Serves the built React app: its files (precompressed siblings when accepted), and index.html with
 * per-page meta tags and the session cookies for every client route, so deep links work.
 */
export async function registerWebApp(app: FastifyInstance, deps: Deps, shell: IndexHtml): Promise<WebApp> {
  await app.register(fastifyStatic, {
    root: deps.config.webDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathname) => !pathname.startsWith('/index.html'),
    // The manifest gets the site's name: served by its own route below.
    globIgnore: ['manifest.json', 'manifest.json.*'],
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      // The body depends on Accept-Encoding (a precompressed sibling may be sent); @fastify/static 9.3
      // does not say so, and a shared cache could hand a brotli body to a client that cannot read it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  const preloads = RoutePreloads.load(deps.config.webDistDir);
  const manifest = loadManifest(deps.config.webDistDir, deps.config.siteName, deps.config.siteDescription);
  if (manifest !== null) {
    app.get('/manifest.json', (_request, reply) => {
      reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(manifest);
    });
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname !== '/' && url.pathname.endsWith('/')) {
      return reply.redirect(url.pathname.replace(/\/+$/, '') + url.search, 301);
    }
    await attachViewer(deps, request, reply);
    const origin = deps.config.publicUrl?.origin ?? `${request.protocol}://${request.host}`;
    const styleNonce = crypto.randomBytes(16).toString('base64');
    const pathname = safeDecode(url.pathname);
    // The service worker's copy of the shell (its install asks with this header) carries no data: it
    // would be shown offline, later, perhaps to whoever uses the device next.
    const withData = request.method === 'GET' && request.headers['x-commons-shell'] === undefined;
    const [meta, answers] = await Promise.all([
      pageMeta(deps, pathname, url.searchParams),
      withData ? firstScreenAnswers(deps, request, reply, pathname, url.searchParams) : [],
    ]);
    const token = reply.getHeader('Csrf-Token');
    const html = shell.render(meta, {
      siteName: deps.config.siteName,
      siteDescription: deps.config.siteDescription,
      url: new URL(url.pathname + url.search, origin),
      siteConfig: {
        siteName: deps.config.siteName,
        links: deps.config.links,
        styleNonce,
        imagePostsDisabled: deps.config.imagePostsDisabled,
        externalSearch: deps.config.search === 'external',
        maxImagesPerPost: deps.config.maxImagesPerPost,
        maxImageSize: deps.config.maxImageSize,
      },
      preloads: preloads.linksFor(firstScreenOf(pathname)),
      answers: answers.map((answer) =>
        answer.url === '/api/_initial' && typeof token === 'string'
          ? { ...answer, csrfToken: token }
          : answer,
      ),
    });
    reply.header('Content-Security-Policy', contentSecurityPolicy(shell.inlineScriptHashes, styleNonce));
    // Never kept by a shared cache: every response has its own CSP nonce and session cookies, and a
    // member's carries their own state (first-screen.ts).
    reply.header('Cache-Control', 'private, no-store');
    // The worker keeps only the data-free shell it fetched at install.
    if (url.pathname !== '/' || answers.length > 0) reply.header('X-Service-Worker-Cache', 'no-store');
    // Returned, so that Fastify waits for it: a page large enough to be compressed as a stream was
    // otherwise ended empty when the handler's promise settled first.
    return reply.type('text/html; charset=utf-8').send(html);
  }

  app.get('/', servePage);
  return { servePage };
}
