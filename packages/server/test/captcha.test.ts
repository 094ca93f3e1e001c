import { captchaToken } from '@commons/shared';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../src/site/site-settings.repository.js';
import { guest, makeUser, uniqueName } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient } from './harness.js';

/** The self-hosted proof-of-work captcha of signup (API.md §6.4, DOMAIN §8.3 step 4). */

const PASSWORD = 'password123';
const EMPTY = { status: 400, code: 'captcha_empty', message: 'Empty captcha token' };
const REJECTED = { status: 403, code: 'captcha_verify_fail_2', message: 'Captcha token rejected.' };

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The token exactly as the web client builds it. */
const tokenOf = (challenge: Challenge, number: number) => captchaToken(challenge, number);

async function solve(challenge: Challenge): Promise<number> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('challenge not solved');
  return solution.number;
}

async function fetchChallenge(client: TestClient): Promise<Challenge> {
  const res = await client.get('/api/_captcha');
  expect(res.status).toBe(200);
  return res.json as Challenge;
}

/** A solved, unused token of the app's own. */
async function solvedToken(
  client: TestClient,
): Promise<{ token: string; challenge: Challenge; number: number }> {
  const challenge = await fetchChallenge(client);
  const number = await solve(challenge);
  return { token: tokenOf(challenge, number), challenge, number };
}

function userExists(t: TestApp, username: string) {
  return t.db
    .selectFrom('users')
    .select('id')
    .where('username_lc', '=', username.toLowerCase())
    .executeTakeFirst()
    .then(Boolean);
}

describe('captcha on (CAPTCHA=altcha)', () => {
  const clock = new TestClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'altcha' }, { clock: clock.clock });
  });
  afterAll(() => t.close());

  describe('GET /api/_captcha', () => {
    it('returns a fresh SHA-256 challenge whose salt expires in 10 minutes', async () => {
      const client = t.client();
      const res = await client.get('/api/_captcha');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const c = res.json as Challenge;
      expect(Object.keys(c).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
      expect(c.algorithm).toBe('SHA-256');
      expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
      expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(Number.isInteger(c.maxnumber)).toBe(true);
      expect(c.maxnumber).toBeGreaterThanOrEqual(1000);
      expect(c.maxnumber).toBeLessThanOrEqual(1_000_000);
      const expires = new URLSearchParams(c.salt.split('?')[1]).get('expires');
      expect(Number(expires)).toBe(Math.floor((clock.now.getTime() + 10 * 60 * 1000) / 1000));

      const again = (await client.get('/api/_captcha')).json as Challenge;
      expect(again.challenge).not.toBe(c.challenge);
      expect(again.salt).not.toBe(c.salt);
    });
  });

  describe('POST /api/_signup with the captcha', () => {
    it('signs up with a solved token, and refuses the same token a second time', async () => {
      const { token } = await solvedToken(t.client());
      const username = uniqueName();
      const ok = await (
        await guest(t)
      ).post('/api/_signup', { username, password: PASSWORD, captchaToken: token });
      expect(ok.status).toBe(201);
      expect(ok.json.username).toBe(username);

      const replayedName = uniqueName();
      const replay = await (
        await guest(t)
      ).post('/api/_signup', { username: replayedName, password: PASSWORD, captchaToken: token });
      expect(replay.status).toBe(403);
      expect(replay.json).toEqual(REJECTED);
      expect(await userExists(t, replayedName)).toBe(false);
    });

    it('refuses an empty or missing token with 400 captcha_empty', async () => {
      const client = await guest(t);
      for (const body of [
        { username: uniqueName(), password: PASSWORD, captchaToken: '' },
        { username: uniqueName(), password: PASSWORD, captchaToken: null },
        { username: uniqueName(), password: PASSWORD },
      ]) {
        const res = await client.post('/api/_signup', body);
        expect(res.status).toBe(400);
        expect(res.json).toEqual(EMPTY);
        expect(await userExists(t, body.username)).toBe(false);
      }
    });

    it('refuses garbage tokens with 403 captcha_verify_fail_2', async () => {
      const client = await guest(t);
      const garbage = [
        'garbage',
        '!!!not base64!!!',
        btoa('not json'),
        btoa('[]'),
        btoa(JSON.stringify({ algorithm: 'SHA-256', challenge: 1, number: 'x', salt: 2, signature: 3 })),
        btoa(JSON.stringify({ algorithm: 'MD5', challenge: 'a', number: 1, salt: 'b', signature: 'c' })),
      ];
      for (const captchaToken of garbage) {
        const username = uniqueName();
        const res = await client.post('/api/_signup', { username, password: PASSWORD, captchaToken });
        expect(res.status, captchaToken).toBe(403);
        expect(res.json, captchaToken).toEqual(REJECTED);
        expect(await userExists(t, username)).toBe(false);
      }
    });

    it('refuses a tampered token, and a refused token stays usable untampered', async () => {
      const { challenge, number, token } = await solvedToken(t.client());
      const client = await guest(t);
      const later = Math.floor(Date.now() / 1000) + 86_400;
      const tampered: Array<[string, string]> = [
        ['wrong number', tokenOf(challenge, number === 0 ? 1 : number - 1)],
        ['other signature', tokenOf({ ...challenge, signature: 'f'.repeat(64) }, number)],
        [
          'longer expiry',
          tokenOf({ ...challenge, salt: challenge.salt.replace(/expires=\d+/, `expires=${later}`) }, number),
        ],
        ['other challenge', tokenOf({ ...challenge, challenge: '0'.repeat(64) }, number)],
      ];
      for (const [name, captchaToken] of tampered) {
        expect(captchaToken).not.toBe(token);
        const res = await client.post('/api/_signup', {
          username: uniqueName(),
          password: PASSWORD,
          captchaToken,
        });
        expect(res.status, name).toBe(403);
        expect(res.json, name).toEqual(REJECTED);
      }
      const res = await client.post('/api/_signup', {
        username: uniqueName(),
        password: PASSWORD,
        captchaToken: token,
      });
      expect(res.status).toBe(201);
    });

    it('refuses a token solved for a challenge signed with another key', async () => {
      const forged = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey: 'not the site key',
        maxNumber: 1000,
        expires: new Date(Date.now() + 10 * 60 * 1000),
      });
      const captchaToken = tokenOf(
        { ...forged, maxnumber: 1000 },
        await solve({ ...forged, maxnumber: 1000 }),
      );
      const res = await (
        await guest(t)
      ).post('/api/_signup', { username: uniqueName(), password: PASSWORD, captchaToken });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(REJECTED);
    });

    it('refuses a token whose challenge has expired', async () => {
      // The challenge is issued 11 minutes in the past, so it expired a minute ago.
      const realNow = clock.now;
      clock.now = new Date(Date.now() - 11 * 60 * 1000);
      let solved: Awaited<ReturnType<typeof solvedToken>>;
      try {
        solved = await solvedToken(t.client());
      } finally {
        clock.now = realNow;
      }
      const username = uniqueName();
      const res = await (
        await guest(t)
      ).post('/api/_signup', { username, password: PASSWORD, captchaToken: solved.token });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(REJECTED);
      expect(await userExists(t, username)).toBe(false);
    });

    it('checks the captcha after the session and site checks and before the username checks', async () => {
      const client = await guest(t);
      // An empty token wins over a taken or invalid username.
      for (const username of ['ghost', 'a']) {
        const res = await client.post('/api/_signup', { username, password: PASSWORD, captchaToken: '' });
        expect(res.json).toEqual(EMPTY);
      }
      // Disabled signups win over an empty token.
      await saveSiteSettings(t.db, { signupsDisabled: true });
      try {
        const res = await client.post('/api/_signup', { username: uniqueName(), password: PASSWORD });
        expect(res.status).toBe(403);
        expect(res.json.code).toBe('signups-disabled');
      } finally {
        await saveSiteSettings(t.db, { signupsDisabled: false });
      }
      // A logged-in session wins too.
      const user = await makeUser(t.db);
      const member = t.client();
      expect((await member.login(user.username)).status).toBe(200);
      const res = await member.post('/api/_signup', { username: uniqueName(), password: PASSWORD });
      expect(res.json.code).toBe('already_logged_in');
    });

    it('uses up a token verified by a signup that then failed a later check', async () => {
      const { token } = await solvedToken(t.client());
      const client = await guest(t);
      const taken = await client.post('/api/_signup', {
        username: 'ghost',
        password: PASSWORD,
        captchaToken: token,
      });
      expect(taken.status).toBe(409);
      expect(taken.json.code).toBe('user_exists');
      const retry = await client.post('/api/_signup', {
        username: uniqueName(),
        password: PASSWORD,
        captchaToken: token,
      });
      expect(retry.json).toEqual(REJECTED);
    });
  });
});

describe('captcha off (CAPTCHA=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' });
  });
  afterAll(() => t.close());

  it('answers GET /api/_captcha with 404', async () => {
    const res = await t.client().get('/api/_captcha');
    expect(res.status).toBe(404);
    expect(res.json.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('signs up without a token, and ignores one that is sent', async () => {
    const first = await (await guest(t)).post('/api/_signup', { username: uniqueName(), password: PASSWORD });
    expect(first.status).toBe(201);
    const second = await (
      await guest(t)
    ).post('/api/_signup', { username: uniqueName(), password: PASSWORD, captchaToken: 'garbage' });
    expect(second.status).toBe(201);
  });
});
