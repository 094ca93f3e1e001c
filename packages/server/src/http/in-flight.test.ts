import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackHandlers } from './in-flight.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('trackHandlers', () => {
  it('waits for a handler whose client hung up, after the server has closed', async () => {
    const app = Fastify();
    const tracker = trackHandlers(app);
    const started = gate();
    const release = gate();
    let finished = false;
    app.get('/slow', async () => {
      started.open();
      await release.opened;
      finished = true;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const request = http.get({ port, host: '127.0.0.1', path: '/slow' });
    request.on('error', () => {});
    await started.opened;
    request.destroy(); // the client hangs up mid-request
    await app.close(); // does not wait for it: its connection is gone
    expect(finished).toBe(false);

    let settled = false;
    const waiting = tracker.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release.open();
    await waiting;
    expect(finished).toBe(true);
  });

  it('settles at once when nothing runs', async () => {
    const app = Fastify();
    const tracker = trackHandlers(app);
    app.get('/quick', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/quick')).statusCode).toBe(200);
    await expect(tracker.settled()).resolves.toBeUndefined();
  });
});
