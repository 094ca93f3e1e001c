import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runCli, startServer, tempDataDir } from '../server';
import { freshPostgres } from './databases';
import { Visitor } from './visitor';

const settings = { SERVE_WEB: 'off', CAPTCHA: 'off', RATE_LIMITS: 'off' };

describe('several processes on one PostgreSQL', () => {
  it('start together safely: each migration is applied once', async () => {
    const database = await freshPostgres();
    try {
      const servers = await Promise.all([1, 2, 3].map(() => startServer({ ...settings, ...database.env })));
      try {
        for (const server of servers) {
          expect((await new Visitor(server.url).request('GET', '/healthz')).status).toBe(200);
        }
        // A session made on one process works on another: nothing lives in process memory.
        const visitor = new Visitor(servers[0]!.url);
        expect((await visitor.signup('shared_session')).status).toBe(201);
        const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
        await client.connect();
        const migrations = await client.query(
          'SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version',
        );
        expect(migrations.rows.every((r) => r.n === 1)).toBe(true);
        const sentinels = await client.query(
          "SELECT count(*)::int AS n FROM users WHERE username IN ('ghost', 'nobody')",
        );
        expect(sentinels.rows[0].n).toBe(2);
        await client.end();
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    } finally {
      await database.drop();
    }
  });

  it('takes a backup of the embedded database: the move from PGlite to PostgreSQL', async () => {
    const dataDir = tempDataDir();
    const embedded = await startServer({ ...settings, DATA_DIR: dataDir });
    expect((await new Visitor(embedded.url).signup('moving_user')).status).toBe(201);
    await embedded.stop();
    const backup = path.join(os.tmpdir(), `commons-move-${process.pid}.gz`);
    expect(runCli({ DATA_DIR: dataDir }, ['backup', backup]).code).toBe(0);

    const database = await freshPostgres();
    try {
      const restored = runCli(database.env, ['restore', backup, '--yes']);
      expect(restored.code, restored.out).toBe(0);
      const server = await startServer({ ...settings, ...database.env });
      try {
        expect((await new Visitor(server.url).login('moving_user')).status).toBe(200);
        const status = runCli(database.env, ['status']);
        expect(status.out).toContain('PostgreSQL');
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
      fs.rmSync(backup, { force: true });
    }
  });
});
