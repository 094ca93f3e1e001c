import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir, type RunningServer } from '../server';
import { asRoot, gone, hangingRequest, postmasterPid, settings, uidOf } from './embedded';
import { Visitor } from './visitor';

/**
 * The embedded default on the way out and as which user: it stops its PostgreSQL on SIGTERM within a
 * bounded time, exits at once on a second signal, refuses an old PGlite data directory, and never runs
 * the database as root. Apart from embedded.test.ts so that the two files run side by side.
 */
describe('the embedded PostgreSQL, stopping and users', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('stops the database on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ ...settings, DATA_DIR: dataDir });
    const database = postmasterPid(dataDir)!;
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(await gone(database, 1_000)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toContain(
      'database system is shut down',
    );
  });

  it('finishes shutting down within 10 s whatever hangs, saying which step did', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ ...settings, DATA_DIR: dataDir });
    const database = postmasterPid(dataDir)!;
    const request = hangingRequest(server.url);
    // The server must hold the request before the signal: on a busy machine 200 ms was not always enough.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const started = Date.now();
    const code = await server.kill('SIGTERM');
    const took = Date.now() - started;
    request.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThan(9_000);
    expect(took).toBeLessThan(13_000);
    expect(server.output()).toContain('shutdown did not finish within 10 s (stuck: closing the HTTP server)');
    expect(await gone(database, 10_000)).toBe(true);
  });

  it('exits at once on a second SIGTERM or SIGINT', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ ...settings, DATA_DIR: dataDir });
    const database = postmasterPid(dataDir)!;
    const request = hangingRequest(server.url);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const code = await server.kill('SIGINT');
    request.destroy();
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.output()).toContain('second signal: exiting at once');
    expect(await gone(database, 10_000)).toBe(true);
  });

  it('refuses a PGlite data directory of an earlier build, saying how to move its data', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, 'db'));
    fs.writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17\n');
    await expect(startServer({ ...settings, DATA_DIR: dataDir })).rejects.toThrow(
      /holds a database of an earlier Commons \(PGlite\).*npm run cli -- backup.*npm run cli -- restore/s,
    );
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it('never runs the database as root: as root, it runs as an unprivileged user and says so', async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ ...settings, DATA_DIR: dataDir });
    servers.push(server);
    const database = postmasterPid(dataDir)!;
    expect(uidOf(database)).not.toBe(0);
    if (asRoot) {
      expect(server.output()).toMatch(
        /Running as root: the embedded database runs as the unprivileged user \S+ \(uid \d+\)/,
      );
    } else {
      expect(uidOf(database)).toBe(process.getuid!());
    }
    expect(server.output()).not.toContain('cannot be run as root');
  });

  it('as an ordinary user, runs the database as that user', async () => {
    const dataDir = tempDataDir();
    // Run as root (CI, containers), the site is started as `nobody` here; otherwise as ourselves.
    const as = asRoot ? { uid: 65534, gid: 65534 } : null;
    if (as) fs.chownSync(dataDir, as.uid, as.gid);
    const server = await startServer({ ...settings, DATA_DIR: dataDir }, as);
    try {
      expect(server.output()).not.toContain('Running as root');
      const uid = as?.uid ?? process.getuid!();
      expect(uidOf(server.process.pid!)).toBe(uid);
      expect(uidOf(postmasterPid(dataDir)!)).toBe(uid);
      expect((await new Visitor(server.url).signup('plain_user')).status).toBe(201);
    } finally {
      await server.stop();
    }
  });
});
