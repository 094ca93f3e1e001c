import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, member } from './factories.js';
import { createTestApp, type TestApp, type TestResponse } from './harness.js';

/** API.md §16.4 / DOMAIN §13: the installed app's `pwa_use` event, once per session, rate limited. */

const BAD_EVENT = { status: 400, code: 'bad_event', message: 'Bad event.' };
const TOO_MANY = { status: 429, message: 'Too Many Requests.' };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => t.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip, 'user-agent': 'CommonsTest/1.0' } });

function rows() {
  return t.db.selectFrom('analytics').selectAll().orderBy('id').execute();
}

function expectError(res: TestResponse, error: { status: number; code?: string; message?: string }) {
  expect(res.status, res.text).toBe(error.status);
  expect(res.json).toMatchObject(error);
}

describe('POST /api/analytics', () => {
  it('stores one pwa_use row per session, keyed by an MD5 of the session, without the session id', async () => {
    const before = (await rows()).length;
    const viewer = await member(t);
    for (let i = 0; i < 3; i++) {
      const res = await viewer.client.post('/api/analytics', { event: 'pwa_use' }, from('203.0.113.5'));
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ success: true });
    }
    const visitor = await guest(t);
    expect((await visitor.post('/api/analytics', { event: 'pwa_use' }, from('203.0.113.6'))).status).toBe(
      200,
    );

    const added = (await rows()).slice(before);
    expect(added).toHaveLength(2);
    const [mine, theirs] = added;
    expect(mine!.event_name).toBe('pwa_use');
    expect(mine!.payload).toEqual({
      userId: viewer.user.id,
      userAgent: 'CommonsTest/1.0',
      ip: '203.0.113.5',
    });
    expect(theirs!.payload).toEqual({ userId: null, userAgent: 'CommonsTest/1.0', ip: '203.0.113.6' });
    expect(mine!.unique_key).toHaveLength(16);
    expect(mine!.unique_key.equals(theirs!.unique_key)).toBe(false);
    // The key is derived from the session, which is nowhere in the row.
    const row = JSON.stringify({ ...mine, unique_key: mine!.unique_key.toString('hex') });
    for (const value of viewer.client.cookies.values()) expect(row).not.toContain(value);
    const candidates = [...viewer.client.cookies.values()].map((v) =>
      crypto.createHash('md5').update(`pwa_use_${v}`).digest('hex'),
    );
    expect(candidates).toContain(mine!.unique_key.toString('hex'));
  });

  it('refuses other events with bad_event, and wrong shapes, storing nothing', async () => {
    const visitor = await guest(t);
    const before = (await rows()).length;
    expectError(await visitor.post('/api/analytics', { event: 'bss' }), BAD_EVENT);
    expectError(await visitor.post('/api/analytics', { event: 'PWA_USE' }), BAD_EVENT);
    expectError(await visitor.post('/api/analytics', { event: '' }), BAD_EVENT);
    for (const body of [{}, { event: 5 }, { event: null }, { event: 'pwa_use', extra: 1 }, ['pwa_use']]) {
      const res = await visitor.post('/api/analytics', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.status).toBe(400);
    }
    expect((await visitor.request('POST', '/api/analytics', { raw: '{"event":' })).status).toBe(400);
    expect((await visitor.get('/api/analytics')).status).toBe(400);
    expect(await rows()).toHaveLength(before);
  });

  it('needs the CSRF token', async () => {
    const visitor = await guest(t);
    const res = await visitor.post('/api/analytics', { event: 'pwa_use' }, { csrf: false });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: 401, message: 'Unauthorized.' });
  });
});

describe('the analytics rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => limited.close());

  it('allows 2 events a second per IP, then answers 429; another IP still gets through', async () => {
    const client = await guest(limited);
    // Sent together: at most two one-second windows are touched, so at most 4 get through.
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post('/api/analytics', { event: 'pwa_use' }, from('198.51.100.40')),
      ),
    );
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused.length + results.filter((r) => r.status === 200).length).toBe(8);
    expect(refused[0]!.json).toEqual(TOO_MANY);
    const other = await client.post('/api/analytics', { event: 'pwa_use' }, from('198.51.100.41'));
    expect(other.status).toBe(200);
  });
});
