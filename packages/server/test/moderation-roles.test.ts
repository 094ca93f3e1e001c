import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, makeUser, member, newCommunity, type Member } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { multipart, send } from './uploads.js';

/**
 * The moderation area against every role (API.md §11.4–§11.10, §8.4, §8.5, §10.3, §10.4; DOMAIN §7):
 * each mutating route is tried by a guest, a member, the author of the reported content, a member
 * banned from the community, a site-banned account, a moderator of another community, a lower- and a
 * higher-ranked moderator of the community, and an admin. Allowed actions succeed; refused ones answer
 * the contract's code and leave everything as it was, read back through the API.
 */

type Role =
  | 'guest'
  | 'member'
  | 'author'
  | 'bannedMember'
  | 'siteBanned'
  | 'otherMod'
  | 'lowerMod'
  | 'higherMod'
  | 'admin';

const ROLES: Role[] = [
  'guest',
  'member',
  'author',
  'bannedMember',
  'siteBanned',
  'otherMod',
  'lowerMod',
  'higherMod',
  'admin',
];
const MODERATORS: Role[] = ['lowerMod', 'higherMod', 'admin'];
/** Neither of these has a session any more: the guest never had one, and a site ban ends it. */
const SIGNED_OUT: Role[] = ['guest', 'siteBanned'];

let t: TestApp;
const clock = new TestClock();
const clients = {} as Record<Role, TestClient>;
const users = {} as Record<Exclude<Role, 'guest'>, Member['user']>;
let communityId: string;
let communityName: string;
let postPublicId: string;
let postId: string;
let commentId: string;
let fixedRuleId: number;

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

async function upload(client: TestClient, path: string, data: Buffer | string, name = 'image') {
  const form = multipart([{ name, filename: 'a.png', type: 'image/png', data }]);
  return send(t, client, 'POST', path, form.body, { 'content-type': form.contentType });
}

/** Everything the moderation routes can change, as an admin reads it. */
async function state(extra: () => Promise<unknown> = async () => null) {
  const admin = clients.admin;
  // Posts are read by a visitor: an admin's read would record a visit, which is state of its own.
  const reader = clients.guest;
  const [community, rules, mods, banned, reports, post, comment] = await Promise.all([
    admin.get(`/api/communities/${communityId}`),
    admin.get(`/api/communities/${communityId}/rules`),
    admin.get(`/api/communities/${communityId}/mods`),
    admin.get(`/api/communities/${communityId}/banned`),
    admin.get(`/api/communities/${communityId}/reports?limit=50`),
    reader.get(`/api/posts/${postPublicId}`),
    reader.get(`/api/comments/${commentId}`),
  ]);
  return {
    community: community.json,
    rules: rules.json,
    mods: mods.json,
    banned: banned.json,
    reports: reports.json,
    post: post.json,
    comment: comment.json,
    extra: await extra(),
  };
}

interface Refusal {
  status: number;
  code: string;
}

interface Case {
  name: string;
  /** Who may; everyone else is refused. */
  allowed: Role[];
  /** The refusal of a signed-in viewer who may not (guests and site-banned accounts get 401). */
  refusal: Refusal;
  /** Makes what the attempt acts on; its result is passed to `attempt`. */
  prepare?: () => Promise<string>;
  attempt: (client: TestClient, prepared: string) => Promise<TestResponse | { status: number; json: any }>;
  /** More state to compare than `state` reads. */
  extra?: (prepared: string) => Promise<unknown>;
}

const rulesPath = () => `/api/communities/${communityId}/rules`;

async function freshUsername(): Promise<string> {
  return (await makeUser(t.db)).username;
}

async function insertReport(): Promise<string> {
  const reporter = await makeUser(t.db);
  const row = await t.db
    .insertInto('reports')
    .values({
      type: 'post',
      target_id: postId,
      community_id: communityId,
      post_id: postId,
      reason_id: 3,
      created_by: reporter.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const CASES: Case[] = [
  {
    name: 'PUT /api/communities/{id} (settings)',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    attempt: (c) =>
      c.put(`/api/communities/${communityId}`, { about: `About ${Math.random()}`, postingRestricted: false }),
  },
  {
    name: 'POST rules',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    attempt: (c) => c.post(rulesPath(), { rule: 'Be kind', description: 'Always.' }),
  },
  {
    name: 'PUT rules/{ruleId}',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    attempt: (c) =>
      c.put(`${rulesPath()}/${fixedRuleId}`, {
        rule: `No spam ${Math.random()}`,
        description: '',
        zIndex: 7,
      }),
  },
  {
    name: 'DELETE rules/{ruleId}',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      const res = await clients.higherMod.post(rulesPath(), { rule: 'Temporary', description: null });
      return String(res.json.at(-1).id);
    },
    attempt: (c, ruleId) => c.delete(`${rulesPath()}/${ruleId}`),
  },
  {
    name: 'POST mods',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not-mod-not-admin' },
    prepare: freshUsername,
    attempt: (c, username) => c.post(`/api/communities/${communityId}/mods`, { username }),
  },
  {
    name: 'POST banned',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_admin_nor_mod' },
    prepare: freshUsername,
    attempt: (c, username) => c.post(`/api/communities/${communityId}/banned`, { username }),
  },
  {
    name: 'DELETE banned',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_admin_nor_mod' },
    prepare: async () => {
      const username = await freshUsername();
      const res = await clients.higherMod.post(`/api/communities/${communityId}/banned`, { username });
      expect(res.status).toBe(200);
      return username;
    },
    attempt: (c, username) => c.delete(`/api/communities/${communityId}/banned`, { username }),
  },
  {
    name: 'DELETE reports/{reportId} (ignore)',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_admin_nor_mod' },
    prepare: insertReport,
    attempt: (c, reportId) => c.delete(`/api/communities/${communityId}/reports/${reportId}`),
  },
  ...(['pro_pic', 'banner_image'] as const).flatMap((slot): Case[] => [
    {
      name: `POST ${slot}`,
      allowed: MODERATORS,
      refusal: { status: 403, code: 'not_admin_nor_mod' },
      attempt: async (c) => upload(c, `/api/communities/${communityId}/${slot}`, await png()),
    },
    {
      name: `DELETE ${slot}`,
      allowed: MODERATORS,
      refusal: { status: 403, code: 'not_admin_nor_mod' },
      prepare: async () => {
        const res = await upload(clients.higherMod, `/api/communities/${communityId}/${slot}`, await png());
        expect(res.status).toBe(200);
        return '';
      },
      attempt: (c) => c.delete(`/api/communities/${communityId}/${slot}`),
    },
  ]),
  {
    name: "PUT /api/images/{id} (the community picture's alt text)",
    allowed: MODERATORS,
    refusal: { status: 403, code: 'permission_denied' },
    prepare: async () => {
      const res = await upload(clients.higherMod, `/api/communities/${communityId}/pro_pic`, await png());
      expect(res.status).toBe(200);
      return res.json.proPic.id as string;
    },
    attempt: (c, imageId) => c.put(`/api/images/${imageId}`, { altText: `Icon ${Math.random()}` }),
  },
  {
    name: 'lock a post as mods',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      await clients.higherMod.put(`/api/posts/${postPublicId}?action=unlock&lockAs=mods`);
      return '';
    },
    attempt: (c) => c.put(`/api/posts/${postPublicId}?action=lock&lockAs=mods`),
  },
  {
    name: 'unlock a post',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not-mod-not-admin' },
    prepare: async () => {
      await clients.higherMod.put(`/api/posts/${postPublicId}?action=lock&lockAs=mods`);
      return '';
    },
    attempt: (c) => c.put(`/api/posts/${postPublicId}?action=unlock&lockAs=mods`),
  },
  {
    name: 'pin a post in the community',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      await clients.higherMod.put(`/api/posts/${postPublicId}?action=unpin&siteWide=false`);
      return '';
    },
    attempt: (c) => c.put(`/api/posts/${postPublicId}?action=pin&siteWide=false`),
  },
  {
    name: 'lock a comment as mods',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      await clients.higherMod.put(`/api/posts/${postId}/comments/${commentId}?action=unlock`);
      return '';
    },
    attempt: (c) => c.put(`/api/posts/${postId}/comments/${commentId}?action=lock&lockAs=mods`),
  },
  {
    name: 'remove a post as mods',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      const res = await clients.author.post('/api/posts', {
        type: 'text',
        title: 'To be removed',
        body: 'x',
        community: communityName,
      });
      expect(res.status).toBe(200);
      return res.json.publicId as string;
    },
    attempt: (c, publicId) => c.delete(`/api/posts/${publicId}?deleteAs=mods`),
    extra: async (publicId) => (await clients.guest.get(`/api/posts/${publicId}`)).json,
  },
  {
    name: 'remove a comment as mods',
    allowed: MODERATORS,
    refusal: { status: 403, code: 'not_mod' },
    prepare: async () => {
      const res = await clients.author.post(`/api/posts/${postPublicId}/comments`, { body: 'Remove me' });
      expect(res.status).toBe(200);
      return res.json.id as string;
    },
    attempt: (c, id) => c.delete(`/api/posts/${postId}/comments/${id}?deleteAs=mods`),
    extra: async (id) => (await clients.guest.get(`/api/comments/${id}`)).json,
  },
];

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock });
  const admin = await member(t, { isAdmin: true });
  clients.admin = admin.client;
  users.admin = admin.user;
  for (const role of ROLES.filter((r) => r !== 'admin' && r !== 'guest')) {
    const m = await member(t, { points: 1000 });
    clients[role] = m.client;
    users[role] = m.user;
  }
  clients.guest = await guest(t);

  const community = await newCommunity(clients.higherMod);
  communityId = community.id;
  communityName = community.name;
  await newCommunity(clients.otherMod);
  for (const role of ['member', 'author', 'bannedMember', 'siteBanned'] as const) {
    await clients[role].post('/api/_joinCommunity', { communityId });
  }
  expect(
    (
      await clients.higherMod.post(`/api/communities/${communityId}/mods`, {
        username: users.lowerMod.username,
      })
    ).status,
  ).toBe(200);

  const post = await clients.author.post('/api/posts', {
    type: 'text',
    title: 'A post to moderate',
    body: 'Body',
    community: communityName,
  });
  expect(post.status).toBe(200);
  postPublicId = post.json.publicId;
  postId = post.json.id;
  const comment = await clients.author.post(`/api/posts/${postPublicId}/comments`, { body: 'A comment' });
  expect(comment.status).toBe(200);
  commentId = comment.json.id;
  const rules = await clients.higherMod.post(rulesPath(), { rule: 'No spam', description: 'None at all.' });
  fixedRuleId = rules.json[0].id;
  await insertReport();

  const ban = await clients.higherMod.post(`/api/communities/${communityId}/banned`, {
    username: users.bannedMember.username,
  });
  expect(ban.status).toBe(200);
  const siteBan = await clients.admin.post('/api/_admin', {
    action: 'ban_user',
    username: users.siteBanned.username,
  });
  expect(siteBan.status).toBe(200);
}, 60_000);

afterAll(() => t.close());

describe('every mutating moderation route against every role', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      for (const role of ROLES) {
        const prepared = c.prepare ? await c.prepare() : '';
        const before = await state(c.extra && (() => c.extra!(prepared)));
        const res = await c.attempt(clients[role], prepared);
        if (c.allowed.includes(role)) {
          expect({ role, status: res.status }).toEqual({ role, status: 200 });
          continue;
        }
        const expected = SIGNED_OUT.includes(role) ? { status: 401, code: 'not_logged_in' } : c.refusal;
        expect({ role, status: res.status, code: res.json?.code }).toEqual({ role, ...expected });
        expect(await state(c.extra && (() => c.extra!(prepared)))).toEqual(before);
      }
    });
  }
});

describe('moderator ranks (DOMAIN §7.2)', () => {
  it('adds in rank order with a mod_add event, and removes within the hierarchy', async () => {
    const m = await member(t, { points: 1000 });
    const c = await newCommunity(m.client);
    const second = await member(t);
    const third = await member(t);
    const path = `/api/communities/${c.id}/mods`;
    expect((await m.client.post(path, { username: second.user.username })).status).toBe(200);
    const added = await second.client.post(path, { username: third.user.username.toUpperCase() });
    expect(added.json.map((u: { username: string }) => u.username)).toEqual([
      m.user.username,
      second.user.username,
      third.user.username,
    ]);
    // Adding again changes nothing and notifies nobody again.
    expect((await m.client.post(path, { username: third.user.username })).json).toHaveLength(3);
    const events = await t.db
      .selectFrom('notification_events')
      .select(['type', 'recipient_id'])
      .where('type', '=', 'mod_add')
      .where('recipient_id', 'in', [second.user.id, third.user.id])
      .execute();
    expect(events).toHaveLength(2);
    // A banned member made a moderator is no longer banned.
    const banned = await member(t);
    await m.client.post(`/api/communities/${c.id}/banned`, { username: banned.user.username });
    expect((await m.client.post(path, { username: banned.user.username })).status).toBe(200);
    expect((await m.client.get(`/api/communities/${c.id}/banned`)).json).toEqual([]);
    expect((await m.client.delete(`${path}/${banned.user.username}`)).status).toBe(200);
    const joined = await third.client.get(`/api/communities/${c.id}`);
    expect(joined.json).toMatchObject({ userJoined: true, userMod: true });

    // The second-ranked moderator cannot remove the first, but removes the third.
    const refused = await second.client.delete(`${path}/${m.user.username}`);
    expect(refused.json).toMatchObject({ status: 403, code: 'lower-mod' });
    expect((await t.app.inject({ url: path })).json()).toHaveLength(3);
    const removed = await second.client.delete(`${path}/${third.user.username}`);
    expect(removed.status).toBe(200);
    expect(removed.json.username).toBe(third.user.username);
    // The third is no longer a moderator, so cannot remove anyone.
    const outsider = await third.client.delete(`${path}/${second.user.username}`);
    expect(outsider.json).toMatchObject({ status: 403, code: 'not-mod-not-admin' });

    // Ranks are renumbered, and anyone may resign.
    expect((await m.client.post(path, { username: third.user.username })).status).toBe(200);
    expect((await second.client.delete(`${path}/${second.user.username}`)).status).toBe(200);
    const ranks = await t.db
      .selectFrom('community_mods')
      .select(['user_id', 'position'])
      .where('community_id', '=', c.id)
      .orderBy('position')
      .execute();
    expect(ranks).toEqual([
      { user_id: m.user.id, position: 0 },
      { user_id: third.user.id, position: 1 },
    ]);
    // An admin removes the top moderator; leaving the community ends the other's role.
    expect((await clients.admin.delete(`${path}/${m.user.username}`)).status).toBe(200);
    await third.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    expect((await t.app.inject({ url: path })).json()).toEqual([]);
  });
});

describe('timed bans', () => {
  it('lift themselves when they expire, at read time', async () => {
    const m = await member(t);
    await m.client.post('/api/_joinCommunity', { communityId });
    const expires = new Date(clock.now.getTime() + 3600_000).toISOString();
    const ban = await clients.higherMod.post(`/api/communities/${communityId}/banned`, {
      username: m.user.username,
      expires,
    });
    expect(ban.status).toBe(200);
    const again = await clients.higherMod.post(`/api/communities/${communityId}/banned`, {
      username: m.user.username,
    });
    expect(again.json).toMatchObject({
      status: 409,
      code: 'conflict',
      message: `${m.user.username} is already banned.`,
    });
    const refused = await m.client.post('/api/posts', {
      type: 'text',
      title: 'Banned?',
      community: communityName,
    });
    expect(refused.json).toMatchObject({ status: 403, code: 'banned_from_community' });

    clock.advance(2 * 3600_000);
    const list = await clients.higherMod.get(`/api/communities/${communityId}/banned`);
    expect(list.json.map((u: { username: string }) => u.username)).not.toContain(m.user.username);
    expect((await m.client.get('/api/_initial')).json.bannedFrom ?? []).not.toContain(communityId);
    const posted = await m.client.post('/api/posts', {
      type: 'text',
      title: 'Free again',
      community: communityName,
    });
    expect(posted.status).toBe(200);
    // An expired ban is replaced by a new one.
    const rebanned = await clients.higherMod.post(`/api/communities/${communityId}/banned`, {
      username: m.user.username,
    });
    expect(rebanned.status).toBe(200);
  });
});

describe('bad input answers 4xx and changes nothing', () => {
  const bad: [
    string,
    (c: TestClient) => Promise<TestResponse | { status: number; json: any }>,
    number,
    string?,
  ][] = [];
  const add = (
    label: string,
    call: (c: TestClient) => Promise<TestResponse | { status: number; json: any }>,
    status: number,
    code?: string,
  ) => bad.push([label, call, status, code]);
  const community = () => `/api/communities/${communityId}`;

  add('settings: about not a string', (c) => c.put(community(), { about: 5 }), 400, 'invalid_json');
  add('settings: nsfw not a bool', (c) => c.put(community(), { nsfw: 'yes' }), 400, 'invalid_json');
  add('settings: bad id', (c) => c.put('/api/communities/zz', {}), 400, 'invalid_id');
  add(
    'settings: unknown id',
    (c) => c.put(`/api/communities/${'a'.repeat(24)}`, {}),
    404,
    'community/not-found',
  );
  add(
    'rules: empty rule',
    (c) => c.post(rulesPath(), { rule: '   ', description: 'x' }),
    400,
    'invalid-rule',
  );
  add('rules: rule not a string', (c) => c.post(rulesPath(), { rule: 5 }), 400, 'invalid_json');
  add('rules: list of a bad id', (c) => c.get('/api/communities/zz/rules'), 400, 'invalid_id');
  add('rules: non-integer rule id', (c) => c.put(`${rulesPath()}/abc`, { rule: 'x' }), 404, 'rule_not_found');
  add(
    'rules: huge rule id',
    (c) => c.put(`${rulesPath()}/99999999999999`, { rule: 'x' }),
    404,
    'rules-not-found',
  );
  add('rules: unknown rule id', (c) => c.delete(`${rulesPath()}/987654`), 404, 'rules-not-found');
  add(
    'rules: oversize zIndex',
    (c) => c.put(`${rulesPath()}/${fixedRuleId}`, { rule: 'x', zIndex: 1e12 }),
    400,
    'invalid_json',
  );
  add(
    'rules: zIndex not a number',
    (c) => c.put(`${rulesPath()}/${fixedRuleId}`, { rule: 'x', zIndex: 'top' }),
    400,
    'invalid_json',
  );
  add('mods: no username', (c) => c.post(`${community()}/mods`, {}), 400, 'empty_username');
  add(
    'mods: username not a string',
    (c) => c.post(`${community()}/mods`, { username: 5 }),
    400,
    'invalid_json',
  );
  add(
    'mods: unknown user',
    (c) => c.post(`${community()}/mods`, { username: 'nobody_here' }),
    404,
    'user_not_found',
  );
  add('mods: remove unknown user', (c) => c.delete(`${community()}/mods/nobody_here`), 404, 'user_not_found');
  add('bans: no username', (c) => c.post(`${community()}/banned`, {}), 400, 'no_username');
  add(
    'bans: bad expiry',
    (c) => c.post(`${community()}/banned`, { username: users.member.username, expires: 'tomorrow' }),
    400,
    'invalid_expires',
  );
  add(
    'bans: unknown user',
    (c) => c.post(`${community()}/banned`, { username: 'nobody_here' }),
    404,
    'user_not_found',
  );
  add(
    'bans: a moderator',
    (c) => c.post(`${community()}/banned`, { username: users.lowerMod.username }),
    403,
    'not_admin_nor_mod',
  );
  add(
    'bans: an admin',
    (c) => c.post(`${community()}/banned`, { username: users.admin.username }),
    403,
    'not_admin_nor_mod',
  );
  add(
    'bans: already banned',
    (c) => c.post(`${community()}/banned`, { username: users.bannedMember.username }),
    409,
    'conflict',
  );
  add('reports: bad filter', (c) => c.get(`${community()}/reports?filter=users`), 400, 'invalid_filter');
  add('reports: page 0', (c) => c.get(`${community()}/reports?page=0`), 400, 'invalid_page');
  add('reports: page not a number', (c) => c.get(`${community()}/reports?page=two`), 400, 'invalid_page');
  add(
    'reports: huge page',
    (c) => c.get(`${community()}/reports?page=99999999999999999999`),
    400,
    'invalid_page',
  );
  add('reports: limit over 50', (c) => c.get(`${community()}/reports?limit=51`), 400, 'invalid_limit');
  add('reports: limit 0', (c) => c.get(`${community()}/reports?limit=0`), 400, 'invalid_limit');
  add('reports: repeated page', (c) => c.get(`${community()}/reports?page=1&page=2`), 400);
  add('reports: bad report id', (c) => c.delete(`${community()}/reports/abc`), 400, 'invalid_report_id');
  add(
    'reports: unknown report id',
    (c) => c.delete(`${community()}/reports/99999999999`),
    404,
    'report_not_found',
  );
  add(
    'modtools feed: huge page',
    (c) => c.get(`/api/posts?communityId=${communityId}&filter=deleted&page=99999999999999999999`),
    400,
    'invalid_page',
  );
  add(
    'modtools feed: bad filter',
    (c) => c.get(`/api/posts?communityId=${communityId}&filter=all&page=1`),
    400,
    'invalid_filter',
  );
  add('images: no image part', (c) => upload(c, `${community()}/pro_pic`, 'x', 'file'), 400, 'no-image');
  add(
    'images: not an image',
    (c) => upload(c, `${community()}/banner_image`, 'not an image at all'),
    400,
    'unsupported_image',
  );
  add(
    'images: JSON instead of multipart',
    (c) => c.post(`${community()}/pro_pic`, { image: 'x' }),
    400,
    'file_size_exceeded',
  );

  for (const [label, call, status, code] of bad) {
    it(label, async () => {
      for (const role of ['higherMod', 'admin'] as const) {
        const before = await state();
        const res = await call(clients[role]);
        expect({ role, status: res.status }).toEqual({ role, status });
        if (code) expect(res.json?.code).toBe(code);
        expect(await state()).toEqual(before);
      }
    });
  }

  it('truncates rules and descriptions to 512 characters', async () => {
    const res = await clients.higherMod.post(rulesPath(), {
      rule: 'r'.repeat(600),
      description: 'd'.repeat(600),
    });
    expect(res.status).toBe(200);
    const added = res.json.at(-1);
    expect([added.rule.length, added.description.length]).toEqual([512, 512]);
    expect(added.zIndex).toBe(
      Math.max(...res.json.slice(0, -1).map((r: { zIndex: number }) => r.zIndex)) + 1,
    );
    expect((await clients.higherMod.delete(`${rulesPath()}/${added.id}`)).json.id).toBe(added.id);
  });

  it('gives rules added at once each its own place', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clients.higherMod.post(rulesPath(), { rule: `At once ${i}` })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rules: { id: number; rule: string; zIndex: number }[] = (await clients.higherMod.get(rulesPath()))
      .json;
    const places = rules.map((r) => r.zIndex);
    expect(new Set(places).size).toBe(places.length);
    for (const rule of rules.filter((r) => r.rule.startsWith('At once '))) {
      await clients.higherMod.delete(`${rulesPath()}/${rule.id}`);
    }
  });

  it('pages reports ten at a time with the counts, newest first', async () => {
    for (let i = 0; i < 11; i++) await insertReport();
    const first = await clients.higherMod.get(`/api/communities/${communityId}/reports`);
    expect(first.json.limit).toBe(10);
    expect(first.json.page).toBe(1);
    expect(first.json.reports).toHaveLength(10);
    expect(first.json.details.noReports).toBe(
      first.json.details.noPostReports + first.json.details.noCommentReports,
    );
    expect(first.json.reports[0].target).toMatchObject({ id: postId });
    const ids = first.json.reports.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const none = await clients.higherMod.get(`/api/communities/${communityId}/reports?filter=comments`);
    expect(none.json.reports).toBeNull();
    const reporter = await makeUser(t.db);
    await t.db
      .insertInto('reports')
      .values({
        type: 'comment',
        target_id: commentId,
        community_id: communityId,
        post_id: postId,
        reason_id: 1,
        created_by: reporter.id,
      })
      .execute();
    const comments = await clients.higherMod.get(`/api/communities/${communityId}/reports?filter=comments`);
    expect(comments.json.details.noCommentReports).toBe(1);
    expect(comments.json.reports).toHaveLength(1);
    expect(comments.json.reports[0]).toMatchObject({
      type: 'comment',
      reason: 'Breaks community rules',
      target: { id: commentId, postDeleted: false },
    });
    const last = Math.ceil(first.json.details.noReports / 10);
    const past = await clients.higherMod.get(`/api/communities/${communityId}/reports?page=${last + 1}`);
    expect(past.json.reports).toBeNull();
  });
});
