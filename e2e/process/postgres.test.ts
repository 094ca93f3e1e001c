import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, runCliInto, startServer, tempDataDir } from '../server';
import { freshPostgres } from './databases';
import { Visitor } from './visitor';

const settings = { SERVE_WEB: 'off', CAPTCHA: 'off', RATE_LIMITS: 'off' };

describe('a site on a PostgreSQL server (DATABASE_URL)', () => {
  it('start together safely: each migration is applied once, one VAPID key pair for all', async () => {
    const database = await freshPostgres();
    try {
      const push = { WEB_PUSH_SUBSCRIBER_EMAIL: 'ops@example.org' };
      const servers = await Promise.all(
        [1, 2, 3].map(() => startServer({ ...settings, ...push, ...database.env })),
      );
      try {
        const keys = new Set<string>();
        for (const server of servers) {
          expect((await new Visitor(server.url).request('GET', '/healthz')).status).toBe(200);
          keys.add((await new Visitor(server.url).request('GET', '/api/_initial')).json.vapidPublicKey);
        }
        expect(keys.size).toBe(1);
        expect(Buffer.from([...keys][0]!, 'base64url')).toHaveLength(65);
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

  it('moves a site from the embedded default to a PostgreSQL server and back, by backup and restore', async () => {
    const dataDir = tempDataDir();
    const embedded = await startServer({ ...settings, DATA_DIR: dataDir });
    expect((await new Visitor(embedded.url).signup('moving_user')).status).toBe(201);
    await embedded.stop();
    const backup = path.join(os.tmpdir(), `commons-move-${process.pid}.gz`);
    const back = path.join(os.tmpdir(), `commons-move-back-${process.pid}.gz`);
    expect(runCli({ DATA_DIR: dataDir }, ['backup', backup]).code).toBe(0);

    const database = await freshPostgres();
    try {
      const restored = runCli(database.env, ['restore', backup, '--yes']);
      expect(restored.code, restored.out).toBe(0);
      const server = await startServer({ ...settings, ...database.env });
      try {
        const visitor = new Visitor(server.url);
        expect((await visitor.login('moving_user')).status).toBe(200);
        expect((await new Visitor(server.url).signup('made_on_server')).status).toBe(201);
        expect(runCli(database.env, ['status']).out).toContain('Database: PostgreSQL (DATABASE_URL).');
      } finally {
        await server.stop();
      }
      // To standard output, as README shows: through a pipe, and redirected to a file. The backup has
      // standard output to itself; what was done is said on standard error.
      const piped = runCliInto(database.env, ['backup', '/dev/stdout'], back, 'pipe');
      expect(piped.code, piped.err).toBe(0);
      expect(piped.err).toMatch(/^Backed up \d+ rows/);
      const redirected = path.join(os.tmpdir(), `commons-move-redirected-${process.pid}.gz`);
      try {
        const made = runCliInto(database.env, ['backup', '/dev/stdout'], redirected, 'redirect');
        expect(made.code, made.err).toBe(0);
        expect(zlib.gunzipSync(fs.readFileSync(redirected)).toString()).toMatch(/^\{"format":/);
      } finally {
        fs.rmSync(redirected, { force: true });
      }

      // And back onto a new embedded site, from the piped backup.
      const home = tempDataDir();
      const again = runCli({ DATA_DIR: home }, ['restore', back, '--yes']);
      expect(again.code, again.out).toBe(0);
      const server2 = await startServer({ ...settings, DATA_DIR: home });
      try {
        const visitor = new Visitor(server2.url);
        expect((await visitor.login('moving_user')).status).toBe(200);
        expect((await visitor.request('GET', '/api/users/made_on_server')).status).toBe(200);
      } finally {
        await server2.stop();
      }
    } finally {
      await database.drop();
      fs.rmSync(backup, { force: true });
      fs.rmSync(back, { force: true });
    }
  });

  it('npm start stops, server and all, when npm is sent SIGTERM (as docker stop does)', async () => {
    const database = await freshPostgres();
    // Its own process group, so that whatever is left can be cleaned up whatever happens.
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      env: { ...process.env, ...settings, ...database.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /is running at (http:\/\/\S+)/.exec(output);
          if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
        };
        npm.stdout.on('data', onData);
        npm.stderr.on('data', onData);
        npm.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
        setTimeout(() => reject(new Error(`npm start did not start:\n${output}`)), 120_000);
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      npm.kill('SIGTERM');
      await exited;
      // npm's shell may not pass the signal on; the server must go anyway, and soon.
      await expect
        .poll(
          () =>
            fetch(`${url}/healthz`).then(
              () => 'up',
              () => 'down',
            ),
          { timeout: 10_000 },
        )
        .toBe('down');
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // All gone.
      }
      await database.drop();
    }
  });
});
