import type { Config } from '../config.js';
import { startEmbedded, type OwnerRole } from './embedded/embedded-postgres.js';
import { openPostgres, type Database } from './engine.js';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else the embedded server in
 * DATA_DIR, started now (or, for the CLI, joined when a running site already started it).
 */
export async function openConfiguredDatabase(config: Config, role: OwnerRole): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const embedded = await startEmbedded(config.dataDir, role);
  // 10 of the server's 20 connections: room for the CLI, autovacuum and a psql session.
  const database = openPostgres(embedded.connection, 10);
  return {
    ...database,
    engine: 'embedded',
    embedded,
    async close() {
      try {
        await database.close();
      } finally {
        await embedded.stop();
      }
    },
  };
}
