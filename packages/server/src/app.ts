import crypto from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { messages } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';
import { adminRoutes } from './admin/admin.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { atomRoutes } from './atom/atom.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { commentsRoutes } from './comments/comments.routes.js';
import { communitiesRoutes } from './communities/communities.routes.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import type { Config } from './config.js';
import { ping } from './db/engine.js';
import type { DB } from './db/schema.js';
import type { Deps } from './deps.js';
import { createReadCache, type ReadCache } from './cache/read-cache.js';
import { registerPageInvalidation } from './cache/pages-changed.js';
import { siteNamespace } from './cache/shared-tier.js';
import { registerOwnWrites } from './feeds/own-writes.js';
import { isHttps } from './http/cookies.js';
import { errorHandler, isApiRequest, sendApiError, setApiHeaders } from './http/error-handler.js';
import { acceptJsonWhateverTheType, checkRouteSchemas } from './http/json-body.js';
import { errors } from './lib/errors.js';
import { trackHandlers } from './http/in-flight.js';
import { responseSerializer } from './http/response-serializer.js';
import './http/request-types.js';
import { contentSecurityPolicy, registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionHooks } from './http/session-hooks.js';
import { registerImageServer } from './images/image-server.js';
import { imagesRoutes } from './images/images.routes.js';
import { IpBlockList } from './ipblocks/ip-block-list.js';
import { fetchTorExitList, TorExits, type TorListSource } from './ipblocks/tor-exits.js';
import { ipBlocksRoutes } from './ipblocks/ip-blocks.routes.js';
import { communityRequestsRoutes } from './community-requests/community-requests.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { systemClock, type Clock } from './lib/time.js';
import { linksRoutes } from './links/links.routes.js';
import { listsRoutes } from './lists/lists.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import type { PushSender } from './notifications/push-sender.js';
import { postsRoutes } from './posts/posts.routes.js';
import { pushRoutes } from './push/push.routes.js';
import { createPushSender } from './push/push.service.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { moderationRoutes } from './moderation/moderation.routes.js';
import { modLogRoutes } from './moderation/modlog.routes.js';
import { createRateLimiter } from './rate-limits/rate-limiter.js';
import { createGuestSessionIds } from './sessions/sessions.service.js';
import { createRecentSessions, type RecentSessions } from './sessions/recent-sessions.js';
import type { Secrets } from './site/secrets.js';
import { siteRoutes } from './site/site.routes.js';
import { mutedWordsRoutes } from './users/muted-words.routes.js';
import { mutesRoutes } from './users/mutes.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { IndexHtml } from './web/index-html.js';
import { registerWebApp } from './web/web.plugin.js';

export interface AppOptions {
  config: Config;
  db: Kysely<DB>;
  secrets: Secrets;
  redis?: Redis | null;
  clock?: Clock;
  /** Shared with the process's listener for other processes' changes (main.ts); one is made if absent. */
  readCache?: ReadCache;
  /** Shared with the same listener, which empties it when another process ends sessions. */
  recentSessions?: RecentSessions;
  /** Replaces the Web Push sender: tests that record what would be sent. */
  push?: PushSender;
  /** The process's IP blocks, which main.ts keeps in step with other processes; one is made if absent. */
  ipBlocks?: IpBlockList;
  /** Replaces the Tor Project's exit list (tests) for the list made here when `ipBlocks` is absent. */
  torExitList?: TorListSource;
  /** Serve the built web client from `config.webDistDir`. API tests leave it out. */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Check every response against its declared schema (tests): a mismatch becomes a 500. */
  checkResponses?: boolean;
}

const BLOCKED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Blocked</title></head><body><p>${messages.admin.blocked}</p></body></html>`;

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Logs never hold cookies, tokens or passwords (DOMAIN §15 rule 8); bodies are never logged. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'res.headers["csrf-token"]',
      ],
      censor: '[redacted]',
    },
  };
}

/** Builds the HTTP app, ready for `listen()` or `inject()`. Starting and stopping belong to main.ts. */
/** Whether a URL is a search's (the API's or its page) with a NUL in its query only. */
function isSearchQuery(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // '/search/' is redirected to '/search' with its query, so its words get there too.
  return q !== -1 && (path === '/api/search' || path === '/search' || path === '/search/');
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const shell = options.serveWeb ? IndexHtml.load(config.webDistDir) : null;

  // Request ids only tie a request's log lines together: a counter after a random prefix per app. A
  // random id per request asked the system for randomness each time, a few percent of a cached page.
  const requestIdPrefix = crypto.randomBytes(3).toString('base64url');
  let requests = 0;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    genReqId: () => `${requestIdPrefix}.${(++requests).toString(36)}`,
    // Wrong types are refused, never coerced: "5" is not a number and 5 is not a string.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    // Errors the router raises before any route runs (a malformed or over-long path segment) get the
    // contract's error body too.
    frameworkErrors: (error, request, reply) => errorHandler(error, request, reply),
  });
  await options.secrets.loadVapidKeys(options.db);
  const base = {
    db: options.db,
    config,
    secrets: options.secrets,
    clock: options.clock ?? systemClock,
  };
  const deps: Deps = {
    ...base,
    limiter: createRateLimiter({
      enabled: config.rateLimits,
      redis: options.redis ?? null,
      // Read once: a restore's new secret would only start every count afresh.
      namespace: options.redis ? siteNamespace(options.secrets, 'rate-limit')() : '',
    }),
    // The app's clock, not the wall's: tests that hold their clock still get entries that expire only
    // when they say so, whatever the machine's speed.
    readCache:
      options.readCache ?? createReadCache(config.readCacheSeconds * 1000, () => base.clock().getTime()),
    push: options.push ?? createPushSender(base, { log: app.log.child({ area: 'push' }) }),
    guestSessionIds: createGuestSessionIds(),
    recentSessions: options.recentSessions ?? createRecentSessions(config.readCacheSeconds * 1000),
    ipBlocks: options.ipBlocks ?? new IpBlockList(new TorExits(options.torExitList ?? fetchTorExitList)),
  };
  deps.ipBlocks.tor.setWarn((err, message) => app.log.warn({ err }, message));
  app.addHook('onClose', async () => {
    if (!options.ipBlocks) deps.ipBlocks.tor.stop();
  });
  await deps.ipBlocks.refresh(options.db);
  app.setErrorHandler(errorHandler);
  app.setSerializerCompiler(responseSerializer(options.checkResponses ?? false));
  const inFlight = trackHandlers(app);
  app.decorate('handlersSettled', () => inFlight.settled());

  // Before anything else, for every request (API, pages, images): a blocked address gets the small
  // page of DOMAIN §7.9. `request.ip` follows the TRUST_PROXY rules, so a forwarding header from an
  // untrusted peer neither blocks nor unblocks anyone. No query: the blocks are in memory.
  app.addHook('onRequest', async (request, reply) => {
    if (deps.ipBlocks.blocks(request.ip, deps.clock().getTime())) {
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(BLOCKED_PAGE);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    // No text column can hold a NUL, and the database refuses it with an error: refuse it here, for
    // every path and query at once (bodies: json-body.ts). But a search's words: search never fails on
    // what is typed, and drops NULs itself (search.service.ts).
    if (/%00/i.test(request.url) && !isSearchQuery(request.url)) throw errors.nulInRequest();
    const host = request.headers.host;
    if (host?.startsWith('www.')) {
      return reply.redirect(`${request.protocol}://${host.slice(4)}${request.url}`, 301);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(not found)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.viewer?.user?.id ?? null,
        ip: request.ip,
      },
      'request',
    );
  });
  registerSecurityHeaders(app, {
    csp: contentSecurityPolicy(shell?.inlineScriptHashes ?? []),
    isHttps: (request) => isHttps(deps, request),
  });
  await app.register(fastifyCookie);
  // Every JSON answer is whole in memory before it is sent, so it is compressed at once up to 1 MB,
  // not through a stream, which @fastify/compress picks above 8 KB on two cores: on a small machine
  // the stream took more CPU of the event loop than the compression itself (docs/performance.md,
  // "Fewer statements and compression at once"), and several processes, not zlib's threads, are how
  // a bigger one spreads the work (decisions §50).
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 1024 * 1024,
  });

  await app.register(
    async (api) => {
      acceptJsonWhateverTheType(api);
      checkRouteSchemas(api);
      api.addHook('onRequest', async (request, reply) => {
        setApiHeaders(reply);
        // No trailing-slash tolerance (API.md §2.1): `/api/communities/` names no community called ''.
        const path = request.url.split('?', 1)[0]!;
        if (path.endsWith('/')) {
          sendApiError(reply, { status: 404, message: apiMessages.endpointNotFound });
          return reply;
        }
      });

      // Known path, wrong method: 400 (API.md §2.1). Collect every route's methods as they are added.
      const methodsByPath = new Map<string, Set<string>>();
      api.addHook('onRoute', (route) => {
        const path = route.url.slice('/api'.length);
        const methods = methodsByPath.get(path) ?? new Set<string>();
        for (const method of [route.method].flat()) methods.add(method);
        methodsByPath.set(path, methods);
      });

      await api.register(async (scope) => {
        registerSessionHooks(scope, deps);
        registerPageInvalidation(scope, deps);
        registerOwnWrites(scope, deps);
        siteRoutes(scope, deps);
        authRoutes(scope, deps);
        captchaRoutes(scope, deps);
        usersRoutes(scope, deps);
        mutesRoutes(scope, deps);
        listsRoutes(scope, deps);
        mutedWordsRoutes(scope, deps);
        imagesRoutes(scope, deps);
        linksRoutes(scope, deps);
        communitiesRoutes(scope, deps);
        postsRoutes(scope, deps);
        commentsRoutes(scope, deps);
        reportsRoutes(scope, deps);
        moderationRoutes(scope, deps);
        modLogRoutes(scope, deps);
        notificationsRoutes(scope, deps);
        adminRoutes(scope, deps);
        pushRoutes(scope, deps);
        analyticsRoutes(scope, deps);
        ipBlocksRoutes(scope, deps);
        communityRequestsRoutes(scope, deps);
        searchRoutes(scope, deps);
      });

      // Atom feeds: a guest's view whatever cookies come, so no session hook (atom/atom.routes.ts).
      await api.register(async (scope) => atomRoutes(scope, deps));

      // A sibling scope without the session hook: these answers set no cookies.
      await api.register(async (scope) => {
        for (const [path, methods] of [...methodsByPath]) {
          const missing = ALL_METHODS.filter((m) => !methods.has(m) && !(m === 'HEAD' && methods.has('GET')));
          if (missing.length === 0) continue;
          scope.route({
            method: missing,
            url: path,
            handler: async (_request, reply) =>
              sendApiError(reply, { status: 400, message: apiMessages.methodNotAllowed }),
          });
        }
      });
    },
    { prefix: '/api' },
  );

  // For load balancers: the process is up and its database answers.
  app.get('/healthz', async (_request, reply) => {
    try {
      await ping(deps.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerImageServer(app, deps);
  const web = shell ? await registerWebApp(app, deps, shell) : null;

  // Every page that is not a file is a client route: the app shell. A missing bundle is a 404, not the
  // shell: a page of the last release asking for its old chunks must see the failure (and reload)
  // instead of getting HTML where it expects JavaScript.
  const pageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiRequest(request)) {
      return sendApiError(reply, { status: 404, message: apiMessages.endpointNotFound });
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/assets/');
    if (web && isPage) return web.servePage(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  };
  app.setNotFoundHandler(pageOrNotFound);
  // Pages also come from a real route, so that they are compressed like every other response.
  if (web) app.get('/*', pageOrNotFound);

  return app;
}
