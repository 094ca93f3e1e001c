import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSiteStats } from '../src/analytics/site-stats.service.js';
import { siteJobs } from '../src/jobs/jobs.js';
import { makeUser, member, newCommunity, uniqueName, type Member } from './factories.js';
import { createTestApp, TestClock, type TestApp } from './harness.js';

/** Site settings (API.md §16.2), community requests (§15, `deny_comm` §16.1) and analytics (§16.4). */

const DAY = 86_400_000;
let t: TestApp;
let admin: Member;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock });
  admin = await member(t, { isAdmin: true });
});
afterAll(() => t.close());

describe('site settings', () => {
  it('reads both keys, saves only the keys sent, and signups follow signupsDisabled', async () => {
    expect((await admin.client.get('/api/site_settings')).json).toEqual({
      signupsDisabled: false,
      torBlocked: false,
    });
    const saved = await admin.client.put('/api/site_settings', { signupsDisabled: true });
    expect(saved.json).toEqual({ signupsDisabled: true, torBlocked: false });
    expect((await admin.client.put('/api/site_settings', {})).json).toEqual({
      signupsDisabled: true,
      torBlocked: false,
    });

    const visitor = t.client();
    expect((await visitor.start()).json.signupsDisabled).toBe(true);
    expect((await visitor.signup(uniqueName('s'))).json).toEqual({
      status: 403,
      code: 'signups-disabled',
      message: 'We have temporarily disabled creating new accounts. Please check back again later.',
    });

    for (const bad of [{ signupsDisabled: 'no' }, { torBlocked: 1 }, { other: true }, []]) {
      const res = await admin.client.put('/api/site_settings', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    expect(
      (await admin.client.put('/api/site_settings', { signupsDisabled: false })).json.signupsDisabled,
    ).toBe(false);
    expect((await visitor.signup(uniqueName('s'))).status).toBe(201);
  });
});

describe('community requests', () => {
  it('takes a request, refusing bad names, existing communities and a second pending one', async () => {
    const asker = await member(t);
    const name = uniqueName('req');
    const note = 'x'.repeat(600);
    expect((await asker.client.post('/api/community_requests', { name: ` ${name} `, note })).json).toEqual({
      success: true,
    });
    const row = await t.db
      .selectFrom('community_requests')
      .selectAll()
      .where('by_user', '=', asker.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ community_name: name, note: 'x'.repeat(500), denied_at: null });

    expect((await asker.client.post('/api/community_requests', { name: 'ab', note: '' })).json).toEqual({
      status: 400,
      code: 'invalid-community-name',
      message: 'Community name has to have at least 3 characters.',
    });
    expect((await asker.client.post('/api/community_requests', { name: 'bad name!' })).json).toMatchObject({
      status: 400,
      code: 'invalid-community-name',
    });
    expect((await asker.client.post('/api/community_requests', { name: name.toUpperCase() })).json).toEqual({
      status: 409,
      code: 'community-already-requested',
      message: 'You already have a pending request for that community',
    });
    const existing = await newCommunity(admin.client);
    expect(
      (await asker.client.post('/api/community_requests', { name: existing.name.toUpperCase() })).json,
    ).toEqual({
      status: 409,
      code: 'community-already-exists',
      message: "The community you're requesting to create already exists",
    });
    expect((await asker.client.post('/api/community_requests', { name: 5 })).json.code).toBe('invalid_json');
    const count = await t.db
      .selectFrom('community_requests')
      .select('id')
      .where('by_user', '=', asker.user.id)
      .execute();
    expect(count).toHaveLength(1);
  });

  it('lists the last 90 days for admins, with communityExists; deny notifies once; delete hides', async () => {
    const asker = await member(t);
    const name = uniqueName('want');
    await asker.client.post('/api/community_requests', { name, note: 'please' });
    const old = await makeUser(t.db);
    await t.db
      .insertInto('community_requests')
      .values({
        by_user: old.id,
        community_name: uniqueName('old'),
        note: null,
        created_at: new Date(clock.now.getTime() - 91 * DAY),
      })
      .execute();

    let list = (await admin.client.get('/api/community_requests')).json;
    const mine = list.find((r: any) => r.byUser === asker.user.username);
    expect(mine).toEqual({
      id: expect.any(Number),
      byUser: asker.user.username,
      communityName: name,
      communityExists: false,
      note: 'please',
      createdAt: expect.any(String),
      deniedNote: null,
      deniedBy: null,
      deniedAt: null,
    });
    expect(list.some((r: any) => r.byUser === old.username)).toBe(false);
    const times = list.map((r: any) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // deny_comm: bad ids first, none of which changes anything.
    for (const [body, code] of [
      [{ action: 'deny_comm', id: 'x', body: '' }, 'invalid_json'],
      [{ action: 'deny_comm', body: '' }, 'invalid_json'],
      [{ action: 'deny_comm', id: 1.5, body: '' }, 'invalid_id'],
      [{ action: 'deny_comm', id: 999999, body: '' }, 'invalid_id'],
      [{ action: 'deny_comm', id: mine.id, body: 5 }, 'invalid_json'],
    ] as const) {
      const res = await admin.client.post('/api/_admin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe(code);
    }
    expect(
      (await admin.client.post('/api/_admin', { action: 'deny_comm', id: mine.id, body: '' })).json,
    ).toEqual({ success: true });
    const events = await t.db
      .selectFrom('notification_events')
      .selectAll()
      .where('recipient_id', '=', asker.user.id)
      .where('type', '=', 'denied_comm')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      actorId: admin.user.id,
      notif: { body: `Your request for +${name} has been declined.` },
    });

    const otherAdmin = await member(t, { isAdmin: true });
    expect(
      (await otherAdmin.client.post('/api/_admin', { action: 'deny_comm', id: mine.id, body: 'again' })).json,
    ).toMatchObject({
      status: 400,
      code: 'already_denied',
    });
    list = (await admin.client.get('/api/community_requests')).json;
    expect(list.find((r: any) => r.id === mine.id)).toMatchObject({
      deniedNote: `Your request for +${name} has been declined.`,
      deniedBy: admin.user.username,
      deniedAt: clock.now.toISOString(),
    });
    expect(
      await t.db
        .selectFrom('notification_events')
        .select('id')
        .where('recipient_id', '=', asker.user.id)
        .where('type', '=', 'denied_comm')
        .execute(),
    ).toHaveLength(1);
    // Denied, the same member may ask again; once the community exists the request says so.
    expect((await asker.client.post('/api/community_requests', { name })).status).toBe(200);
    await newCommunity(admin.client, name);
    list = (await admin.client.get('/api/community_requests')).json;
    expect(list.filter((r: any) => r.communityName === name).every((r: any) => r.communityExists)).toBe(true);

    expect((await admin.client.delete(`/api/community_requests/${mine.id}`)).json).toEqual({ success: true });
    list = (await admin.client.get('/api/community_requests')).json;
    expect(list.some((r: any) => r.id === mine.id)).toBe(false);
    expect((await admin.client.delete(`/api/community_requests/${mine.id}`)).json.code).toBe('invalid_id');
    expect((await admin.client.delete('/api/community_requests/abc')).json).toMatchObject({
      status: 400,
      code: 'invalid_id',
    });
  });

  it('truncates a long denial note to 500 characters', async () => {
    const asker = await member(t);
    await asker.client.post('/api/community_requests', { name: uniqueName('long') });
    const [request] = (await admin.client.get('/api/community_requests')).json;
    await admin.client.post('/api/_admin', { action: 'deny_comm', id: request.id, body: 'n'.repeat(700) });
    const row = await t.db
      .selectFrom('community_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.denied_note).toBe('n'.repeat(500));
  });
});

describe('analytics', () => {
  it('records one snapshot with the fourteen numbers, and pages them newest first by Unix seconds', async () => {
    const first = siteJobs(t.config).find((job) => job.name === 'record-site-stats');
    expect(first?.everyMs).toBe(3_600_000);
    const poster = await member(t, { points: 500 });
    await t.db.updateTable('users').set({ last_seen: clock.now }).where('id', '=', poster.user.id).execute();
    const community = await newCommunity(poster.client);
    const post = await poster.client.post('/api/posts', {
      type: 'text',
      title: 'Counted',
      body: 'b',
      community: community.name,
    });
    expect(post.status).toBe(200);

    const stats = await recordSiteStats({ db: t.db, clock: clock.clock });
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(stats).toMatchObject({
      version: 0,
      signups: users.length,
      posts_day: 1,
      posts_week: 1,
      comments_day: 0,
    });
    expect(stats.users_day).toBeGreaterThanOrEqual(1);
    expect(Object.keys(stats)).toHaveLength(14);

    for (let i = 1; i <= 4; i++) {
      clock.advance(3_600_000);
      await recordSiteStats({ db: t.db, clock: clock.clock });
    }
    const page1 = await admin.client.get('/api/analytics/bss?limit=2&next=');
    expect(page1.status).toBe(200);
    expect(page1.json.events).toHaveLength(2);
    const event = page1.json.events[0];
    expect(event).toEqual({
      id: expect.any(Number),
      name: '',
      uniqueKey: null,
      payload: expect.any(String),
      createdAt: clock.now.toISOString(),
    });
    // In the order API.md §5.15 lists them.
    expect(Object.keys(JSON.parse(event.payload))).toEqual([
      'version',
      'users_day',
      'users_week',
      'users_month',
      'return_users_day',
      'return_users_week',
      'return_users_month',
      'signups',
      'pwa_installs',
      'notifications_enabled',
      'posts_day',
      'posts_week',
      'comments_day',
      'comments_week',
    ]);
    const seen = [...page1.json.events];
    let next = page1.json.next;
    while (next !== '') {
      const page = await admin.client.get(`/api/analytics/bss?limit=2&next=${next}`);
      seen.push(...page.json.events);
      next = page.json.next;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);
    const all = await admin.client.get('/api/analytics/bss');
    expect(all.json).toMatchObject({ next: '' });
    expect(all.json.events.map((e: any) => e.id)).toEqual(seen.map((e) => e.id));

    expect((await admin.client.get('/api/analytics/bss?limit=x')).json).toMatchObject({
      status: 400,
      code: 'invalid-limit',
    });
    expect((await admin.client.get('/api/analytics/bss?next=yesterday')).json).toMatchObject({
      status: 400,
      code: 'invalid-next-value',
    });
    expect((await admin.client.get('/api/analytics/bss?next=1')).json).toEqual({ events: [], next: '' });
  });
});
