import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, makeUser, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import {
  ADMIN_DETAIL_VIEW_KEYS,
  ADMIN_VIEW_KEYS,
  MONTH_YEAR,
  PUBLIC_VIEW_KEYS,
  SELF_VIEW_KEYS,
  ZERO_ID,
  ZERO_TIME,
} from './user-views.js';
import { NOT_ADMIN, NOT_LOGGED_IN } from './api-errors.js';

/** `GET /api/users/{username}` and `GET /api/_user` (API.md §5.3, §6.5, §7.1). */

let t: TestApp;
let admin: TestClient;
let supporterType: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedInClient(t, await makeUser(t.db, { isAdmin: true }));
  supporterType = (
    await t.db
      .selectFrom('badge_types')
      .select('id')
      .where('name', '=', 'supporter')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

async function giveBadge(userId: string, type = supporterType): Promise<number> {
  const row = await t.db
    .insertInto('user_badges')
    .values({ type, user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/users/{username}', () => {
  it('shows other users the public view: no preferences, no notificationsNewCount, email null', async () => {
    const user = await makeUser(t.db, { email: 'public@example.org' });
    const viewer = await loggedInClient(t, await makeUser(t.db));
    for (const client of [t.client(), viewer]) {
      const res = await client.get(`/api/users/${user.username}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(Object.keys(res.json)).toEqual(PUBLIC_VIEW_KEYS);
      expect(res.json).toEqual({
        id: user.id,
        username: user.username,
        email: null,
        emailConfirmedAt: null,
        aboutMe: null,
        points: 1,
        isAdmin: false,
        proPic: null,
        badges: [],
        noPosts: 0,
        noComments: 0,
        lastSeenMonth: expect.stringMatching(MONTH_YEAR),
        createdAt: user.created_at.toISOString(),
        deleted: false,
        deletedAt: null,
        bannedAt: null,
        isBanned: false,
        moddingList: null,
      });
    }
  });

  it('shows a user the self view of themselves, with the preferences and their email', async () => {
    const user = await makeUser(t.db, { email: 'self@example.org' });
    await t.db
      .updateTable('users')
      .set({ home_feed: 'subscriptions', embeds_off: true, notifications_new_count: 3 })
      .where('id', '=', user.id)
      .execute();
    const client = await loggedInClient(t, user);
    const res = await client.get(`/api/users/${user.username}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(SELF_VIEW_KEYS);
    expect(res.json).toMatchObject({
      id: user.id,
      email: 'self@example.org',
      upvoteNotificationsOff: false,
      replyNotificationsOff: false,
      homeFeed: 'subscriptions',
      rememberFeedSort: false,
      embedsOff: true,
      hideUserProfilePictures: false,
      requireAltText: false,
      notificationsNewCount: 3,
      moddingList: null,
    });
  });

  it('shows an admin the admin view: lastSeen, lastSeenIP and createdIP as well', async () => {
    const user = await makeUser(t.db, { email: 'seen@example.org' });
    const seen = new Date('2024-11-20T10:03:15.000Z');
    await t.db
      .updateTable('users')
      .set({ last_seen: seen, last_seen_ip: '203.0.113.7' })
      .where('id', '=', user.id)
      .execute();
    const res = await admin.get(`/api/users/${user.username}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(ADMIN_VIEW_KEYS);
    expect(res.json).toMatchObject({
      id: user.id,
      email: 'seen@example.org',
      lastSeen: seen.toISOString(),
      lastSeenIP: '203.0.113.7',
      createdIP: '127.0.0.1',
      lastSeenMonth: 'November 2024',
    });
  });

  it('gives an admin never seen the creation time as lastSeen', async () => {
    const user = await makeUser(t.db);
    const res = await admin.get(`/api/users/${user.username}`);
    expect(res.json.lastSeen).toBe(user.created_at.toISOString());
    expect(res.json.lastSeenIP).toBeNull();
  });

  it('looks the name up case-insensitively and answers with the stored case', async () => {
    const user = await makeUser(t.db, { username: uniqueName('CamelCase') });
    for (const asked of [user.username.toLowerCase(), user.username.toUpperCase()]) {
      const res = await t.client().get(`/api/users/${asked}`);
      expect(res.status).toBe(200);
      expect(res.json.username).toBe(user.username);
      expect(res.json.id).toBe(user.id);
    }
  });

  it('answers an unknown username with 404 user_not_found', async () => {
    const res = await t.client().get(`/api/users/${uniqueName('missing')}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: 404, code: 'user_not_found', message: 'User not found.' });
  });

  it('shows a deleted account to non-admins as the ghost, keeping the real username', async () => {
    const user = await makeUser(t.db, { deleted: true });
    await giveBadge(user.id);
    const viewer = await loggedInClient(t, await makeUser(t.db));
    for (const client of [t.client(), viewer]) {
      const res = await client.get(`/api/users/${user.username}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(PUBLIC_VIEW_KEYS);
      expect(res.json).toMatchObject({
        id: ZERO_ID,
        username: user.username,
        createdAt: ZERO_TIME,
        deleted: true,
        deletedAt: ZERO_TIME,
        badges: [],
      });
    }
  });

  it('shows a deleted account to an admin with its real values', async () => {
    const user = await makeUser(t.db, { deleted: true });
    const badgeId = await giveBadge(user.id);
    const res = await admin.get(`/api/users/${user.username}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      username: user.username,
      createdAt: user.created_at.toISOString(),
      deleted: true,
      deletedAt: user.deleted_at!.toISOString(),
      badges: [{ id: badgeId, type: 'supporter' }],
    });
  });

  it('writes lastSeenMonth as "<English month> <year>" with exactly one space', async () => {
    const cases: Array<[string, string]> = [
      ['2024-11-20T10:03:15Z', 'November 2024'],
      ['2023-01-31T23:59:59Z', 'January 2023'], // UTC, whatever the server's zone
      ['2025-09-01T00:00:00Z', 'September 2025'],
    ];
    for (const [lastSeen, expected] of cases) {
      const user = await makeUser(t.db);
      await t.db
        .updateTable('users')
        .set({ last_seen: new Date(lastSeen) })
        .where('id', '=', user.id)
        .execute();
      const month = (await t.client().get(`/api/users/${user.username}`)).json.lastSeenMonth as string;
      expect(month).toBe(expected);
      expect(month.split(' ')).toHaveLength(2);
    }
    // Never seen: the month of the signup.
    const fresh = await makeUser(t.db);
    await t.db
      .updateTable('users')
      .set({ created_at: new Date('2022-03-15T12:00:00Z') })
      .where('id', '=', fresh.id)
      .execute();
    expect((await t.client().get(`/api/users/${fresh.username}`)).json.lastSeenMonth).toBe('March 2022');
  });

  it('shows a supporter badge as {id, type} and leaves out badge types the client does not know', async () => {
    const user = await makeUser(t.db);
    const badgeId = await giveBadge(user.id);
    const unknown = await t.db
      .insertInto('badge_types')
      .values({ name: `founder_${process.pid}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await giveBadge(user.id, unknown.id);
    const res = await t.client().get(`/api/users/${user.username}`);
    expect(res.json.badges).toEqual([{ id: badgeId, type: 'supporter' }]);
  });

  describe('?adminsView=true', () => {
    it('answers an anonymous viewer with 401 not_logged_in', async () => {
      const user = await makeUser(t.db);
      const res = await t.client().get(`/api/users/${user.username}?adminsView=true`);
      expect(res.status).toBe(401);
      expect(res.json).toEqual(NOT_LOGGED_IN);
    });

    it('answers a non-admin with 403 not_admin, even about themselves', async () => {
      const user = await makeUser(t.db);
      const client = await loggedInClient(t, user);
      for (const name of [user.username, 'ghost']) {
        const res = await client.get(`/api/users/${name}?adminsView=true`);
        expect(res.status).toBe(403);
        expect(res.json).toEqual(NOT_ADMIN);
      }
    });

    it('gives an admin the detail view with userIndex and webPushSubscriptionsCount', async () => {
      const user = await makeUser(t.db);
      const res = await admin.get(`/api/users/${user.username}?adminsView=true`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(ADMIN_DETAIL_VIEW_KEYS);
      expect(res.json).toMatchObject({
        id: user.id,
        createdIP: '127.0.0.1',
        userIndex: user.user_index,
        webPushSubscriptionsCount: 0,
      });
    });

    it('gives the plain view for any other value', async () => {
      const user = await makeUser(t.db);
      for (const value of ['false', '1', 'TRUE']) {
        const res = await t.client().get(`/api/users/${user.username}?adminsView=${value}`);
        expect(res.status).toBe(200);
        expect(Object.keys(res.json)).toEqual(PUBLIC_VIEW_KEYS);
      }
    });
  });
});

describe('GET /api/_user', () => {
  it('answers an anonymous session with 401 not_logged_in', async () => {
    const res = await t.client().get('/api/_user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
  });

  it('returns the logged-in user in the self view, with moddingList null', async () => {
    const user = await makeUser(t.db, { email: 'me@example.org' });
    const client = await loggedInClient(t, user);
    const res = await client.get('/api/_user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(SELF_VIEW_KEYS);
    expect(res.json).toMatchObject({
      id: user.id,
      username: user.username,
      email: 'me@example.org',
      notificationsNewCount: 0,
      moddingList: null,
    });
  });

  it('returns an admin their admin view', async () => {
    const res = await admin.get('/api/_user');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(ADMIN_VIEW_KEYS);
    expect(res.json.isAdmin).toBe(true);
  });

  it('reflects changes made since login', async () => {
    const user = await makeUser(t.db);
    const client = await loggedInClient(t, user);
    await t.db.updateTable('users').set({ points: 42 }).where('id', '=', user.id).execute();
    expect((await client.get('/api/_user')).json.points).toBe(42);
  });
});
