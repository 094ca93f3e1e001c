import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperation } from '../src/operations/operations.js';
import { purgeExpiredSessions } from '../src/sessions/sessions.service.js';
import { loggedInClient, makeUser } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient, type TestResponse } from './harness.js';

/** Server-side sessions: storage, lifetime, last seen and ending them (API.md §3.1, DOMAIN §8.1, §8.7). */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const LIFETIME = 360 * DAY;
const CLIENT_IP = '203.0.113.50';

// One clock for the file; it only moves forward, and every test reads times from it.
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  // A trusted local proxy, so the client address is ours to choose and shows up in last_seen_ip.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { clock: clock.clock });
});
afterAll(() => t.close());

const fromClient = { headers: { 'x-forwarded-for': CLIENT_IP } };

async function countSessions(): Promise<number> {
  const { n } = await t.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

function sessionRow(id: string) {
  return t.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

function lastSeenOf(userId: string) {
  return t.db
    .selectFrom('users')
    .select(['last_seen', 'last_seen_ip'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

const sidCookie = (res: TestResponse) => res.cookies.find((c) => c.name === 'SID');

function operationContext() {
  return {
    db: t.db,
    config: t.config,
    engine: t.database.engine,
    clock: clock.clock,
    runner: 'this command',
  };
}

describe('session storage', () => {
  it('stores no session for anonymous visits, and one after login', async () => {
    const before = await countSessions();
    const client = t.client();
    await client.start();
    await client.get('/api/_user');
    await client.get('/api/users/ghost');
    await client.post('/api/_login', { username: 'ghost', password: 'not the password' });
    await client.post('/api/_signup', { username: 'ab', password: 'short' });
    await t.client().get('/api/_initial');
    expect(await countSessions()).toBe(before);

    const user = await makeUser(t.db);
    const res = await client.login(user.username);
    expect(res.status).toBe(200);
    expect(await countSessions()).toBe(before + 1);
    const row = await sessionRow(client.cookies.get('SID')!);
    expect(row).toMatchObject({ user_id: user.id });
    expect(row!.expires_at.getTime()).toBe(clock.now.getTime() + LIFETIME);
    expect(row!.last_seen_at!.getTime()).toBe(clock.now.getTime());
  });

  it('sets the session cookie to expire with the session', async () => {
    const user = await makeUser(t.db);
    const client = t.client();
    await client.start();
    const res = await client.login(user.username);
    expect(new Date(sidCookie(res)!.expires!).getTime()).toBe(
      Math.floor((clock.now.getTime() + LIFETIME) / 1000) * 1000,
    );
  });
});

describe('session lifetime', () => {
  it('treats a session past its 360 days as anonymous', async () => {
    const expiring = await loggedInClient(t, await makeUser(t.db));
    const sid = expiring.cookies.get('SID')!;
    expect((await sessionRow(sid))!.expires_at.getTime()).toBe(clock.now.getTime() + LIFETIME);
    const visited = await loggedInClient(t, await makeUser(t.db));

    clock.advance(LIFETIME - 1000);
    expect((await visited.get('/api/_user')).status).toBe(200); // a second before the end

    clock.advance(1000);
    const res = await expiring.get('/api/_user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: 401, code: 'not_logged_in', message: 'User is not logged in.' });
    expect((await expiring.get('/api/_initial')).json.user).toBeNull();
    // The visited session rolled forward and lives on.
    expect((await visited.get('/api/_user')).status).toBe(200);
  });

  it('rolls the 360 days forward on each recorded visit', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    const sid = client.cookies.get('SID')!;
    clock.advance(300 * DAY);
    expect((await client.get('/api/_user')).status).toBe(200);
    expect((await sessionRow(sid))!.expires_at.getTime()).toBe(clock.now.getTime() + LIFETIME);
    clock.advance(300 * DAY); // 600 days after login, 300 after the last visit
    expect((await client.get('/api/_user')).status).toBe(200);
  });

  it('lets an expired session log in again', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    clock.advance(LIFETIME + MINUTE);
    expect((await client.get('/api/_user')).status).toBe(401);
    expect((await client.login(user.username)).status).toBe(200);
    expect((await client.get('/api/_user')).status).toBe(200);
  });
});

describe('last seen', () => {
  it('writes last_seen and last_seen_ip at most every 5 minutes, re-issuing the cookie when it does', async () => {
    const user = await makeUser(t.db);
    const client = t.client();
    await client.get('/api/_initial', fromClient);
    expect(
      (await client.post('/api/_login', { username: user.username, password: 'password123' }, fromClient))
        .status,
    ).toBe(200);
    const sid = client.cookies.get('SID')!;
    const loginTime = clock.now.getTime();

    // The login is a visit: written at once.
    expect(await lastSeenOf(user.id)).toEqual({ last_seen: new Date(loginTime), last_seen_ip: CLIENT_IP });

    // Within 5 minutes of the login: nothing more is written and the cookie is not sent again.
    clock.advance(5 * MINUTE - 1000);
    let res = await client.get('/api/_user', fromClient);
    expect(res.status).toBe(200);
    expect(sidCookie(res)).toBeUndefined();
    expect(await lastSeenOf(user.id)).toEqual({ last_seen: new Date(loginTime), last_seen_ip: CLIENT_IP });
    expect((await sessionRow(sid))!.last_seen_at!.getTime()).toBe(loginTime);

    // 5 minutes after: written, and the cookie rolls with the session.
    clock.advance(1000);
    res = await client.get('/api/_user', fromClient);
    const firstWrite = clock.now.getTime();
    expect(await lastSeenOf(user.id)).toEqual({ last_seen: new Date(firstWrite), last_seen_ip: CLIENT_IP });
    expect(sidCookie(res)?.value).toBe(sid);
    expect(new Date(sidCookie(res)!.expires!).getTime()).toBe(
      Math.floor((firstWrite + LIFETIME) / 1000) * 1000,
    );
    expect((await sessionRow(sid))!.last_seen_at!.getTime()).toBe(firstWrite);

    // Any route counts as a visit, but not more often than every 5 minutes.
    clock.advance(4 * MINUTE);
    res = await client.get('/api/_initial', { headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(sidCookie(res)).toBeUndefined();
    expect(await lastSeenOf(user.id)).toEqual({ last_seen: new Date(firstWrite), last_seen_ip: CLIENT_IP });

    clock.advance(MINUTE);
    res = await client.get('/api/_initial', { headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(sidCookie(res)?.value).toBe(sid);
    expect(await lastSeenOf(user.id)).toEqual({
      last_seen: new Date(clock.now.getTime()),
      last_seen_ip: '198.51.100.99',
    });
  });

  it('writes nothing for anonymous visitors', async () => {
    const client = t.client();
    await client.start();
    clock.advance(10 * MINUTE);
    const res = await client.get('/api/_initial');
    expect(sidCookie(res)).toBeUndefined();
  });
});

describe('ending sessions', () => {
  it('ends every session of a user banned by the operator, who then cannot log in', async () => {
    const user = await makeUser(t.db);
    const bystander = await makeUser(t.db);
    const clients: TestClient[] = [await loggedInClient(t, user), await loggedInClient(t, user)];
    const other = await loggedInClient(t, bystander);

    await runOperation(operationContext(), { op: 'ban', username: user.username });

    for (const client of clients) {
      const res = await client.get('/api/_user');
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('not_logged_in');
    }
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
    expect((await other.get('/api/_user')).status).toBe(200);

    const again = await clients[0]!.login(user.username);
    expect(again.status).toBe(403);
    expect(again.json).toEqual({
      status: 403,
      code: 'account_suspended',
      message: 'User account suspended.',
    });
  });

  it('purgeExpiredSessions deletes only the expired rows', async () => {
    const user = await makeUser(t.db);
    const pivot = new Date(clock.now.getTime());
    const at = (ms: number) => new Date(pivot.getTime() + ms);
    const rows = [
      { id: 'expired_long_ago_000000000000000000', expires_at: at(-30 * DAY) },
      { id: 'expired_just_now_000000000000000000', expires_at: at(-1) },
      { id: 'valid_for_a_while_00000000000000000', expires_at: at(30 * DAY) },
      { id: 'valid_a_bit_longer_0000000000000000', expires_at: at(1000) },
    ];
    await t.db
      .insertInto('sessions')
      .values(rows.map((r) => ({ ...r, user_id: user.id, last_seen_at: pivot })))
      .execute();
    const { n } = await t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '<', pivot)
      .executeTakeFirstOrThrow();
    const total = await countSessions();

    const deleted = await purgeExpiredSessions({ db: t.db, clock: () => pivot });

    expect(deleted).toBe(Number(n));
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await countSessions()).toBe(total - deleted);
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual([
      'valid_a_bit_longer_0000000000000000',
      'valid_for_a_while_00000000000000000',
    ]);
    const stillExpired = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('expires_at', '<', pivot)
      .execute();
    expect(stillExpired).toEqual([]);
  });
});
