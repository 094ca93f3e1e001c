import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startChannel } from './admin-channel/channel.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLock, DataDirLockedError } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open.js';
import { siteJobs } from './jobs/jobs.js';
import { startJobs } from './jobs/scheduler.js';
import { systemClock } from './lib/time.js';
import { Secrets } from './site/secrets.js';
import { seedSite } from './site/seed.js';

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

/** Start-up: settings, database, migrations, then listen. Everything else is in buildApp. */
async function main(): Promise<void> {
  const config = readConfig();
  if (config.serveWeb && !fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    fail(
      `the web client is not built (no ${config.webDistDir}/index.html): run npm run build, or npm start.`,
    );
  }

  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    try {
      lock = DataDirLock.acquire(config.dataDir, 'server');
    } catch (error) {
      if (error instanceof DataDirLockedError)
        fail(`${error.message} Only one server can use ${config.dataDir}.`);
      throw error;
    }
  }

  const database = await openConfiguredDatabase(config);
  await migrate(database.db);
  await seedSite(database.db);
  const secrets = new Secrets();
  await secrets.load(database.db, config);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;

  const app = await buildApp({ config, db: database.db, secrets, redis, serveWeb: config.serveWeb });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const channel =
    database.engine === 'pglite'
      ? await startChannel(
          {
            db: database.db,
            config,
            engine: database.engine,
            clock: systemClock,
            runner: `the running server (pid ${process.pid})`,
            afterRestore: () => secrets.load(database.db, config),
          },
          app.log,
        )
      : null;
  const scheduler = startJobs(database.db, siteJobs(config, database.engine), app.log);

  console.log(`${config.siteName} is running at ${displayUrl(config, port)}`);
  console.log(
    database.engine === 'pglite'
      ? `Data: ${config.dataDir} (embedded database${config.embeddedFsync ? '' : ', EMBEDDED_FSYNC=off'})`
      : 'Data: PostgreSQL (DATABASE_URL)',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close(); // stops accepting, lets requests in flight finish
    await app.handlersSettled(); // and those whose clients have hung up
    await scheduler.stop();
    await channel?.close();
    redis?.disconnect();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
