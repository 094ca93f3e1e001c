import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ADMIN, NOT_LOGGED_IN, SUSPENDED } from './api-errors.js';
import { guest, makeUser, member, newCommunity, uniqueName, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';

/**
 * The role matrix of the administration routes: each mutating route against a guest, a member, a
 * site-banned account, a moderator and an admin. A refused call answers the contract's code and changes
 * nothing (read back from the database); then bad input of every kind answers 4xx, never 500.
 */

type Role = 'guest' | 'member' | 'banned' | 'moderator' | 'admin';
const ROLES: Role[] = ['guest', 'member', 'banned', 'moderator', 'admin'];

let t: TestApp;
let admin: Member;
let clients: Record<Role, TestClient>;
let bannedUsername: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, { isAdmin: true });
  const plain = await member(t);
  const moderator = await member(t, { points: 500 });
  await newCommunity(moderator.client);
  // Banned the way an admin bans: through the API, which ends the account's sessions.
  const banned = await member(t);
  bannedUsername = banned.user.username;
  expect(
    (await admin.client.post('/api/_admin', { action: 'ban_user', username: bannedUsername })).status,
  ).toBe(200);
  clients = {
    guest: await guest(t),
    member: plain.client,
    banned: banned.client,
    moderator: moderator.client,
    admin: admin.client,
  };
});
afterAll(() => t.close());

/** Everything the administration routes can change. */
async function state() {
  const [settings, blocks, requests, users, defaults, communities] = await Promise.all([
    t.db.selectFrom('application_data').select('value').where('key', '=', 'site_settings').executeTakeFirst(),
    t.db.selectFrom('ip_blocks').selectAll().orderBy('id').execute(),
    t.db.selectFrom('community_requests').selectAll().orderBy('id').execute(),
    t.db.selectFrom('users').select(['id', 'banned_at']).orderBy('id').execute(),
    t.db.selectFrom('default_communities').selectAll().execute(),
    t.db.selectFrom('communities').select('id').orderBy('id').execute(),
  ]);
  return { settings, blocks, requests, users, defaults, communities };
}

interface Route {
  name: string;
  /** Roles that may; the others are refused. */
  allowed: Role[];
  call(client: TestClient): Promise<TestResponse>;
}

/** What a refused role gets: guests (and the banned account, whose sessions ended) 401, others 403. */
function refusalFor(role: Role) {
  return role === 'guest' || role === 'banned' ? NOT_LOGGED_IN : NOT_ADMIN;
}

describe('the role matrix of the mutating administration routes', () => {
  let blockId: number;
  let requestId: number;
  let communityName: string;

  beforeAll(async () => {
    const asker = await member(t);
    await asker.client.post('/api/community_requests', { name: uniqueName('rq') });
    requestId = (await t.db.selectFrom('community_requests').select('id').executeTakeFirstOrThrow()).id;
    const block = await admin.client.post('/api/ipblocks', { address: '198.51.100.1' });
    blockId = block.json.id;
    communityName = (await newCommunity(admin.client)).name;
  });

  const ADMIN_ONLY: Route[] = [
    {
      name: 'PUT /api/site_settings',
      allowed: ['admin'],
      call: (c) => c.put('/api/site_settings', { signupsDisabled: true }),
    },
    {
      name: 'POST /api/ipblocks',
      allowed: ['admin'],
      call: (c) => c.post('/api/ipblocks', { address: '203.0.113.0/24' }),
    },
    {
      name: 'DELETE /api/ipblocks/{id}',
      allowed: ['admin'],
      call: (c) => c.delete(`/api/ipblocks/${blockId}`),
    },
    { name: 'DELETE /api/ipblocks', allowed: ['admin'], call: (c) => c.delete('/api/ipblocks') },
    {
      name: '_admin deny_comm',
      allowed: ['admin'],
      call: (c) => c.post('/api/_admin', { action: 'deny_comm', id: requestId, body: 'No.' }),
    },
    {
      name: 'DELETE /api/community_requests/{id}',
      allowed: ['admin'],
      call: (c) => c.delete(`/api/community_requests/${requestId}`),
    },
    {
      name: '_admin add_default_forum',
      allowed: ['admin'],
      call: (c) => c.post('/api/_admin', { action: 'add_default_forum', name: communityName }),
    },
    {
      name: '_admin unban_user',
      allowed: ['admin'],
      call: (c) => c.post('/api/_admin', { action: 'unban_user', username: bannedUsername }),
    },
  ];

  for (const route of ADMIN_ONLY) {
    it(`${route.name}: refused for everyone but admins, changing nothing; done for an admin`, async () => {
      for (const role of ROLES.filter((r) => !route.allowed.includes(r))) {
        const before = await state();
        const res = await route.call(clients[role]);
        expect(res.json, `${route.name} as ${role}`).toEqual(refusalFor(role));
        expect(await state(), `${route.name} as ${role} changed something`).toEqual(before);
      }
      const before = await state();
      const res = await route.call(clients.admin);
      expect(res.status, `${route.name} as admin: ${res.text}`).toBe(200);
      expect(await state()).not.toEqual(before);
    });
  }

  it('the admin reads: refused for everyone but admins', async () => {
    for (const url of [
      '/api/site_settings',
      '/api/ipblocks',
      `/api/ipblocks/${blockId}`,
      '/api/community_requests',
      '/api/analytics/bss',
      '/api/users',
      '/api/comments',
    ]) {
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        expect((await clients[role].get(url)).json, `${url} as ${role}`).toEqual(refusalFor(role));
      }
      expect((await clients.admin.get(url)).status, url).toBe(200);
    }
  });

  it('POST /api/community_requests: any logged-in account; guests and the banned account get 401', async () => {
    for (const role of ['guest', 'banned'] as const) {
      const before = await state();
      expect((await clients[role].post('/api/community_requests', { name: uniqueName('rq') })).json).toEqual(
        NOT_LOGGED_IN,
      );
      expect(await state()).toEqual(before);
    }
    for (const role of ['member', 'moderator', 'admin'] as const) {
      expect(
        (await clients[role].post('/api/community_requests', { name: uniqueName('rq') })).json,
        role,
      ).toEqual({ success: true });
    }
  });

  it('a banned account cannot log in again to act', async () => {
    const banned = await makeUser(t.db, { banned: true });
    const client = t.client();
    expect((await client.login(banned.username)).json).toEqual(SUSPENDED);
    const before = await state();
    expect((await client.put('/api/site_settings', { signupsDisabled: true })).json).toEqual(NOT_LOGGED_IN);
    expect((await client.post('/api/ipblocks', { address: '192.0.2.33' })).json).toEqual(NOT_LOGGED_IN);
    expect(await state()).toEqual(before);
  });
});

describe('bad input to the administration routes answers 4xx and changes nothing', () => {
  it('wrong types, unknown ids, oversize values and bad cursors', async () => {
    const long = 'x'.repeat(5000);
    const cases: [method: string, url: string, body?: unknown][] = [
      ['PUT', '/api/site_settings', { signupsDisabled: 'yes' }],
      ['PUT', '/api/site_settings', { torBlocked: null }],
      ['PUT', '/api/site_settings', 'true'],
      ['POST', '/api/ipblocks', {}],
      ['POST', '/api/ipblocks', { address: null }],
      ['POST', '/api/ipblocks', { address: long }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4', expiresIn: { hours: 1 } }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4', expiresIn: '-' }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4', expiresIn: 'Infinity' }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4', expiresIn: '1e999' }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4/08x' }],
      ['POST', '/api/ipblocks', { address: '1.2.3.4', note: ['a'] }],
      ['GET', '/api/ipblocks?limit=-1'],
      ['GET', '/api/ipblocks?limit=1.5'],
      ['GET', '/api/ipblocks?limit=99999999999'],
      ['GET', '/api/ipblocks?next=%7B%7D'],
      ['GET', `/api/ipblocks?next=${Buffer.from('{"inEffect":true,"id":-4}').toString('hex')}`],
      ['GET', `/api/ipblocks?next=${Buffer.from('[1]').toString('hex')}`],
      ['GET', `/api/ipblocks?next=${Buffer.from('null').toString('hex')}`],
      ['GET', `/api/ipblocks?next=${'ab'.repeat(500)}`],
      ['GET', '/api/ipblocks?limit=1&limit=2'],
      ['DELETE', '/api/ipblocks?next=nothex'],
      ['GET', '/api/ipblocks/-1'],
      ['GET', '/api/ipblocks/1e3'],
      ['GET', '/api/ipblocks/424242'],
      ['DELETE', '/api/ipblocks/424242'],
      ['DELETE', '/api/ipblocks/9999999999999999999999'],
      ['GET', '/api/analytics/bss?limit=0'],
      ['GET', '/api/analytics/bss?limit=100000'],
      ['GET', '/api/analytics/bss?next=-5'],
      ['GET', '/api/analytics/bss?next=99999999999999999999'],
      ['POST', '/api/community_requests', { name: long }],
      ['POST', '/api/community_requests', { name: ['abc'] }],
      ['POST', '/api/community_requests', { name: 'abc', note: 5 }],
      ['POST', '/api/community_requests', 'abc'],
      ['DELETE', '/api/community_requests/0'],
      ['DELETE', '/api/community_requests/4242424'],
      ['DELETE', '/api/community_requests/99999999999999999999'],
      ['DELETE', '/api/community_requests/1.5'],
      ['POST', '/api/_admin', { action: 'deny_comm', id: -1, body: '' }],
      ['POST', '/api/_admin', { action: 'deny_comm', id: 1e20, body: '' }],
      ['POST', '/api/_admin', { action: 'deny_comm', id: null, body: '' }],
      ['POST', '/api/_admin', { action: 'deny_comm', id: 4242424, body: '' }],
      ['POST', '/api/_admin', { action: 'deny_comm', id: 1, body: { text: 'x' } }],
      ['POST', '/api/_admin', { action: 'no_such_action' }],
      ['POST', '/api/_admin', { action: 7 }],
    ];
    const before = await state();
    for (const [method, url, body] of cases) {
      const res = await admin.client.request(
        method,
        url,
        body === undefined
          ? {}
          : { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      );
      const label = `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`;
      expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.json, label).toMatchObject({ status: res.status, message: expect.any(String) });
    }
    expect(await state()).toEqual(before);
  });
});
