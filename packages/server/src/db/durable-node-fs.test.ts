import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS } from './durable-node-fs.js';

/**
 * The embedded database's durability rests on Emscripten internals (NODEFS streams and their fsync).
 * If a PGlite upgrade changes them, this fails instead of commits silently going unflushed.
 */
describe('DurableNodeFS', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('flushes every commit to disk with fdatasync', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-fsync-'));
    dirs.push(dir);
    const storage = new DurableNodeFS(dir);
    const db = await PGlite.create({
      fs: storage,
      startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'],
    });
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, v text)');
    const before = storage.syncCalls;
    for (let i = 0; i < 10; i++) await db.query('INSERT INTO t (v) VALUES ($1)', [`row ${i}`]);
    // One flush per commit, at least.
    expect(storage.syncCalls - before).toBeGreaterThanOrEqual(10);
    expect((await db.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync).toBe('on');
    await db.close();
  });
});
