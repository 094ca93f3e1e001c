import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openEmbedded, openPostgres } from '../src/db/engine.js';
import { migrate } from '../src/db/migrate.js';
import { seedSite } from '../src/site/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a snapshot of a migrated, seeded database that each test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated, seeded template database each test file copies. */
    postgresTemplate: string;
  }
}

/** Makes the migrated template once per run, so each test file starts from it in about a second. */
export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const template = `commons_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openPostgres(url.toString(), 2);
    await migrate(database.db);
    await seedSite(database.db);
    await database.close();
    project.provide('postgresTemplate', template);
    return async () => {
      // Test files drop their own databases; drop the template and anything a crashed file left.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${template}_%`, template],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openEmbedded({ dataDir: null, fsync: false });
  await migrate(database.db);
  await seedSite(database.db);
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `commons-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}
