import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { IpBlockList, syncIpBlocks } from '../src/ipblocks/ip-block-list.js';
import { Secrets } from '../src/site/secrets.js';
import { NOT_ADMIN } from './api-errors.js';
import { makeUser, member, type Member } from './factories.js';
import { createTestApp, TestClient, TestClock, type TestApp, type TestResponse } from './harness.js';

/** IP blocks (API.md §16.3, DOMAIN §7.9): the admin routes, and every request from a blocked address. */

const BLOCKED_TEXT = 'Suspicious activity detected. Blocked.';
const HOUR = 3_600_000;

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-ipblocks-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>Commons</title><!--/app-head-->' +
      '<script id="site-config" type="application/json">{}</script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

function expectBlocked(res: TestResponse) {
  expect(res.status).toBe(403);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.text).toContain(BLOCKED_TEXT);
}

/** A visitor connecting from `ip`. */
function from(t: TestApp, ip: string): TestClient {
  const client = t.client();
  client.remoteAddress = ip;
  return client;
}

async function block(admin: TestClient, body: Record<string, unknown>) {
  const res = await admin.post('/api/ipblocks', body);
  if (res.status !== 200) throw new Error(`block: ${res.status} ${res.text}`);
  return res.json;
}

describe('IP blocks through the API', () => {
  let t: TestApp;
  let admin: Member;
  let dist: string;
  const clock = new TestClock();

  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist }, { clock: clock.clock, serveWeb: true });
    admin = await member(t, { isAdmin: true });
    admin.client.remoteAddress = '192.0.2.1';
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('creates a block with its associated users, note and expiry, and reads it back', async () => {
    const seen = await makeUser(t.db);
    const elsewhere = await makeUser(t.db);
    await t.db.updateTable('users').set({ last_seen_ip: '10.7.3.4' }).where('id', '=', seen.id).execute();
    await t.db
      .updateTable('users')
      .set({ last_seen_ip: '10.8.0.1' })
      .where('id', '=', elsewhere.id)
      .execute();

    const created = await block(admin.client, { address: '10.7.*.*', expiresIn: '2.5', note: ' spam wave ' });
    expect(created).toEqual({
      id: expect.any(Number),
      ip: '10.7.0.0',
      maskedBits: 16,
      createdAt: clock.now.toISOString(),
      createdBy: admin.user.username,
      expiresAt: new Date(clock.now.getTime() + 2.5 * HOUR).toISOString(),
      cancelledAt: null,
      inEffect: true,
      associatedUsers: [seen.username],
      note: 'spam wave',
    });
    expect((await admin.client.get(`/api/ipblocks/${created.id}`)).json).toEqual(created);

    const host = await block(admin.client, { address: '2001:db8::5/128', expiresIn: null });
    expect(host).toMatchObject({
      ip: '2001:db8::5',
      maskedBits: 0,
      expiresAt: null,
      note: '',
      associatedUsers: [],
    });
    const numeric = await block(admin.client, { address: '10.9.0.0/16', expiresIn: 0.00001 });
    expect(numeric.expiresAt).toBeNull();
  });

  it('refuses bad addresses, expiries, duplicates and ids with the contract codes, storing nothing', async () => {
    const before = await t.db.selectFrom('ip_blocks').select('id').execute();
    const cases: [unknown, { status: number; code: string; message?: string }][] = [
      [{ address: '10.*.0.1' }, { status: 400, code: 'bad-ip', message: 'Invalid wildcard' }],
      [{ address: '10.0.0.0/4' }, { status: 400, code: 'bad-ip', message: 'IP subnet too large.' }],
      [{ address: 'not-an-ip' }, { status: 400, code: 'bad-ip' }],
      [
        { address: '10.1.0.0/16', expiresIn: 'soon' },
        { status: 400, code: 'invalid-expires-in', message: 'Invalid expires in value' },
      ],
      [
        { address: '10.1.0.0/16', expiresIn: true },
        { status: 400, code: 'invalid-expires-in' },
      ],
      [
        { address: '10.1.0.0/16', expiresIn: [1] },
        { status: 400, code: 'invalid-expires-in' },
      ],
      [
        { address: '10.1.0.0/16', expiresIn: 1e300 },
        { status: 400, code: 'invalid-expires-in' },
      ],
      [{ address: 5 }, { status: 400, code: 'invalid_json' }],
      [{ note: 'no address' }, { status: 400, code: 'invalid_json' }],
      [
        { address: '10.1.0.0/16', note: 7 },
        { status: 400, code: 'invalid_json' },
      ],
      // The same network as an earlier test's wildcard block, written as CIDR from another address in it.
      [{ address: '10.7.99.1/16' }, { status: 400, code: 'block-duplicate' }],
    ];
    for (const [body, error] of cases) {
      const res = await admin.client.post('/api/ipblocks', body);
      expect(res.json, JSON.stringify(body)).toMatchObject(error);
    }
    expect(await t.db.selectFrom('ip_blocks').select('id').execute()).toEqual(before);

    expect((await admin.client.get('/api/ipblocks/abc')).json).toMatchObject({
      status: 400,
      code: 'invalid-block-id',
    });
    expect((await admin.client.get('/api/ipblocks/99999999999999')).json).toMatchObject({
      code: 'invalid-block-id',
    });
    expect((await admin.client.get('/api/ipblocks/99999')).json).toMatchObject({
      status: 404,
      code: 'block-not-found',
    });
    expect((await admin.client.delete('/api/ipblocks/99999')).json).toMatchObject({
      status: 404,
      code: 'block-not-found',
    });
    const once = await block(admin.client, { address: '10.30.0.0/16' });
    const cancelled = await admin.client.delete(`/api/ipblocks/${once.id}`);
    expect(cancelled.json).toEqual({ ...once, inEffect: false, cancelledAt: clock.now.toISOString() });
    expect((await admin.client.delete(`/api/ipblocks/${once.id}`)).json).toMatchObject({
      status: 409,
      code: 'block-not-in-effect',
    });
    // Once cancelled, the same network can be blocked again.
    await block(admin.client, { address: '10.30.0.0/16' });
  });

  it('pages in effect first, then by id, each page starting at its cursor item', async () => {
    const all: any[] = [];
    let next: string | null = '';
    while (next !== null) {
      const res = await admin.client.get(`/api/ipblocks?limit=2&next=${next}`);
      expect(res.status).toBe(200);
      expect(res.json.blocks.length).toBeLessThanOrEqual(2);
      all.push(...res.json.blocks);
      next = res.json.next;
    }
    const rows = await t.db.selectFrom('ip_blocks').select(['id', 'in_effect']).execute();
    const expected = rows
      .sort((a, b) => Number(b.in_effect) - Number(a.in_effect) || b.id - a.id)
      .map((row) => row.id);
    expect(all.map((b) => b.id)).toEqual(expected);
    expect(rows.some((row) => !row.in_effect)).toBe(true);

    expect((await admin.client.get('/api/ipblocks?next=zz')).json).toMatchObject({
      status: 400,
      code: 'invalid-next-value',
    });
    const notCursor = Buffer.from('{"inEffect":"yes","id":1}').toString('hex');
    expect((await admin.client.get(`/api/ipblocks?next=${notCursor}`)).json).toMatchObject({
      code: 'invalid-next-value',
    });
    expect((await admin.client.get('/api/ipblocks?limit=two')).json).toMatchObject({
      status: 400,
      code: 'invalid-limit',
    });
    expect((await admin.client.get('/api/ipblocks?limit=0')).json).toMatchObject({
      status: 400,
      code: 'invalid-limit',
    });
    const first = await admin.client.get('/api/ipblocks');
    expect(first.json.blocks.length).toBe(Math.min(20, rows.length));
  });

  it('refuses every request from a blocked address (API, pages, images), and only those', async () => {
    const created = await block(admin.client, { address: '198.51.100.0/24' });
    const blocked = from(t, '198.51.100.77');
    for (const url of [
      '/api/_initial',
      '/api/posts?feed=all',
      '/',
      '/some/page',
      '/images/0123456789abcdef01234567.jpg',
    ]) {
      expectBlocked(await blocked.get(url));
    }
    expectBlocked(await blocked.post('/api/_login', { username: 'x', password: 'y' }));
    // IPv4-mapped, as a dual-stack socket reports it.
    expectBlocked(await from(t, '::ffff:198.51.100.8').get('/api/_initial'));

    const other = from(t, '198.51.101.1');
    expect((await other.get('/api/_initial')).status).toBe(200);
    expect((await other.get('/some/page')).status).toBe(200);
    expect((await other.get('/images/0123456789abcdef01234567.jpg')).status).not.toBe(403);

    await admin.client.delete(`/api/ipblocks/${created.id}`);
    expect((await blocked.get('/api/_initial')).status).toBe(200);
  });

  it('lets a timed block lapse at its time, and lists it as no longer in effect', async () => {
    const created = await block(admin.client, { address: '203.0.113.50', expiresIn: 1 });
    const visitor = from(t, '203.0.113.50');
    expectBlocked(await visitor.get('/api/_initial'));
    clock.advance(HOUR - 1000);
    expectBlocked(await visitor.get('/api/_initial'));
    clock.advance(2000);
    expect((await visitor.get('/api/_initial')).status).toBe(200);
    const read = await admin.client.get(`/api/ipblocks/${created.id}`);
    expect(read.json).toMatchObject({ inEffect: false, cancelledAt: null });
    expect((await admin.client.delete(`/api/ipblocks/${created.id}`)).json).toMatchObject({
      code: 'block-not-in-effect',
    });
  });

  it('DELETE /api/ipblocks cancels every block in effect and answers the list', async () => {
    await block(admin.client, { address: '192.0.2.200' });
    const res = await admin.client.delete('/api/ipblocks?limit=100');
    expect(res.status).toBe(200);
    expect(res.json.blocks.every((b: any) => !b.inEffect)).toBe(true);
    expect(await t.db.selectFrom('ip_blocks').select('id').where('in_effect', '=', true).execute()).toEqual(
      [],
    );
    expect((await from(t, '192.0.2.200').get('/api/_initial')).status).toBe(200);
  });

  it('is for admins only', async () => {
    const someone = await member(t);
    expect((await someone.client.post('/api/ipblocks', { address: '192.0.2.9' })).json).toEqual(NOT_ADMIN);
    expect((await someone.client.get('/api/ipblocks')).json).toEqual(NOT_ADMIN);
  });
});

describe('IP blocks and forwarding headers', () => {
  it('without TRUST_PROXY, X-Forwarded-For neither blocks nor unblocks anyone', async () => {
    const t = await createTestApp();
    try {
      const admin = await member(t, { isAdmin: true });
      admin.client.remoteAddress = '192.0.2.1';
      await block(admin.client, { address: '192.0.2.50' });
      const spoofer = from(t, '192.0.2.50');
      expectBlocked(await spoofer.get('/api/_initial', { headers: { 'x-forwarded-for': '192.0.2.77' } }));
      const framed = from(t, '192.0.2.60');
      const res = await framed.get('/api/_initial', { headers: { 'x-forwarded-for': '192.0.2.50' } });
      expect(res.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY, the trusted proxy names the client; what the client wrote before it does not count', async () => {
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const admin = await member(t, { isAdmin: true });
      admin.client.remoteAddress = '192.0.2.1';
      await block(admin.client, { address: '192.0.2.50' });
      const proxied = from(t, '127.0.0.1');
      expectBlocked(await proxied.get('/api/_initial', { headers: { 'x-forwarded-for': '192.0.2.50' } }));
      // The client put the blocked address first; the proxy appended the real one.
      const spoofed = await proxied.get('/api/_initial', {
        headers: { 'x-forwarded-for': '192.0.2.50, 192.0.2.61' },
      });
      expect(spoofed.status).toBe(200);
      // A peer that is not the proxy is judged by its own address, whatever it sends.
      const direct = from(t, '192.0.2.99');
      expect(
        (await direct.get('/api/_initial', { headers: { 'x-forwarded-for': '192.0.2.50' } })).status,
      ).toBe(200);
      expectBlocked(
        await from(t, '192.0.2.50').get('/api/_initial', { headers: { 'x-forwarded-for': '192.0.2.62' } }),
      );
    } finally {
      await t.close();
    }
  });
});

describe('IP blocks across processes', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let sync: { close(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp();
    const config = loadConfig({ CAPTCHA: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'silent' });
    const secrets = new Secrets();
    await secrets.load(t.db, config);
    const ipBlocks = new IpBlockList();
    second = await buildApp({ config, db: t.db, secrets, logger: false, ipBlocks });
    await second.ready();
    // A timer far longer than the test: only the database notification can bring the change.
    sync = syncIpBlocks(ipBlocks, t.db, t.database.connection, second.log, 3_600_000);
  });
  afterAll(async () => {
    await sync.close();
    await second.close();
    await t.close();
  });

  async function statusOnSecond(ip: string): Promise<number> {
    const res = await second.inject({ method: 'GET', url: '/api/_initial', remoteAddress: ip });
    return res.statusCode;
  }

  async function eventually(ip: string, status: number): Promise<void> {
    for (let i = 0; i < 100 && (await statusOnSecond(ip)) !== status; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusOnSecond(ip)).toBe(status);
  }

  it('a block made through one instance refuses on another sharing the database, and its cancelling frees it', async () => {
    const admin = await member(t, { isAdmin: true });
    // Give the second instance's listener time to connect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOnSecond('203.0.113.80')).toBe(200);
    const created = await block(admin.client, { address: '203.0.113.0/24' });
    await eventually('203.0.113.80', 403);
    expect(await statusOnSecond('203.0.114.80')).toBe(200);
    await admin.client.delete(`/api/ipblocks/${created.id}`);
    await eventually('203.0.113.80', 200);
  });
});

describe('Tor exits (DOMAIN §7.10)', () => {
  it('torBlocked blocks the listed exits from the save on, and turning it off lets them in again', async () => {
    const t = await createTestApp();
    let reads = 0;
    const config = loadConfig({ CAPTCHA: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'silent' });
    const secrets = new Secrets();
    await secrets.load(t.db, config);
    const app = await buildApp({
      config,
      db: t.db,
      secrets,
      logger: false,
      torExitList: async () => {
        reads++;
        return '# exits\n185.220.101.7\n2a0b:f4c2:2::1\nnot an address\n';
      },
    });
    await app.ready();
    try {
      const admin = await member(t, { isAdmin: true });
      const client = new TestClient(app);
      await client.login(admin.user.username);
      const status = async (ip: string) =>
        (await app.inject({ method: 'GET', url: '/api/_initial', remoteAddress: ip })).statusCode;
      expect(await status('185.220.101.7')).toBe(200);
      expect(reads).toBe(0);

      expect((await client.put('/api/site_settings', { torBlocked: true })).json).toEqual({
        signupsDisabled: false,
        torBlocked: true,
      });
      expect(reads).toBe(1);
      expect(await status('185.220.101.7')).toBe(403);
      expect(await status('::ffff:185.220.101.7')).toBe(403);
      expect(await status('2a0b:f4c2:2::1')).toBe(403);
      expect(await status('185.220.101.8')).toBe(200);

      await client.put('/api/site_settings', { torBlocked: false });
      expect(await status('185.220.101.7')).toBe(200);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
