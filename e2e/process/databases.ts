import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { tempDataDir } from '../server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** From packages/server/test/global-setup.ts: a connection string that may create databases. */
    adminUrl: string;
  }
}

/**
 * A new, empty database on the run's PostgreSQL (TEST_DATABASE_URL, or the embedded server that
 * global-setup started), with the settings a server process needs to use it: DATABASE_URL and its
 * own DATA_DIR. `drop` removes it.
 */
export async function freshPostgres(dataDir = tempDataDir()) {
  const adminUrl = inject('adminUrl');
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
