import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { EmbeddedUnavailableError } from './db/embedded/binaries.js';
import { EmbeddedInUseError, EmbeddedStartError } from './db/embedded/embedded-postgres.js';
import type { Database } from './db/engine.js';
import { migrate } from './db/migrate.js';
import { listen } from './db/notifications.js';
import { createReadCache } from './cache/read-cache.js';
import { redisTier, siteNamespace, tierWarning } from './cache/shared-tier.js';
import { applyChangeNotice, PAGES_CHANGED_CHANNEL } from './cache/pages-changed.js';
import { noteMovedPosts } from './feeds/own-writes.js';
import { openConfiguredDatabase } from './db/open.js';
import { siteJobs } from './jobs/jobs.js';
import { IpBlockList, syncIpBlocks } from './ipblocks/ip-block-list.js';
import { fetchTorExitList, TorExits } from './ipblocks/tor-exits.js';
import { dataDirFailure, dataDirOwner, databaseFailure, listenFailure } from './lib/start-errors.js';
import { giveImageFilesTo } from './images/image-store.js';
import { systemClock } from './lib/time.js';
import { startDeliveryRunner } from './notifications/delivery-runner.js';
import { createPushSender } from './push/push.service.js';
import { startJobs } from './jobs/scheduler.js';
import { RESTORED_CHANNEL } from './operations/backup.js';
import { Secrets } from './site/secrets.js';
import { createRecentSessions } from './sessions/recent-sessions.js';
import { seedSite } from './site/seed.js';

/** However a step hangs, the process is gone this long after the first SIGTERM, SIGINT or SIGHUP. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The signals that stop the site cleanly: a service manager's, Ctrl+C, and a closed terminal (an SSH
 * session that drops sends SIGHUP, whose default would leave the embedded database running).
 */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** Far above a healthy Redis's answer (well under a millisecond on the same network). */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/** A start that cannot go on for a reason the operator can fix, said in one line. */
class StartFailure extends Error {}

function fail(message: string): never {
  console.error(`commons: ${message}`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function displayUrl(config: Config, port: number): string {
  if (config.publicUrl) return config.publicUrl.toString();
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function openDatabase(config: Config): Promise<Database> {
  try {
    return await openConfiguredDatabase(config, 'server');
  } catch (error) {
    if (
      error instanceof EmbeddedInUseError ||
      error instanceof EmbeddedStartError ||
      error instanceof EmbeddedUnavailableError
    ) {
      fail(error.message);
    }
    throw error;
  }
}

/** Start-up: settings, database, migrations, then listen. Everything else is in buildApp. */
async function main(): Promise<void> {
  const config = readConfig();
  if (config.serveWeb && !fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    fail(
      `the web client is not built (no ${config.webDistDir}/index.html): run npm run build, or npm start.`,
    );
  }

  const unusable = dataDirFailure(config.dataDir, !config.databaseUrl);
  if (unusable) fail(unusable);
  giveImageFilesTo(dataDirOwner(config.dataDir));
  const database = await openDatabase(config);
  for (const note of database.embedded?.notes ?? []) console.log(note);
  // Until the server listens, a signal just stops the database and leaves.
  const early = () => {
    database.embedded?.signalStop();
    process.exit(1);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, early);
  try {
    await serve(config, database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, early);
  }
}

/** Migrations, the app, listening, jobs; and the bounded shutdown. */
async function serve(config: Config, database: Database): Promise<void> {
  // The first statements open the first connection: a server that refuses is said here.
  try {
    await migrate(database.db);
  } catch (error) {
    const why = databaseFailure(error, config);
    if (why) throw new StartFailure(why);
    throw error;
  }
  await seedSite(database.db);
  const secrets = new Secrets();
  await secrets.load(database.db, config);
  // Loaded only for a site that uses it: about 0.13 s of CPU at every start otherwise.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        // A Redis that stops answering (paused, partitioned) fails its commands after this, and the
        // callers go on without it (their own counters, their own pages); without it they waited.
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : null;

  // Without a listener ioredis prints every failed reconnection's stack: the log says once that Redis
  // went away, and once that it is back.
  let redisLog: { warn: (obj: object, msg: string) => void; info: (msg: string) => void } | null = null;
  let redisDown = false;
  redis?.on('error', (err: Error) => {
    if (redisDown) return;
    redisDown = true;
    const text = `Redis (REDIS_URL) is unreachable (${err.message}): this process goes on with its own rate-limit counters and cached pages until it is back`;
    if (redisLog) redisLog.warn({ err }, text);
    else console.error(`commons: ${text}`);
  });
  redis?.on('ready', () => {
    if (!redisDown) return;
    redisDown = false;
    redisLog?.info('Redis (REDIS_URL) is reachable again');
  });

  let warnTier = (error: unknown) => console.error('read cache: Redis failed', error);
  // With Redis, the processes share what they computed (cache/shared-tier.ts).
  const readCache = createReadCache(
    config.readCacheSeconds * 1000,
    Date.now,
    redis ? redisTier(redis, siteNamespace(secrets)) : null,
    (error) => warnTier(error),
  );
  const recentSessions = createRecentSessions(config.readCacheSeconds * 1000);
  const ipBlocks = new IpBlockList(new TorExits(fetchTorExitList));
  const app = await buildApp({
    ipBlocks,
    config,
    db: database.db,
    secrets,
    redis,
    readCache,
    recentSessions,
    serveWeb: config.serveWeb,
  });
  // The delivery runner sends the pushes; the keys were loaded as the app was built.
  const push = createPushSender(
    { db: database.db, config, secrets, clock: systemClock },
    { log: app.log.child({ area: 'push' }) },
  );
  warnTier = tierWarning(app.log);
  redisLog = app.log;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const why = listenFailure(error, config);
    if (why) throw new StartFailure(why);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // A restore (by the CLI, or another process) replaces the secret: every process reloads its keys.
  const restored = listen(
    database.connection,
    RESTORED_CHANNEL,
    () => {
      // Every process moves the shared tier on too: its entries were made from the data replaced.
      void readCache.invalidateAll();
      recentSessions.clear();
      void secrets
        .load(database.db, config)
        .then(() => secrets.loadVapidKeys(database.db))
        .catch((err: unknown) => app.log.error({ err }, 'reload after restore failed'));
    },
    app.log,
  );
  // Another process wrote something that cached guest pages show, or ended members' sessions.
  const pagesChanged = listen(
    database.connection,
    PAGES_CHANGED_CHANNEL,
    (payload) => applyChangeNotice(payload, { readCache, recentSessions, movedPosts: noteMovedPosts }),
    app.log,
  );
  // IP blocks made or cancelled by any process apply in this one too.
  const ipBlocksSync = syncIpBlocks(ipBlocks, database.db, database.connection, app.log);
  const scheduler = startJobs(database.db, siteJobs(config), app.log);
  // Notifications recorded by any process are delivered by every process's runner, each event once.
  const delivery = startDeliveryRunner(
    { db: database.db, push, clock: systemClock },
    database.connection,
    app.log,
  );
  database.embedded?.onUnexpectedExit((code, signal) => {
    app.log.fatal({ code, signal }, 'the embedded database stopped unexpectedly; exiting');
    process.exit(1);
  });

  console.log(`${config.siteName} is running at ${displayUrl(config, port)}`);
  console.log(
    database.engine === 'embedded'
      ? `Data: ${config.dataDir} (embedded PostgreSQL, socket in ${database.embedded!.layout.socketDir})`
      : 'Data: PostgreSQL (DATABASE_URL)',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second signal: leave now. The database still gets its fast-shutdown request.
      app.log.warn({ signal }, 'second signal: exiting at once');
      database.embedded?.signalStop();
      process.exit(1);
    }
    closing = true;
    let step = 'starting';
    const deadline = setTimeout(() => {
      app.log.error(
        `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s (stuck: ${step}); exiting`,
      );
      database.embedded?.signalStop();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const run = async (name: string, work: () => Promise<unknown>) => {
      step = name;
      try {
        await work();
      } catch (err) {
        app.log.error({ err }, `shutdown: ${name} failed`);
      }
    };
    app.log.info({ signal }, 'shutting down');
    await run('closing the HTTP server', () => app.close()); // stops accepting; requests in flight finish
    await run('waiting for requests whose clients hung up', () => app.handlersSettled());
    await run('stopping the background jobs', () => scheduler.stop());
    await run('stopping notification delivery', () => delivery.stop());
    await run('closing the restore listener', () => restored.close());
    await run('closing the page-change listener', () => pagesChanged.close());
    await run('closing the IP-block listener', () => ipBlocksSync.close());
    redis?.disconnect();
    await run(
      database.embedded?.owned
        ? 'closing the database and stopping the embedded server'
        : 'closing the database',
      () => database.close(),
    );
    clearTimeout(deadline);
    process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  console.error(error instanceof StartFailure ? `commons: ${error.message}` : error);
  process.exit(1);
});
