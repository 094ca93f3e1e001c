import crypto from 'node:crypto';
import pg from 'pg';
import { tempDataDir } from '../server';

export const engine = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

/**
 * Settings for a fresh, empty database of the engine under test: a new data directory for PGlite, a new
 * PostgreSQL database (dropped by the returned cleanup) otherwise.
 */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = tempDataDir();
  if (engine === 'pglite') return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  return freshPostgres(dataDir);
}

export async function freshPostgres(dataDir = tempDataDir()) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `commons_proc_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
