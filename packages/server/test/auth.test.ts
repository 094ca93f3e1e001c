import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../src/site/site-settings.repository.js';
import { isWeakHash } from '../src/users/passwords.js';
import { guest, loggedInClient, makeUser, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { SELF_VIEW_KEYS } from './user-views.js';
import { NOT_LOGGED_IN, SUSPENDED } from './api-errors.js';

/** Signup, login and logout (API.md §6.2–§6.4, DOMAIN §8.3–§8.5). */

const PASSWORD = 'password123';
const DAY_MS = 24 * 3600 * 1000;

async function countRows(t: TestApp, table: 'users' | 'sessions'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function userRow(t: TestApp, username: string) {
  return t.db
    .selectFrom('users')
    .selectAll()
    .where('username_lc', '=', username.toLowerCase())
    .executeTakeFirst();
}

function cookiesNamed(res: TestResponse, name: string) {
  return res.cookies.filter((c) => c.name === name);
}

function signupAs(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/_signup', body);
}

const usernameError = (message: string) => ({ status: 400, code: 'invalid-username', message });
const passwordError = (message: string) => ({ status: 400, code: 'invalid-password', message });
const WRONG_PASSWORD = {
  status: 401,
  code: 'wrong-password',
  message: 'Username and password do not match.',
};
const CSRF_FAILURE = { status: 401, message: 'Unauthorized.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/_signup: checks in the contract order', () => {
  it('refuses a logged-in session with 400 already_logged_in, before anything else', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    await saveSiteSettings(t.db, { signupsDisabled: true });
    try {
      const res = await signupAs(client, { username: 'ab', password: '' });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        status: 400,
        code: 'already_logged_in',
        message: 'You are already logged in.',
      });
    } finally {
      await saveSiteSettings(t.db, { signupsDisabled: false });
    }
  });

  it('refuses with 403 signups-disabled when the site setting is on, before the username checks', async () => {
    await saveSiteSettings(t.db, { signupsDisabled: true });
    try {
      const users = await countRows(t, 'users');
      const client = await guest(t);
      for (const username of [uniqueName(), 'ghost', 'a']) {
        const res = await signupAs(client, { username, password: PASSWORD });
        expect(res.status, username).toBe(403);
        expect(res.json).toEqual({
          status: 403,
          code: 'signups-disabled',
          message: 'We have temporarily disabled creating new accounts. Please check back again later.',
        });
      }
      expect(await countRows(t, 'users')).toBe(users);
    } finally {
      await saveSiteSettings(t.db, { signupsDisabled: false });
    }
    const res = await signupAs(await guest(t), { username: uniqueName(), password: PASSWORD });
    expect(res.status).toBe(201);
  });

  it('refuses a taken username with 409 user_exists, case-insensitively, naming it as sent', async () => {
    const existing = await makeUser(t.db, { username: uniqueName('Taken') });
    const asSent = existing.username.toUpperCase();
    const res = await signupAs(await guest(t), { username: asSent, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ status: 409, code: 'user_exists', message: `${asSent} is already taken.` });
  });

  it('counts deleted accounts as taken', async () => {
    const deleted = await makeUser(t.db, { deleted: true });
    const res = await signupAs(await guest(t), { username: deleted.username, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      status: 409,
      code: 'user_exists',
      message: `${deleted.username} is already taken.`,
    });
  });

  it('counts the sentinel accounts ghost and nobody as taken', async () => {
    const client = await guest(t);
    for (const username of ['ghost', 'Nobody', 'GHOST']) {
      const res = await signupAs(client, { username, password: PASSWORD });
      expect(res.status, username).toBe(409);
      expect(res.json).toEqual({
        status: 409,
        code: 'user_exists',
        message: `${username} is already taken.`,
      });
    }
  });

  it('checks whether the name is taken before the username, password and email rules', async () => {
    // A stored name that breaks today's rules (made directly in the database) is still "taken" first.
    const odd = await makeUser(t.db, { username: `x-${process.pid % 1000}` });
    const res = await signupAs(await guest(t), { username: odd.username, password: '', email: 'bad' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('user_exists');
  });

  it('refuses each username rule with 400 invalid-username and its message', async () => {
    const client = await guest(t);
    const cases: Array<[unknown, string]> = [
      ['', 'Username is empty.'],
      ['   ', 'Username is empty.'],
      [undefined, 'Username is empty.'],
      ['abc', 'Username is too short.'],
      ['ééé', 'Username is too short.'], // characters, not bytes
      ['a'.repeat(22), 'Username is too long.'],
      ['bad-name', 'Username contains disallowed characters.'],
      ['two words', 'Username contains disallowed characters.'],
      ['émile_01', 'Username contains disallowed characters.'],
    ];
    for (const [username, message] of cases) {
      const res = await signupAs(client, { username, password: PASSWORD });
      expect(res.status, String(username)).toBe(400);
      expect(res.json, String(username)).toEqual(usernameError(message));
    }
  });

  it('checks the username before the password', async () => {
    const res = await signupAs(await guest(t), { username: 'abc', password: '' });
    expect(res.json).toEqual(usernameError('Username is too short.'));
  });

  it('refuses an empty or short password with 400 invalid-password', async () => {
    const client = await guest(t);
    const cases: Array<[unknown, string]> = [
      ['', 'Password empty.'],
      ['      ', 'Password empty.'],
      [undefined, 'Password empty.'],
      ['seven77', 'Password too short.'],
      ['  seven77  ', 'Password too short.'], // trimmed first
      ['ééééééé', 'Password too short.'], // 7 characters, 14 bytes
    ];
    for (const [password, message] of cases) {
      const res = await signupAs(client, { username: uniqueName(), password });
      expect(res.status, String(password)).toBe(400);
      expect(res.json, String(password)).toEqual(passwordError(message));
    }
  });

  it('checks the password before the email', async () => {
    const res = await signupAs(await guest(t), {
      username: uniqueName(),
      password: 'short',
      email: 'not-an-email',
    });
    expect(res.json).toEqual(passwordError('Password too short.'));
  });

  it('refuses a malformed email with 400 invalid-email', async () => {
    const client = await guest(t);
    for (const email of ['not-an-email', 'a@b', 'two words@example.org', '@example.org']) {
      const res = await signupAs(client, { username: uniqueName(), password: PASSWORD, email });
      expect(res.status, email).toBe(400);
      expect(res.json, email).toEqual({
        status: 400,
        code: 'invalid-email',
        message: 'Enter a valid email address.',
      });
    }
  });

  it('creates nothing when a check fails', async () => {
    const [users, sessions] = [await countRows(t, 'users'), await countRows(t, 'sessions')];
    const client = await guest(t);
    const username = uniqueName();
    await signupAs(client, { username, password: 'short' });
    await signupAs(client, { username, password: PASSWORD, email: 'bad' });
    expect(await userRow(t, username)).toBeUndefined();
    expect(await countRows(t, 'users')).toBe(users);
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  it('refuses wrong types with 400 invalid_json', async () => {
    const client = await guest(t);
    for (const body of [
      { username: 5, password: PASSWORD },
      { username: uniqueName(), password: 12345678 },
    ]) {
      const res = await signupAs(client, body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    const array = await client.post('/api/_signup', undefined, { raw: '[]' });
    expect(array.status).toBe(400);
    expect(array.json.code).toBe('invalid_json');
  });
});

describe('POST /api/_signup: success', () => {
  it('answers 201 with the self view, logs the session in under a new id and a new CSRF token', async () => {
    const client = await guest(t);
    const oldSid = client.cookies.get('SID')!;
    const oldToken = client.csrfToken;
    const username = uniqueName('New');
    const res = await signupAs(client, { username, password: PASSWORD, email: 'me@example.org' });

    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(SELF_VIEW_KEYS);
    const row = (await userRow(t, username))!;
    expect(res.json).toMatchObject({
      id: row.id,
      username,
      email: 'me@example.org',
      emailConfirmedAt: null,
      aboutMe: null,
      points: 1,
      isAdmin: false,
      proPic: null,
      badges: [],
      noPosts: 0,
      noComments: 0,
      deleted: false,
      deletedAt: null,
      upvoteNotificationsOff: false,
      replyNotificationsOff: false,
      homeFeed: 'all',
      rememberFeedSort: false,
      embedsOff: false,
      hideUserProfilePictures: false,
      requireAltText: false,
      bannedAt: null,
      isBanned: false,
      notificationsNewCount: 0,
      moddingList: null,
    });
    expect(res.json.id).toMatch(/^[0-9a-f]{24}$/);

    const sid = cookiesNamed(res, 'SID');
    expect(sid).toHaveLength(1);
    expect(sid[0]!.value).toMatch(/^[0-9A-Za-z_]{36}$/);
    expect(sid[0]!.value).not.toBe(oldSid);
    const token = res.headers['csrf-token'];
    expect(typeof token).toBe('string');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(token).not.toBe(oldToken);
    expect(cookiesNamed(res, 'csrftoken').map((c) => c.value)).toEqual([token]);

    const session = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sid[0]!.value)
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(row.id);

    // The old token does not pass for the new session; the new one does.
    const withOldToken = await client.post('/api/_login?action=logout', undefined, {
      csrf: false,
      headers: { 'x-csrf-token': oldToken },
    });
    expect(withOldToken.status).toBe(401);
    expect(withOldToken.json).toEqual(CSRF_FAILURE);
    expect((await client.get('/api/_user')).json.username).toBe(username);
    const logout = await client.post('/api/_login?action=logout');
    expect(logout.status).toBe(200);
  });

  it('stores the user with its created IP and an argon2id hash, never the password', async () => {
    const username = uniqueName();
    const secret = 'a long secret passphrase';
    const res = await signupAs(await guest(t), { username, password: secret, email: '' });
    expect(res.status).toBe(201);
    const row = (await userRow(t, username))!;
    expect(row.created_ip).toBe('127.0.0.1');
    expect(row.email).toBeNull();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password).not.toContain(secret);
    expect(await verify(row.password, secret)).toBe(true);
    expect(isWeakHash(row.password)).toBe(false);
  });

  it('trims the username, the password and the email', async () => {
    const username = uniqueName();
    const res = await signupAs(await guest(t), {
      username: `  ${username}\t`,
      password: `  ${PASSWORD}  `,
      email: '  me@example.org ',
    });
    expect(res.status).toBe(201);
    expect(res.json.username).toBe(username);
    const row = (await userRow(t, username))!;
    expect(row.username).toBe(username);
    expect(row.email).toBe('me@example.org');
    expect(await verify(row.password, PASSWORD)).toBe(true);
    expect((await t.client().login(username, PASSWORD)).status).toBe(200);
  });

  it('accepts a 21-character username and refuses a 22-character one', async () => {
    const base = uniqueName('L');
    const name21 = base.padEnd(21, 'x');
    const ok = await signupAs(await guest(t), { username: name21, password: PASSWORD });
    expect(ok.status).toBe(201);
    expect(ok.json.username).toBe(name21);
    expect((await userRow(t, name21))?.username).toBe(name21);

    const name22 = uniqueName('L').padEnd(22, 'x');
    const refused = await signupAs(await guest(t), { username: name22, password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(usernameError('Username is too long.'));
  });

  it('accepts a 4-character username, a password of exactly 8 characters and a null email', async () => {
    const username = `f${(process.pid % 100).toString().padStart(2, '0')}${Date.now() % 10}`;
    const res = await signupAs(await guest(t), { username, password: 'eight888', email: null });
    expect(res.status).toBe(201);
    expect(res.json.email).toBeNull();
  });
});

describe('POST /api/_login', () => {
  it('answers 401 wrong-password for a wrong password, an unknown user and a deleted user', async () => {
    const user = await makeUser(t.db);
    const deleted = await makeUser(t.db, { deleted: true });
    const client = await guest(t);
    for (const [username, password] of [
      [user.username, 'wrong password'],
      [uniqueName('nobodyhere'), PASSWORD],
      [deleted.username, PASSWORD],
    ] as const) {
      const res = await client.post('/api/_login', { username, password });
      expect(res.status, username).toBe(401);
      expect(res.json, username).toEqual(WRONG_PASSWORD);
    }
    expect((await client.get('/api/_user')).status).toBe(401);
  });

  it('answers 403 account_suspended for a banned account with the right password, and starts no session', async () => {
    const banned = await makeUser(t.db, { banned: true });
    const sessions = await countRows(t, 'sessions');
    const client = await guest(t);
    const res = await client.post('/api/_login', { username: banned.username, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(SUSPENDED);
    expect(cookiesNamed(res, 'SID')).toEqual([]);
    expect(await countRows(t, 'sessions')).toBe(sessions);
    // The password is checked first: a wrong one says nothing about the ban.
    const wrong = await client.post('/api/_login', { username: banned.username, password: 'wrong password' });
    expect(wrong.json).toEqual(WRONG_PASSWORD);
  });

  it('returns the self view and issues a new session id and CSRF token', async () => {
    const user = await makeUser(t.db, { email: 'login@example.org' });
    const client = await guest(t);
    const oldSid = client.cookies.get('SID')!;
    const oldToken = client.csrfToken;
    const res = await client.post('/api/_login', { username: user.username, password: PASSWORD });

    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(SELF_VIEW_KEYS);
    expect(res.json).toMatchObject({
      id: user.id,
      username: user.username,
      email: 'login@example.org',
      moddingList: null,
    });

    const sid = cookiesNamed(res, 'SID');
    expect(sid).toHaveLength(1);
    expect(sid[0]!.value).toMatch(/^[0-9A-Za-z_]{36}$/);
    expect(sid[0]!.value).not.toBe(oldSid);
    expect(sid[0]!.httpOnly).toBe(true);
    expect(sid[0]!.sameSite).toBe('Lax');
    expect(sid[0]!.path).toBe('/');
    const expires = new Date(sid[0]!.expires!).getTime();
    expect(Math.abs(expires - (Date.now() + 360 * DAY_MS))).toBeLessThan(60_000);

    const token = res.headers['csrf-token'];
    expect(typeof token).toBe('string'); // sent once
    expect(token).not.toBe(oldToken);
    expect(cookiesNamed(res, 'csrftoken').map((c) => c.value)).toEqual([token]);

    // The pre-login id is not logged in (no session fixation).
    const oldIdHolder = t.client();
    oldIdHolder.cookies.set('SID', oldSid);
    const stale = await oldIdHolder.get('/api/_user');
    expect(stale.status).toBe(401);
    expect(stale.json).toEqual(NOT_LOGGED_IN);

    // The old token does not pass for the new session.
    const withOldToken = await client.post('/api/_login?action=logout', undefined, {
      csrf: false,
      headers: { 'x-csrf-token': oldToken },
    });
    expect(withOldToken.json).toEqual(CSRF_FAILURE);
    expect((await client.get('/api/_user')).json.id).toBe(user.id);
  });

  it('matches the username case-insensitively and returns the stored case', async () => {
    const user = await makeUser(t.db, { username: uniqueName('MiXeD') });
    const res = await (
      await guest(t)
    ).post('/api/_login', {
      username: user.username.toLowerCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe(user.username);
  });

  it('trims the username and the password', async () => {
    const user = await makeUser(t.db);
    const res = await (
      await guest(t)
    ).post('/api/_login', {
      username: `  ${user.username} `,
      password: `\t${PASSWORD}  `,
    });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
  });

  it('returns the current user without a new session when already logged in', async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    const sid = client.cookies.get('SID');
    const token = client.csrfToken;
    const sessions = await countRows(t, 'sessions');
    for (const body of [
      { username: other.username, password: PASSWORD },
      { username: 'x', password: 'y' },
      {},
    ]) {
      const res = await client.post('/api/_login', body);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(SELF_VIEW_KEYS);
      expect(res.json.id).toBe(user.id);
      expect(cookiesNamed(res, 'SID')).toEqual([]);
      expect(res.headers['csrf-token']).toBe(token);
    }
    expect(client.cookies.get('SID')).toBe(sid);
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  it('answers a missing body, a non-object body and wrong types with 400 invalid_json', async () => {
    const client = await guest(t);
    const bodies: Array<[string, string | undefined]> = [
      ['no body', undefined],
      ['an array', '[{"username":"a","password":"b"}]'],
      ['null', 'null'],
      ['a number', '5'],
      ['a number username', '{"username":5,"password":"password123"}'],
      ['a boolean password', '{"username":"abcd","password":true}'],
      ['a null username', '{"username":null,"password":"password123"}'],
    ];
    for (const [name, raw] of bodies) {
      const res = await client.request('POST', '/api/_login', raw === undefined ? {} : { raw });
      expect(res.status, name).toBe(400);
      expect(res.json.status, name).toBe(400);
      expect(res.json.code, name).toBe('invalid_json');
      expect(res.json.message, name).toMatch(/^Invalid JSON body\./);
    }
  });

  it('replaces a weak stored hash at the next successful login', async () => {
    const user = await makeUser(t.db);
    const weak = await hash('weak but right', {
      algorithm: 2 as Algorithm, // Argon2id
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(isWeakHash(weak)).toBe(true);
    await t.db.updateTable('users').set({ password: weak }).where('id', '=', user.id).execute();

    // A failed login changes nothing.
    const failed = await (await guest(t)).post('/api/_login', { username: user.username, password: 'wrong' });
    expect(failed.status).toBe(401);
    expect((await userRow(t, user.username))!.password).toBe(weak);

    const res = await (
      await guest(t)
    ).post('/api/_login', {
      username: user.username,
      password: 'weak but right',
    });
    expect(res.status).toBe(200);
    const stored = (await userRow(t, user.username))!.password;
    expect(stored).not.toBe(weak);
    expect(isWeakHash(stored)).toBe(false);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(stored, 'weak but right')).toBe(true);
  });

  it('keeps a strong stored hash as it is', async () => {
    const user = await makeUser(t.db);
    const before = (await userRow(t, user.username))!.password;
    expect(
      (await (await guest(t)).post('/api/_login', { username: user.username, password: PASSWORD })).status,
    ).toBe(200);
    expect((await userRow(t, user.username))!.password).toBe(before);
  });

  it('needs the CSRF token', async () => {
    const user = await makeUser(t.db);
    const client = await guest(t);
    const res = await client.post(
      '/api/_login',
      { username: user.username, password: PASSWORD },
      { csrf: false },
    );
    expect(res.status).toBe(401);
    expect(res.json).toEqual(CSRF_FAILURE);
    expect((await client.get('/api/_user')).status).toBe(401);
  });
});

describe('POST /api/_login?action=logout', () => {
  it('logs out: 200 {success:true}; the session cookie and its CSRF token stay', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    const sid = client.cookies.get('SID')!;
    const token = client.csrfToken;

    const res = await client.post('/api/_login?action=logout');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(cookiesNamed(res, 'SID')).toEqual([]);
    expect(res.headers['csrf-token']).toBe(token);

    const me = await client.get('/api/_user');
    expect(me.status).toBe(401);
    expect(me.json).toEqual(NOT_LOGGED_IN);
    const initial = await client.get('/api/_initial');
    expect(initial.json.user).toBeNull();
    expect(cookiesNamed(initial, 'SID')).toEqual([]);
    expect(initial.headers['csrf-token']).toBe(token);
    expect(client.cookies.get('SID')).toBe(sid);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );

    // The same cookie and token still pass the CSRF check: logging in again works.
    const again = await client.post('/api/_login', { username: user.username, password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it('answers 401 not_logged_in for an anonymous session', async () => {
    const res = await (await guest(t)).post('/api/_login?action=logout');
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
  });

  it('answers any other action with 400 invalid_action and stays logged in', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    for (const action of ['other', 'LOGOUT', '']) {
      const res = await client.post(`/api/_login?action=${action}`);
      expect(res.status, action).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'invalid_action', message: 'Invalid action.' });
    }
    expect((await client.get('/api/_user')).status).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    const res = await client.post('/api/_login?action=logout', undefined, { csrf: false });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(CSRF_FAILURE);
    expect((await client.get('/api/_user')).status).toBe(200);
  });
});

describe('rate limits (RATE_LIMITS=on)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // A trusted local proxy lets each test speak from its own client address.
    limited = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => limited.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('refuses the third signup from one IP within a minute with 429, creating nothing', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 2; i++) {
      const res = await (
        await guest(limited)
      ).post('/api/_signup', { username: uniqueName(), password: PASSWORD }, from(ip));
      expect(res.status).toBe(201);
    }
    const [users, sessions] = [await countRows(limited, 'users'), await countRows(limited, 'sessions')];
    const client = await guest(limited);
    const username = uniqueName();
    const res = await client.post('/api/_signup', { username, password: PASSWORD }, from(ip));
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ status: 429, message: 'Too Many Requests.' });
    expect(await userRow(limited, username)).toBeUndefined();
    expect(await countRows(limited, 'users')).toBe(users);
    expect(await countRows(limited, 'sessions')).toBe(sessions);
    // The limit comes before the username checks.
    const taken = await client.post('/api/_signup', { username: 'ghost', password: PASSWORD }, from(ip));
    expect(taken.status).toBe(429);
    // Another address has its own budget.
    const other = await client.post('/api/_signup', { username, password: PASSWORD }, from('198.51.100.2'));
    expect(other.status).toBe(201);
  });

  it('refuses the 21st login attempt for one IP and username within an hour, even with the right password', async () => {
    const user = await makeUser(limited.db);
    const ip = '198.51.100.10';
    const client = await guest(limited);
    // 10 attempts a second per IP is a separate limit: stay under it.
    for (let batch = 0; batch < 2; batch++) {
      for (let i = 0; i < 10; i++) {
        const res = await client.post(
          '/api/_login',
          { username: user.username, password: 'wrong' },
          from(ip),
        );
        expect(res.status).toBe(401);
      }
      await sleep(1100);
    }
    const refused = await client.post(
      '/api/_login',
      { username: user.username.toUpperCase(), password: PASSWORD },
      from(ip),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ status: 429, message: 'Too Many Requests.' });
    expect((await client.get('/api/_user')).status).toBe(401);

    // The key is the pair: the same IP with another username, and another IP, still get answers.
    const otherName = await client.post('/api/_login', { username: uniqueName(), password: 'x' }, from(ip));
    expect(otherName.status).toBe(401);
    const otherIp = await client.post(
      '/api/_login',
      { username: user.username, password: PASSWORD },
      from('198.51.100.11'),
    );
    expect(otherIp.status).toBe(200);
  });

  it('refuses more than 10 login attempts a second from one IP', async () => {
    const ip = '198.51.100.20';
    const client = await guest(limited);
    const results = await Promise.all(
      Array.from({ length: 11 }, () =>
        client.post('/api/_login', { username: uniqueName(), password: 'wrong' }, from(ip)),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });
});
