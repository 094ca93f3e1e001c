import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/** `POST /api/_settings` (API.md §6.6, DOMAIN §8.6). */
describe('settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function member() {
    const user = await makeUser(t.db);
    const client = t.client();
    expect((await client.login(user.username)).status).toBe(200);
    return { user, client };
  }

  describe('updateProfile', () => {
    it('merges the nine preferences over the current values and ignores unknown keys', async () => {
      const { client } = await member();
      const res = await client.post('/api/_settings?action=updateProfile', {
        aboutMe: 'I grow tomatoes.',
        email: 'grower@example.org',
        homeFeed: 'subscriptions',
        requireAltText: true,
        embedsOff: true,
        isAdmin: true,
        points: 9999,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        aboutMe: 'I grow tomatoes.',
        email: 'grower@example.org',
        homeFeed: 'subscriptions',
        requireAltText: true,
        embedsOff: true,
        isAdmin: false,
        points: 1,
        upvoteNotificationsOff: false,
        moddingList: null,
      });
      // Absent keys keep their values.
      const again = await client.post('/api/_settings?action=updateProfile', { rememberFeedSort: true });
      expect(again.json).toMatchObject({
        requireAltText: true,
        homeFeed: 'subscriptions',
        rememberFeedSort: true,
      });
      expect((await client.get('/api/_user')).json.requireAltText).toBe(true);
    });

    it('stores "" as an empty email, null clears it, and refuses a malformed one', async () => {
      const { client } = await member();
      expect((await client.post('/api/_settings?action=updateProfile', { email: '' })).json.email).toBe('');
      expect(
        (await client.post('/api/_settings?action=updateProfile', { email: null })).json.email,
      ).toBeNull();
      const bad = await client.post('/api/_settings?action=updateProfile', { email: 'not an email' });
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ status: 400, code: 'invalid-email', message: 'Please enter a valid email' });
    });

    it('refuses a home feed other than all or subscriptions, and wrong types, changing nothing', async () => {
      const { client } = await member();
      const feed = await client.post('/api/_settings?action=updateProfile', { homeFeed: 'moderating' });
      expect(feed.status).toBe(400);
      expect(feed.json.code).toBe('invalid-home-feed');
      const typed = await client.post('/api/_settings?action=updateProfile', { requireAltText: 'yes' });
      expect(typed.status).toBe(400);
      expect(typed.json.code).toBe('invalid_json');
      expect((await client.get('/api/_user')).json).toMatchObject({ homeFeed: 'all', requireAltText: false });
    });

    it('answers an empty body, or one of unknown keys only, with the user unchanged', async () => {
      const { user, client } = await member();
      const before = (await client.post('/api/_settings?action=updateProfile', { aboutMe: 'Unchanged.' }))
        .json;
      for (const body of [{}, { isAdmin: true, points: 9999 }]) {
        const res = await client.post('/api/_settings?action=updateProfile', body);
        expect(res.status, JSON.stringify(body)).toBe(200);
        expect(res.json).toEqual(before);
        expect(res.json).toMatchObject({
          id: user.id,
          aboutMe: 'Unchanged.',
          isAdmin: false,
          moddingList: null,
        });
      }
      expect((await client.get('/api/_user')).json).toMatchObject({ aboutMe: 'Unchanged.', isAdmin: false });
    });

    it('truncates about me to 10 000 characters', async () => {
      const { client } = await member();
      const res = await client.post('/api/_settings?action=updateProfile', { aboutMe: 'x'.repeat(10_050) });
      expect(res.json.aboutMe).toHaveLength(10_000);
    });
  });

  describe('changePassword', () => {
    it('checks the repeat, then the current password, then the new one, in that order', async () => {
      const { user, client } = await member();
      const mismatch = await client.post('/api/_settings?action=changePassword', {
        password: 'wrong',
        newPassword: 'a new password',
        repeatPassword: 'another',
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.code).toBe('password_not_match');
      const wrong = await client.post('/api/_settings?action=changePassword', {
        password: 'wrong',
        newPassword: 'short',
        repeatPassword: 'short',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.json.code).toBe('wrong-password');
      const short = await client.post('/api/_settings?action=changePassword', {
        password: 'password123',
        newPassword: 'short',
        repeatPassword: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.json.code).toBe('invalid-password');

      const ok = await client.post('/api/_settings?action=changePassword', {
        password: ' password123 ',
        newPassword: 'a brand new one',
        repeatPassword: 'a brand new one',
      });
      expect(ok.status).toBe(200);
      expect(ok.json.username).toBe(user.username);
      expect((await t.client().login(user.username, 'password123')).status).toBe(401);
      expect((await t.client().login(user.username, 'a brand new one')).status).toBe(200);
    });

    it('ends the account’s other sessions, and goes on in the changer’s under a new id', async () => {
      const { user, client: changer } = await member();
      const other = t.client();
      expect((await other.login(user.username)).status).toBe(200);
      const oldSid = changer.cookies.get('SID')!;
      const oldToken = changer.csrfToken;

      const res = await changer.post('/api/_settings?action=changePassword', {
        password: 'password123',
        newPassword: 'another password',
        repeatPassword: 'another password',
      });
      expect(res.status).toBe(200);
      expect(res.json.username).toBe(user.username);
      // The other device is logged out.
      const otherUser = await other.get('/api/_user');
      expect(otherUser.status).toBe(401);
      expect(otherUser.json.code).toBe('not_logged_in');
      const sid = res.cookies.filter((c) => c.name === 'SID');
      expect(sid).toHaveLength(1);
      expect(sid[0]!.value).not.toBe(oldSid);
      expect(sid[0]!.httpOnly).toBe(true);
      expect(res.headers['csrf-token']).not.toBe(oldToken);

      // The changer stays logged in, and can still write with its new token.
      expect((await changer.get('/api/_user')).json.id).toBe(user.id);
      expect(
        (await changer.post('/api/_settings?action=updateProfile', { aboutMe: 'still here' })).status,
      ).toBe(200);
      // A copy of the changer's old cookie is worth nothing.
      const copy = t.client();
      copy.cookies.set('SID', oldSid);
      expect((await copy.get('/api/_user')).status).toBe(401);
      const sessions = await t.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions.map((s) => s.id)).toEqual([sid[0]!.value]);
    });

    it('leaves every session as it is when the change is refused', async () => {
      const { user, client: changer } = await member();
      const other = t.client();
      expect((await other.login(user.username)).status).toBe(200);
      const oldSid = changer.cookies.get('SID')!;
      const wrong = await changer.post('/api/_settings?action=changePassword', {
        password: 'not the password',
        newPassword: 'another password',
        repeatPassword: 'another password',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.cookies.filter((c) => c.name === 'SID')).toEqual([]);
      expect(changer.cookies.get('SID')).toBe(oldSid);
      expect((await changer.get('/api/_user')).json.id).toBe(user.id);
      expect((await other.get('/api/_user')).json.id).toBe(user.id);
    });
  });

  it('needs a login, and a known action', async () => {
    const guest = t.client();
    await guest.start();
    expect((await guest.post('/api/_settings?action=updateProfile', {})).status).toBe(401);
    const { client } = await member();
    const res = await client.post('/api/_settings?action=other', {});
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_action');
  });
});
