// How much a durable commit costs on the embedded database: single-row autocommit inserts with
// EMBEDDED_FSYNC on (a real fdatasync per commit) and off (PGlite's default). Needs `npm run build`.
//   node bench/commit-latency.mjs [rows]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openEmbedded } from '../packages/server/dist/db/engine.js';

const rows = Number(process.argv[2] ?? 500);
for (const fsync of [true, false]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-'));
  const database = await openEmbedded({ dataDir: dir, fsync });
  await sql`CREATE TABLE t (id serial PRIMARY KEY, v text)`.execute(database.db);
  const started = performance.now();
  for (let i = 0; i < rows; i++) await sql`INSERT INTO t (v) VALUES (${'row ' + i})`.execute(database.db);
  const ms = performance.now() - started;
  console.log(
    `EMBEDDED_FSYNC=${fsync ? 'on ' : 'off'}: ${rows} commits in ${ms.toFixed(0)} ms, ${((ms * 1000) / rows).toFixed(0)} µs per commit`,
  );
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
