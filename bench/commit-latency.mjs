// What a durable commit costs: single-row autocommit INSERTs, one after another, on the embedded
// PostgreSQL (a fresh data directory in the temp folder, through its Unix socket) and, with
// --database-url, on a PostgreSQL server (a table made, and dropped after, in that database). Each
// engine's fsync, synchronous_commit and wal_sync_method are printed beside it: with both on, every
// commit waits for its WAL flush, so this is the disk's flush time plus one round trip.
// Needs `node scripts/build.mjs`.
//
//   node bench/commit-latency.mjs [--rows 500] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from './lib.mjs';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '500' },
    'database-url': { type: 'string' },
  },
});
const rows = Number(flags.rows);

async function commits(label, target) {
  const database = await openDatabase(target);
  const table = sql.table(`bench_commit_latency_${process.pid}`);
  try {
    const { rows: settings } = await sql`
      SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method')
      ORDER BY name`.execute(database.db);
    await sql`CREATE TABLE ${table} (id serial PRIMARY KEY, v text)`.execute(database.db);
    const started = performance.now();
    for (let i = 0; i < rows; i++)
      await sql`INSERT INTO ${table} (v) VALUES (${`row ${i}`})`.execute(database.db);
    const ms = performance.now() - started;
    console.log(
      `${label}: ${rows} commits in ${ms.toFixed(0)} ms, ${((ms * 1000) / rows).toFixed(0)} µs per commit ` +
        `(${settings.map((s) => `${s.name}=${s.setting}`).join(', ')})`,
    );
  } finally {
    await sql`DROP TABLE IF EXISTS ${table}`.execute(database.db);
    await database.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-commits-'));
try {
  await commits('embedded', { engine: 'embedded', location: dir });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
if (flags['database-url'])
  await commits('PostgreSQL server', { engine: 'postgres', location: flags['database-url'] });
