import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, newCommunity } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/** HTTP conventions of API.md §2–§4 that hold for every route. */
describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API paths with the contract 404 and sets no cookies', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: 404, message: 'API endpoint not found' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('has no trailing-slash tolerance under /api/', async () => {
    // Whatever route the path would fall into without the slash: none takes an empty name or id.
    for (const path of [
      '/api/_initial/',
      '/api/communities/',
      '/api/posts/',
      '/api/posts/?sort=hot',
      '/api/users/',
    ]) {
      const res = await t.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ status: 404, message: 'API endpoint not found' });
    }
    expect((await t.client().post('/api/communities/', { name: 'slashed' })).status).toBe(404);
  });

  it('answers a known path with the wrong method 400, without cookies', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const res = await t.client().request(method, '/api/_initial');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: 400, message: 'HTTP method not allowed' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const res = await t.client().get('/api/_signup');
    expect(res.status).toBe(400);
  });

  it('gives every visitor a session cookie and a CSRF token, once', async () => {
    const res = await t.client().get('/api/_initial');
    expect(res.status).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'SID');
    expect(sid?.value).toMatch(/^[0-9A-Za-z_]{36}$/);
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.secure).toBeFalsy(); // plain http: logging in must work on localhost and LAN addresses
    const token = res.headers['csrf-token'];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(res.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(token);
    // As it is, not percent-encoded (`%3D` for its `=`): the cookie's value is the header's token.
    expect([res.headers['set-cookie']].flat().join('\n')).toContain(`csrftoken=${String(token)};`);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the session and token across requests', async () => {
    const visitor = t.client();
    const first = await visitor.start();
    const second = await visitor.get('/api/_initial');
    expect(second.headers['csrf-token']).toBe(first.headers['csrf-token']);
    expect(second.cookies.find((c) => c.name === 'SID')).toBeUndefined();
  });

  it('replaces a malformed session cookie', async () => {
    const visitor = t.client();
    visitor.cookies.set('SID', 'not-a-session');
    const res = await visitor.get('/api/_initial');
    expect(res.cookies.find((c) => c.name === 'SID')?.value).toMatch(/^[0-9A-Za-z_]{36}$/);
  });

  it('refuses mutating requests without a valid CSRF token, with 401 and no code', async () => {
    const visitor = t.client();
    await visitor.start();
    const missing = await visitor.post('/api/_login', { username: 'a', password: 'b' }, { csrf: false });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ status: 401, message: 'Unauthorized.' });
    const wrong = await visitor.post(
      '/api/_login',
      { username: 'a', password: 'b' },
      {
        csrf: false,
        headers: { 'x-csrf-token': 'x'.repeat(43) + '=' },
      },
    );
    expect(wrong.status).toBe(401);
    // Another session's token is not this session's token.
    const other = t.client();
    await other.start();
    const foreign = await visitor.post(
      '/api/_login',
      { username: 'a', password: 'b' },
      {
        csrf: false,
        headers: { 'x-csrf-token': other.csrfToken },
      },
    );
    expect(foreign.status).toBe(401);
  });

  it('reads JSON bodies whatever their content type', async () => {
    const visitor = t.client();
    await visitor.start();
    const body = JSON.stringify({ username: 'nobody_here', password: 'whatever1' });
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
    ]) {
      const res = await visitor.post('/api/_login', undefined, {
        raw: body,
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(401);
      expect(res.json.code).toBe('wrong-password');
    }
    const untyped = await visitor.post('/api/_login', undefined, { raw: body });
    expect(untyped.status).toBe(401);
  });

  it('answers malformed JSON and wrong types with 400 invalid_json, never 500', async () => {
    const visitor = t.client();
    await visitor.start();
    const cases: Array<[string, string]> = [
      ['not json', '{"username":'],
      ['an array', '[1,2]'],
      ['a string', '"hello"'],
      ['a number username', '{"username":5,"password":"password1"}'],
      ['a null password', '{"username":"abcd","password":null}'],
      ['an object username', '{"username":{"$ne":1},"password":"x"}'],
    ];
    for (const [name, raw] of cases) {
      const res = await visitor.post('/api/_login', undefined, {
        raw,
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status, name).toBe(400);
      expect(res.json.code, name).toBe('invalid_json');
    }
  });

  it('refuses bodies over the size limit with a 4xx', async () => {
    const visitor = t.client();
    await visitor.start();
    const res = await visitor.post('/api/_login', { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('body_too_large');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.client().get('/api/_initial');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('compresses responses when the client accepts it, small and large, as the same JSON', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/_initial',
      headers: { 'accept-encoding': 'gzip' },
    });
    // _initial is small; a response under the threshold may go uncompressed, a large one must not.
    expect(['gzip', undefined]).toContain(small.headers['content-encoding']);

    // A member's feed page is made for them alone: compressed for each request (app.ts), here past
    // the size that @fastify/compress would otherwise send through a stream.
    const writer = await member(t, { points: 100 });
    const community = await newCommunity(writer.client);
    for (let i = 0; i < 30; i++) {
      const res = await writer.client.post('/api/posts', {
        type: 'text',
        title: `A long enough title to fill the page, number ${i}`,
        body: 'Words. '.repeat(40),
        community: community.name,
      });
      expect(res.status).toBe(200);
    }
    const cookie = [...writer.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `/api/posts?sort=latest&communityId=${community.id}&limit=30`;
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);
    const expected = JSON.parse(plain.body);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
    }
  });

  it('redirects www hosts to the bare host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/_initial?x=1',
      headers: { host: 'www.example.org' },
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('http://example.org/api/_initial?x=1');
  });

  it('answers the health check outside /api/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('proxies and https', () => {
  it('ignores X-Forwarded-For and X-Forwarded-Proto from untrusted peers', async () => {
    const t = await createTestApp();
    try {
      const visitor = t.client();
      const res = await visitor.get('/api/_initial', {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === 'SID')?.secure).toBeFalsy();
      const signup = await visitor.post(
        '/api/_signup',
        { username: 'proxied1', password: 'password123' },
        {
          headers: { 'x-forwarded-for': '203.0.113.9' },
        },
      );
      expect(signup.status).toBe(201);
      const row = await t.db
        .selectFrom('users')
        .select('created_ip')
        .where('username', '=', 'proxied1')
        .executeTakeFirstOrThrow();
      expect(row.created_ip).toBe('127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it('believes a trusted proxy: the client address and https', async () => {
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const visitor = t.client();
      const res = await visitor.get('/api/_initial', {
        headers: { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === 'SID')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toBeDefined();
      const signup = await visitor.post(
        '/api/_signup',
        { username: 'proxied2', password: 'password123' },
        {
          headers: { 'x-forwarded-for': '10.9.9.9, 198.51.100.7', 'x-forwarded-proto': 'https' },
        },
      );
      expect(signup.status).toBe(201);
      const row = await t.db
        .selectFrom('users')
        .select('created_ip')
        .where('username', '=', 'proxied2')
        .executeTakeFirstOrThrow();
      // The nearest address not added by a trusted proxy.
      expect(row.created_ip).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://forum.example.org' });
    try {
      const res = await t.client().get('/api/_initial');
      expect(res.cookies.find((c) => c.name === 'SID')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('server faults', () => {
  it('masks unexpected errors as a 500 without details', async () => {
    const t = await createTestApp();
    try {
      // Break the database under a real route: the answer must not leak the failure.
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/users/ghost' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, message: 'Internal Server Error' });
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
    } finally {
      await t.app.close();
    }
  });
});
