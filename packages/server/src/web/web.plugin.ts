import crypto from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFeedSort } from '@commons/shared';
import type { Deps } from '../deps.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { attachViewer } from '../http/session-hooks.js';
import { siteOrigin } from '../http/site-origin.js';
import { canonicalPath, firstScreenAnswers, firstScreenOf, type EmbeddedAnswer } from './first-screen.js';
import type { IndexHtml } from './index-html.js';
import { loadManifest } from './manifest.js';
import { pageMeta } from './page-meta.js';
import { RoutePreloads } from './route-preloads.js';
import { FirstScreenRenderer, type FirstScreenPage, type RenderedScreen } from './server-render.js';

/** Cache rules of API.md §17.1: hashed bundles forever, the service worker and manifest always fresh. */
function cacheControlFor(filePath: string): string {
  // A precompressed sibling (.br, .gz) has its original's rule.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (name === 'service-worker.js') return 'private, max-age=0';
  if (name === 'manifest.json') return 'no-cache';
  return 'public, max-age=3600, immutable';
}

/** The page carries its first screen's data (its feed, post or community), not the bootstrap alone. */
function carriesFirstScreen(answers: EmbeddedAnswer[]): boolean {
  return answers.some((answer) => answer.url !== '/api/_initial');
}

/**
 * A guest's page is rendered when it is one that guests share: the page's own address (as the site
 * writes it: canonicalPath) with no query, or with the feed's sort alone, a sort that exists. Any other
 * address of it (a page number, a made-up sort or query, another case of a name, a comment's id) would
 * make each address a render of its own, which anybody could ask for in a loop; those pages go out
 * with their data as before, rendered by the client.
 */
function sharedByGuests(url: URL, pathname: string, canonical: string | null): boolean {
  const keys = [...url.searchParams.keys()];
  if (keys.length > 1 || (keys.length === 1 && !isFeedSort(url.searchParams.get('sort')))) return false;
  return canonical === pathname;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request's URL as sent: resolved against a base, `//a/b` would read `a` as a host and lose it.
 * An absolute target is read as it is, and anything else (`*`) as a path under the site's root.
 */
function pageUrl(target: string): URL {
  if (target.startsWith('/')) return new URL(`http://localhost${target}`);
  try {
    return new URL(target);
  } catch {
    return new URL(target, 'http://localhost');
  }
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
  // Loaded beside the start (about 0.4 s of CPU on a slow machine), not before it: a page asked for
  // sooner waits for it. A build whose server entry will not load serves its pages without markup.
  const rendererLoading = FirstScreenRenderer.load(deps.config.webDistDir, app.log).catch(
    (error: unknown) => {
      app.log.error({ err: error }, 'the first screen renderer did not load; pages go out without markup');
      return null;
    },
  );
  const manifest = loadManifest(deps.config.webDistDir, deps.config.siteName, deps.config.siteDescription);
  if (manifest !== null) {
    app.get('/manifest.json', (_request, reply) => {
      reply
        .header('Cache-Control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(manifest);
    });
  }

  /**
   * A guest's first screen is made of the answers every guest gets (the read cache's texts), so its
   * markup is kept in the read cache too, under a key made of those answers: the same for the same
   * page until one of them changes. A member's answers are their own: rendered for them alone.
   */
  async function renderFirstScreen(
    renderer: FirstScreenRenderer,
    request: FastifyRequest,
    page: FirstScreenPage,
  ): Promise<RenderedScreen | null> {
    if (request.viewer.user) return renderer.render(page);
    return deps.readCache.getValue(FirstScreenRenderer.cacheKey(page), () =>
      Promise.resolve(renderer.render(page)),
    );
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const url = pageUrl(request.url);
    if (url.pathname !== '/' && url.pathname.endsWith('/')) {
      // One leading slash, never two: `//evil.example/` is another site to a browser.
      const path = `/${url.pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
      return reply.redirect(path + url.search, 301);
    }
    await attachViewer(deps, request, reply);
    const origin = siteOrigin(deps.config, request);
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
    const siteConfig = {
      siteName: deps.config.siteName,
      links: deps.config.links,
      imagePostsDisabled: deps.config.imagePostsDisabled,
      externalSearch: deps.config.search === 'external',
      maxImagesPerPost: deps.config.maxImagesPerPost,
      maxImageSize: deps.config.maxImageSize,
    };
    const screen = firstScreenOf(pathname);
    const renderer = await rendererLoading;
    const mobile = renderer?.mobile(request.headers['user-agent'], header(request, 'sec-ch-ua-mobile'));
    const rendered =
      renderer &&
      screen.kind !== 'other' &&
      carriesFirstScreen(answers) &&
      (request.viewer.user || sharedByGuests(url, pathname, canonicalPath(screen, answers)))
        ? await renderFirstScreen(renderer, request, {
            location: url.pathname + url.search,
            answers,
            siteConfig,
            mobile: mobile!,
          })
        : null;
    const html = shell.render(meta, {
      siteName: deps.config.siteName,
      siteDescription: deps.config.siteDescription,
      url: new URL(url.pathname + url.search, origin),
      siteConfig: { ...siteConfig, styleNonce },
      preloads: preloads.linksFor(screen, rendered !== null),
      markup: rendered?.markup ?? null,
      layout: rendered ? (mobile ? 'mobile' : 'desktop') : undefined,
      answers: answers.map((answer) =>
        answer.url === '/api/_initial' && typeof token === 'string'
          ? { ...answer, csrfToken: token }
          : answer,
      ),
    });
    reply.header(
      'Content-Security-Policy',
      contentSecurityPolicy(shell.inlineScriptHashes, styleNonce, rendered?.styleHashes),
    );
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
