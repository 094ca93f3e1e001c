import path from 'node:path';
import type { Config } from '../config.js';
import { openEmbedded, openPostgres, type Database } from './engine.js';

/** Where the embedded engine keeps its files, inside the data directory. */
export function embeddedDir(config: Config): string {
  return path.join(config.dataDir, 'db');
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else the embedded one. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openEmbedded({ dataDir: embeddedDir(config), fsync: config.embeddedFsync });
}
