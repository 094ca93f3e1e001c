import { afterAll, describe, expect, it } from 'vitest';
import { startServer, tempDataDir } from '../server';
import { freshPostgres } from './databases';
import { Visitor } from './visitor';

const settings = { SERVE_WEB: 'off', CAPTCHA: 'off', RATE_LIMITS: 'off' };

/** The embedded default as a new site gets it, and a PostgreSQL server at DATABASE_URL. */
const targets = [
  {
    name: 'the embedded default',
    make: async () => ({ env: { DATA_DIR: tempDataDir() }, drop: async () => {} }),
  },
  { name: 'PostgreSQL at DATABASE_URL', make: () => freshPostgres() },
];

/**
 * Nothing acknowledged is lost: writers sign accounts up as fast as they can, the server is killed
 * with SIGKILL in the middle, and after a restart every account that got a 201 is there.
 */
describe.each(targets)('durability on $name', ({ name, make }) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps every acknowledged write through two SIGKILLs, and the data opens cleanly after', async () => {
    const database = await make();
    cleanups.push(() => database.drop());
    const acknowledged: string[] = [];
    for (let round = 0; round < 2; round++) {
      const server = await startServer({ ...settings, ...database.env });
      let running = true;
      const writers = Array.from({ length: 4 }, (_, w) =>
        (async () => {
          for (let i = 0; running; i++) {
            const username = `r${round}w${w}n${i}`;
            try {
              const res = await new Visitor(server.url).signup(username);
              if (res.status === 201) acknowledged.push(username);
            } catch {
              return; // the server is gone
            }
          }
        })(),
      );
      // Kill it mid-stream, once enough writes are acknowledged to mean something (however busy the
      // machine), and never later than 20 s.
      const enough = acknowledged.length + 15;
      for (let waited = 0; acknowledged.length < enough && waited < 20_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const exited = server.kill('SIGKILL');
      running = false;
      await Promise.all(writers);
      await exited;
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    const restarting = Date.now();
    const server = await startServer({ ...settings, ...database.env });
    console.info(
      `durability on ${name}: ${acknowledged.length} acknowledged signups across two SIGKILLs; restart after the last took ${Date.now() - restarting} ms`,
    );
    try {
      const visitor = new Visitor(server.url);
      const missing: string[] = [];
      for (const name of acknowledged) {
        if ((await visitor.request('GET', `/api/users/${name}`)).status !== 200) missing.push(name);
      }
      expect(missing).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('closes cleanly on SIGTERM and starts again on the same data', async () => {
    const database = await make();
    cleanups.push(() => database.drop());
    const server = await startServer({ ...settings, ...database.env });
    expect((await new Visitor(server.url).signup('before_stop')).status).toBe(201);
    expect(await server.kill('SIGTERM')).toBe(0);
    const again = await startServer({ ...settings, ...database.env });
    try {
      expect((await new Visitor(again.url).login('before_stop')).status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
