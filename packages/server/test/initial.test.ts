import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../src/site/site-settings.repository.js';
import { loggedInClient, makeUser, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { SELF_VIEW_KEYS } from './user-views.js';

/** `GET /api/_initial` (API.md §6.1, DOMAIN §8.12). */

const INITIAL_KEYS = [
  'signupsDisabled',
  'reportReasons',
  'user',
  'lists',
  'communities',
  'noUsers',
  'bannedFrom',
  'vapidPublicKey',
  'mutes',
  'imagePostSubmitReqPoints',
  'linkPostSubmitReqPoints',
];

const SEEDED_REASONS = [
  { id: 1, title: 'Breaks community rules', description: null },
  { id: 2, title: 'Copyright violation', description: null },
  { id: 3, title: 'Spam', description: null },
  { id: 4, title: 'Pornography', description: null },
];

describe('GET /api/_initial on a new site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_POST_SUBMIT_REQ_POINTS: '25', LINK_POST_SUBMIT_REQ_POINTS: '-3' });
  });
  afterAll(() => t.close());

  it('gives a guest exactly the keys and values of the contract', async () => {
    // Only the seeded accounts exist, and no one has asked for anything yet.
    const res = await t.client().get('/api/_initial');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Object.keys(res.json)).toEqual(INITIAL_KEYS);
    expect(res.json).toEqual({
      signupsDisabled: false,
      reportReasons: SEEDED_REASONS,
      user: null,
      lists: [],
      communities: null,
      noUsers: 2, // ghost and nobody
      bannedFrom: null,
      vapidPublicKey: '',
      mutes: { communityMutes: [], userMutes: [] },
      imagePostSubmitReqPoints: 25,
      linkPostSubmitReqPoints: -3,
    });
  });
});

describe('GET /api/_initial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function noUsers(): Promise<number> {
    return (await t.client().get('/api/_initial')).json.noUsers as number;
  }

  it('counts every user row in noUsers, deleted and banned accounts included', async () => {
    const before = await noUsers();
    const { n } = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(before).toBe(Number(n));
    await makeUser(t.db);
    await makeUser(t.db, { deleted: true });
    await makeUser(t.db, { banned: true });
    expect(await noUsers()).toBe(before + 3);
  });

  it('lists the report reasons in id order', async () => {
    await t.db.insertInto('report_reasons').values({ id: 10, title: 'Later reason' }).execute();
    await t.db
      .insertInto('report_reasons')
      .values({ id: 7, title: 'Earlier reason', description: 'why' })
      .execute();
    try {
      const res = await t.client().get('/api/_initial');
      expect(res.json.reportReasons).toEqual([
        ...SEEDED_REASONS,
        { id: 7, title: 'Earlier reason', description: 'why' },
        { id: 10, title: 'Later reason', description: null },
      ]);
    } finally {
      await t.db.deleteFrom('report_reasons').where('id', 'in', [7, 10]).execute();
    }
  });

  it('takes signupsDisabled from the site setting', async () => {
    await saveSiteSettings(t.db, { signupsDisabled: true });
    try {
      expect((await t.client().get('/api/_initial')).json.signupsDisabled).toBe(true);
    } finally {
      await saveSiteSettings(t.db, { signupsDisabled: false });
    }
    expect((await t.client().get('/api/_initial')).json.signupsDisabled).toBe(false);
  });

  it('has the default post thresholds of 0 when the settings are not set', async () => {
    const res = await t.client().get('/api/_initial');
    expect(res.json.imagePostSubmitReqPoints).toBe(0);
    expect(res.json.linkPostSubmitReqPoints).toBe(0);
  });

  it('gives a logged-in user their self view, with moddingList null, their bookmarks and empty collections', async () => {
    const user = await makeUser(t.db, { email: 'init@example.org' });
    const client = await loggedInClient(t, user);
    const res = await client.get('/api/_initial');
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(INITIAL_KEYS);
    expect(Object.keys(res.json.user)).toEqual(SELF_VIEW_KEYS);
    expect(res.json.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: 'init@example.org',
      moddingList: null,
    });
    expect(res.json.lists).toEqual([
      expect.objectContaining({
        userId: user.id,
        name: 'bookmarks',
        displayName: 'Bookmarks',
        public: false,
      }),
    ]);
    expect(res.json).toMatchObject({
      bannedFrom: null,
      mutes: { communityMutes: [], userMutes: [] },
    });
  });

  it("marks the member's muted communities in their sidebar, and leaves the other viewer fields null", async () => {
    const owner = await member(t, { points: 1000 });
    const name = uniqueName('c');
    const created = await owner.client.post('/api/communities', { name });
    expect(created.status).toBe(200);
    const quiet = await member(t);
    await quiet.client.post('/api/_joinCommunity', { communityId: created.json.id, leave: false });
    await quiet.client.post('/api/mutes', { communityId: created.json.id });
    const res = await quiet.client.get('/api/_initial');
    const sidebar = res.json.communities.find((c: { name: string }) => c.name === name);
    expect(sidebar).toMatchObject({ isMuted: true, userJoined: null, userMod: null });
  });

  it('never needs the CSRF header on GET', async () => {
    // No cookies and no header at all.
    const bare = await t.app.inject({ method: 'GET', url: '/api/_initial' });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    // A wrong header on a GET is ignored, for anonymous and logged-in sessions alike.
    const guest = t.client();
    await guest.start();
    const wrongToken = { csrf: false, headers: { 'x-csrf-token': 'wrong' } };
    expect((await guest.get('/api/_initial', wrongToken)).status).toBe(200);
    const client = await loggedInClient(t, await makeUser(t.db));
    const res = await client.get('/api/_initial', wrongToken);
    expect(res.status).toBe(200);
    expect(res.json.user).not.toBeNull();
    expect((await client.get('/api/_user', wrongToken)).status).toBe(200);
  });
});
