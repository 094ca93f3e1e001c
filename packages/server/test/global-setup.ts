import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { embeddedUrl, startEmbedded } from '../src/db/embedded/embedded-postgres.js';
import { openPostgres } from '../src/db/engine.js';
import { migrate } from '../src/db/migrate.js';
import { seedSite } from '../src/site/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection string with the right to create databases. */
    adminUrl: string;
    /** The migrated, seeded database each test file copies (`CREATE DATABASE … TEMPLATE`). */
    postgresTemplate: string;
  }
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * One PostgreSQL for the run: the machine's at TEST_DATABASE_URL (CI: PostgreSQL 15, the oldest we
 * support), otherwise an embedded server started here in a temporary folder, as a new site gets it.
 * The migrated template is made once; each test file copies it in a fraction of a second.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-test-db-'));
    // Test files run side by side, and process tests start several servers with pools of their own.
    const embedded = await startEmbedded(dir, 'test', { max_connections: '120', shared_buffers: '64MB' });
    adminUrl = embeddedUrl(embedded.layout, 'postgres');
    stopEmbedded = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `commons_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = openPostgres(withDatabase(adminUrl, template), 2);
  await migrate(database.db);
  await seedSite(database.db);
  await database.close();
  project.provide('adminUrl', adminUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    // Test files drop their own databases; drop the template and anything a crashed file left.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded();
  };
}
