import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, type Member, member, newCommunity, uniqueName } from './factories.js';
import { createTestApp, TestClock, type TestApp, type TestClient } from './harness.js';
import { PUBLIC_VIEW_KEYS } from './user-views.js';
import {
  COMMUNITY_NOT_FOUND,
  INVALID_ID,
  NOT_ADMIN,
  NOT_LOGGED_IN,
  NOT_MOD,
  USER_NOT_FOUND,
} from './api-errors.js';

/**
 * Communities: listing and search, creation, reading, settings, joining, bans and the default set
 * (API.md §5.4, §11.1–§11.5, §11.9, §16.1; DOMAIN §2.7, §6, §7.1–§7.3).
 */

const NOT_ADMIN_NOR_MOD = {
  status: 403,
  code: 'not_admin_nor_mod',
  message: 'User neither an admin nor a mod.',
};
const TOO_MANY = { status: 429, message: 'Too Many Requests.' };
const NOT_ENOUGH_POINTS = (n: number) => ({
  status: 403,
  code: 'not_enough_points',
  message: `You need at least ${n} points to create a community.`,
});
const MAX_LIMIT = {
  status: 403,
  code: 'max_limit_reached',
  message: "You've reached your max limit of the number of communities you can moderate.",
};
const EXISTS = { status: 409, code: 'community-exists', message: 'A community by that name already exists.' };
const BANNED_FROM_COMMUNITY = {
  status: 403,
  code: 'banned_from_community',
  message: 'You are banned from community',
};
const nameError = (message: string) => ({ status: 400, code: 'invalid-community-name', message });

/** Keys of a Community in emission order (API.md §5.4); `isDefault` only in the single GET. */
const COMMUNITY_KEYS = [
  'id',
  'userId',
  'name',
  'nsfw',
  'about',
  'noMembers',
  'proPic',
  'bannerImage',
  'postingRestricted',
  'createdAt',
  'deletedAt',
  'userJoined',
  'userMod',
  'isMuted',
  'mods',
  'rules',
  'ReportsDetails',
];
const SINGLE_KEYS = [...COMMUNITY_KEYS.slice(0, 11), 'isDefault', ...COMMUNITY_KEYS.slice(11)];

/** A random token of lower-case letters and digits, for names that no other test can match. */
function token(length = 8): string {
  return (
    'q' +
    crypto
      .randomBytes(16)
      .toString('hex')
      .slice(0, length - 1)
  );
}

function communityRow(t: TestApp, id: string) {
  return t.db.selectFrom('communities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function modRows(t: TestApp, communityId: string) {
  return t.db
    .selectFrom('community_mods')
    .select(['user_id', 'position'])
    .where('community_id', '=', communityId)
    .orderBy('position')
    .execute();
}

async function isMember(t: TestApp, communityId: string, userId: string): Promise<boolean> {
  const row = await t.db
    .selectFrom('community_members')
    .select('user_id')
    .where('community_id', '=', communityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes `userId` a member (counted) and a mod at `position`, straight in the database. */
async function addMod(t: TestApp, communityId: string, userId: string, position: number): Promise<void> {
  const joined = await t.db
    .insertInto('community_members')
    .values({ community_id: communityId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (joined) {
    await t.db
      .updateTable('communities')
      .set((eb) => ({ no_members: eb('no_members', '+', 1) }))
      .where('id', '=', communityId)
      .execute();
  }
  await t.db
    .insertInto('community_mods')
    .values({ community_id: communityId, user_id: userId, position })
    .execute();
}

function ids(list: Array<{ id: string }>): string[] {
  return list.map((c) => c.id);
}

/** The items of `list` that are among `wanted`, in the list's order. */
function onlyThese(list: Array<{ id: string }>, wanted: string[]): string[] {
  return ids(list).filter((id) => wanted.includes(id));
}

const clock = new TestClock();
let t: TestApp;
let admin: Member;
/** A member with enough points to create communities, and the creator of `shared`. */
let owner: Member;
let shared: any;

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.clock });
  admin = await member(t, { isAdmin: true });
  owner = await member(t, { points: 100 });
  shared = await newCommunity(owner.client, uniqueName('Shared'));
});
afterAll(() => t.close());

describe('GET /api/communities', () => {
  it('lists every community by lower-cased name by default, with mods and rules null and no isDefault', async () => {
    const prefix = token(6);
    // Upper case sorts before lower case byte-wise; the listing ignores case.
    const names = [`B${prefix}`, `a${prefix}`, `C${prefix}`];
    const made = [];
    for (const name of names) made.push(await newCommunity(admin.client, name));
    const res = await t.client().get('/api/communities');
    expect(res.status).toBe(200);
    const mine = ids(made);
    const byName = [made[1].id, made[0].id, made[2].id];
    expect(onlyThese(res.json, mine)).toEqual(byName);
    for (const item of res.json) {
      expect(Object.keys(item)).toEqual(COMMUNITY_KEYS);
      expect(item.mods).toBeNull();
      expect(item.rules).toBeNull();
    }
    const asc = await t.client().get('/api/communities?sort=name_asc');
    expect(ids(asc.json)).toEqual(ids(res.json));
    const desc = await t.client().get('/api/communities?sort=name_dsc');
    expect(desc.status).toBe(200);
    expect(onlyThese(desc.json, mine)).toEqual([...byName].reverse());
    expect(ids(desc.json)).toEqual(ids(res.json).reverse());
  });

  it('sorts by creation time (new, old) and by member count (size)', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await newCommunity(admin.client));
    const mine = ids(made);
    // Creation times out of id order, and member counts out of both.
    const base = Date.now() - 3600_000;
    const times = [base + 2000, base, base + 1000];
    const members = [5, 9, 7];
    for (let i = 0; i < 3; i++) {
      await t.db
        .updateTable('communities')
        .set({ created_at: new Date(times[i]!), no_members: members[i]! })
        .where('id', '=', mine[i]!)
        .execute();
    }
    const newest = await t.client().get('/api/communities?sort=new');
    expect(newest.status).toBe(200);
    expect(onlyThese(newest.json, mine)).toEqual([mine[0], mine[2], mine[1]]);
    const createdAt = newest.json.map((c: any) => Date.parse(c.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a: number, b: number) => b - a));

    const oldest = await t.client().get('/api/communities?sort=old');
    expect(onlyThese(oldest.json, mine)).toEqual([mine[1], mine[2], mine[0]]);

    const size = await t.client().get('/api/communities?sort=size');
    expect(onlyThese(size.json, mine)).toEqual([mine[1], mine[2], mine[0]]);
    const counts = size.json.map((c: any) => c.noMembers);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(size.json.find((c: any) => c.id === mine[1]).noMembers).toBe(9);
  });

  it('applies limit; 0 or less means no limit, and a non-number is 400 invalid_limit', async () => {
    await newCommunity(admin.client);
    await newCommunity(admin.client);
    const all = (await t.client().get('/api/communities?sort=new')).json;
    expect(all.length).toBeGreaterThan(2);
    const two = await t.client().get('/api/communities?sort=new&limit=2');
    expect(two.status).toBe(200);
    expect(ids(two.json)).toEqual(ids(all).slice(0, 2));
    for (const limit of ['0', '-5']) {
      const res = await t.client().get(`/api/communities?sort=new&limit=${limit}`);
      expect(res.status, limit).toBe(200);
      expect(ids(res.json)).toEqual(ids(all));
    }
    for (const limit of ['abc', '1.5', '2x']) {
      const res = await t.client().get(`/api/communities?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.json.code).toBe('invalid_limit');
    }
  });

  it('refuses an unknown sort with 400 invalid-sort and an unknown set with 400 invalid-set', async () => {
    const sort = await t.client().get('/api/communities?sort=popular');
    expect(sort.status).toBe(400);
    expect(sort.json.code).toBe('invalid-sort');
    const set = await t.client().get('/api/communities?set=mine');
    expect(set.status).toBe(400);
    expect(set.json.code).toBe('invalid-set');
  });

  it('needs a login for set=subscribed and lists the joined communities then', async () => {
    const res = await t.client().get('/api/communities?set=subscribed');
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);

    const viewer = await member(t);
    expect((await viewer.client.get('/api/communities?set=subscribed')).json).toEqual([]);
    const a = await newCommunity(admin.client, `b${token()}`);
    const b = await newCommunity(admin.client, `A${token()}`);
    await newCommunity(admin.client);
    for (const c of [a, b]) {
      expect((await viewer.client.post('/api/_joinCommunity', { communityId: c.id })).status).toBe(200);
    }
    const subscribed = await viewer.client.get('/api/communities?set=subscribed');
    expect(subscribed.status).toBe(200);
    expect(ids(subscribed.json)).toEqual([b.id, a.id]);
    for (const c of subscribed.json)
      expect(c).toMatchObject({ userJoined: true, userMod: false, isMuted: false });
    const bySize = await viewer.client.get('/api/communities?set=subscribed&sort=name_dsc&limit=1');
    expect(ids(bySize.json)).toEqual([a.id]);
  });

  it('fills userJoined, userMod and isMuted for a logged-in viewer, and null, null, false for guests', async () => {
    const viewer = await member(t, { points: 100 });
    const modded = await newCommunity(viewer.client);
    const joined = await newCommunity(admin.client);
    const muted = await newCommunity(admin.client);
    const other = await newCommunity(admin.client);
    await viewer.client.post('/api/_joinCommunity', { communityId: joined.id });
    await t.db
      .insertInto('muted_communities')
      .values({ user_id: viewer.user.id, community_id: muted.id })
      .execute();

    const expected: Record<string, [boolean, boolean, boolean]> = {
      [modded.id]: [true, true, false],
      [joined.id]: [true, false, false],
      [muted.id]: [false, false, true],
      [other.id]: [false, false, false],
    };
    for (const query of ['', '?sort=size', '?set=all&sort=new']) {
      const res = await viewer.client.get(`/api/communities${query}`);
      for (const [id, [userJoined, userMod, isMuted]] of Object.entries(expected)) {
        const item = res.json.find((c: any) => c.id === id);
        expect(item, query).toMatchObject({ userJoined, userMod, isMuted });
      }
    }
    const search = await viewer.client.get(`/api/communities?q=${muted.name}`);
    expect(search.json[0]).toMatchObject({ id: muted.id, isMuted: true, userJoined: false });

    const anonymous = await t.client().get('/api/communities');
    for (const id of Object.keys(expected)) {
      expect(anonymous.json.find((c: any) => c.id === id)).toMatchObject({
        userJoined: null,
        userMod: null,
        isMuted: false,
      });
    }
  });

  it('leaves deleted communities out of every listing and the search', async () => {
    const viewer = await member(t);
    const gone = await newCommunity(admin.client, `D${token()}`);
    await viewer.client.post('/api/_joinCommunity', { communityId: gone.id });
    await t.db.updateTable('communities').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    for (const query of ['', '?sort=new', '?sort=old', '?sort=size', '?sort=name_dsc', '?set=subscribed']) {
      const res = await viewer.client.get(`/api/communities${query}`);
      expect(res.status).toBe(200);
      expect(ids(res.json), query).not.toContain(gone.id);
    }
    expect((await t.client().get(`/api/communities?q=${gone.name}`)).json).toEqual([]);
    const single = await t.client().get(`/api/communities/${gone.id}`);
    expect(single.json).toEqual(COMMUNITY_NOT_FOUND);
  });
});

describe('GET /api/communities?q=', () => {
  it('finds names containing q, case-insensitively, the exact match first', async () => {
    const tok = token(7);
    const exact = await newCommunity(admin.client, tok.toUpperCase());
    const before = await newCommunity(admin.client, `x${tok}`);
    const after = await newCommunity(admin.client, `${tok}y`);
    await newCommunity(admin.client, `${tok.slice(0, 4)}_${tok.slice(4)}`); // not containing q
    // The partial matches are bigger, so only the exact-match rule puts `exact` first.
    await t.db
      .updateTable('communities')
      .set({ no_members: 50 })
      .where('id', 'in', [before.id, after.id])
      .execute();
    const res = await t.client().get(`/api/communities?q=${tok}`);
    expect(res.status).toBe(200);
    expect(res.json[0].id).toBe(exact.id);
    expect(ids(res.json).sort()).toEqual([exact.id, before.id, after.id].sort());
    for (const item of res.json) {
      expect(Object.keys(item)).toEqual(COMMUNITY_KEYS);
      expect(item).toMatchObject({ mods: null, rules: null });
    }
    const mixed = await t.client().get(`/api/communities?q=${tok.slice(1, 6).toUpperCase()}`);
    expect(ids(mixed.json).sort()).toEqual([exact.id, before.id, after.id].sort());
  });

  it('answers at most 10, ignoring set, sort and limit', async () => {
    const tok = token(7);
    for (let i = 0; i < 12; i++) await newCommunity(admin.client, `${tok}${i}`);
    const res = await t.client().get(`/api/communities?q=${tok}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(10);
    for (const item of res.json) expect(item.name.startsWith(tok)).toBe(true);
    const ignored = await t.client().get(`/api/communities?q=${tok}&set=subscribed&limit=2&sort=new`);
    expect(ignored.status).toBe(200);
    expect(ignored.json).toHaveLength(10);
  });

  it('matches % and _ literally', async () => {
    const tok = token(6);
    const underscore = await newCommunity(admin.client, `${tok}a_b`);
    await newCommunity(admin.client, `${tok}aXb`);
    const res = await t.client().get(`/api/communities?q=${tok}a_b`);
    expect(ids(res.json)).toEqual([underscore.id]);
    const percent = await t.client().get(`/api/communities?q=${encodeURIComponent('%')}`);
    expect(percent.status).toBe(200);
    expect(percent.json).toEqual([]);
    const both = await t.client().get(`/api/communities?q=${encodeURIComponent(`${tok}%b`)}`);
    expect(both.json).toEqual([]);
  });
});

describe('POST /api/communities', () => {
  it('refuses guests with 401', async () => {
    const res = await (await guest(t)).post('/api/communities', { name: uniqueName('c') });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
  });

  it('refuses a member with fewer than 100 points with 403 not_enough_points, before the name checks', async () => {
    const poor = await member(t, { points: 99 });
    for (const name of [uniqueName('c'), 'x', shared.name]) {
      const res = await poor.client.post('/api/communities', { name });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(NOT_ENOUGH_POINTS(100));
    }
    const rich = await member(t, { points: 100 });
    const res = await rich.client.post('/api/communities', { name: uniqueName('c') });
    expect(res.status).toBe(200);
  });

  it('lets admins create whatever their points', async () => {
    const poorAdmin = await member(t, { isAdmin: true, points: 0 });
    const res = await poorAdmin.client.post('/api/communities', { name: uniqueName('c') });
    expect(res.status).toBe(200);
  });

  it('refuses invalid names with 400 invalid-community-name', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Name has to be at least 3 characters.'],
      ['ab', 'Name has to be at least 3 characters.'],
      ['   ab   ', 'Name has to be at least 3 characters.'],
      ['a'.repeat(22), 'Name has to be at most 21 characters.'],
      ['bad-name', 'Name can only contain letters, digits and underscores.'],
      ['bad name', 'Name can only contain letters, digits and underscores.'],
      ['caf\u00e9s', 'Name can only contain letters, digits and underscores.'],
      ['login', 'That name is reserved.'],
      ['About', 'That name is reserved.'],
      ['ALL', 'That name is reserved.'],
    ];
    const before = await t.db
      .selectFrom('communities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [name, message] of cases) {
      const res = await owner.client.post('/api/communities', { name });
      expect(res.status, name).toBe(400);
      expect(res.json, name).toEqual(nameError(message));
    }
    const missing = await owner.client.post('/api/communities', {});
    expect(missing.json).toEqual(nameError('Name has to be at least 3 characters.'));
    const after = await t.db
      .selectFrom('communities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts 3 and 21 characters, and trims the name', async () => {
    const three = `${token(3)}`;
    expect((await newCommunity(admin.client, three)).name).toBe(three);
    const long = token(21);
    expect((await newCommunity(admin.client, long)).name).toBe(long);
    const trimmed = token(10);
    expect((await newCommunity(admin.client, `  ${trimmed}\n`)).name).toBe(trimmed);
  });

  it('refuses a name taken in another case with 409 community-exists', async () => {
    for (const name of [shared.name, shared.name.toUpperCase(), shared.name.toLowerCase()]) {
      const res = await admin.client.post('/api/communities', { name });
      expect(res.status).toBe(409);
      expect(res.json).toEqual(EXISTS);
    }
  });

  it('trims about, truncates it to 500 characters and stores "" as null', async () => {
    const long = await newCommunity(admin.client, uniqueName('c'), `  ${'é'.repeat(600)}  `);
    expect(long.about).toBe('é'.repeat(500));
    expect((await communityRow(t, long.id)).about).toBe('é'.repeat(500));
    const trimmed = await newCommunity(admin.client, uniqueName('c'), '  hello  ');
    expect(trimmed.about).toBe('hello');
    const empty = await newCommunity(admin.client, uniqueName('c'), '   ');
    expect(empty.about).toBeNull();
    expect((await communityRow(t, empty.id)).about).toBeNull();
    const absent = await newCommunity(admin.client, uniqueName('c'));
    expect(absent.about).toBeNull();
  });

  it('answers with the community the creator joined and moderates, counting one member', async () => {
    const creator = await member(t, { points: 150 });
    const name = uniqueName('New');
    const res = await creator.client.post('/api/communities', { name, about: 'About it.' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(COMMUNITY_KEYS);
    const row = await communityRow(t, res.json.id);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: creator.user.id,
      name,
      nsfw: false,
      about: 'About it.',
      noMembers: 1,
      proPic: null,
      bannerImage: null,
      postingRestricted: false,
      createdAt: row.created_at.toISOString(),
      deletedAt: null,
      userJoined: true,
      userMod: true,
      isMuted: false,
      mods: null,
      rules: null,
      ReportsDetails: null,
    });
    expect(row.no_members).toBe(1);
    expect(await isMember(t, res.json.id, creator.user.id)).toBe(true);
    expect(await modRows(t, res.json.id)).toEqual([{ user_id: creator.user.id, position: 0 }]);
    // Creating costs no points.
    const points = await t.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(points.points).toBe(150);
  });
});

describe('POST /api/communities with lowered thresholds', () => {
  let lowered: TestApp;
  beforeAll(async () => {
    lowered = await createTestApp({ COMMUNITY_CREATION_REQ_POINTS: '5', MAX_MODERATED_COMMUNITIES: '1' });
  });
  afterAll(() => lowered.close());

  it('uses COMMUNITY_CREATION_REQ_POINTS, and refuses the second community with 403 max_limit_reached', async () => {
    const four = await member(lowered, { points: 4 });
    const refused = await four.client.post('/api/communities', { name: uniqueName('c') });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(NOT_ENOUGH_POINTS(5));

    const five = await member(lowered, { points: 5 });
    const first = await five.client.post('/api/communities', { name: uniqueName('c') });
    expect(first.status).toBe(200);
    // The moderation cap comes before the name checks.
    for (const name of [uniqueName('c'), 'x', first.json.name]) {
      const second = await five.client.post('/api/communities', { name });
      expect(second.status).toBe(403);
      expect(second.json).toEqual(MAX_LIMIT);
    }
    // Points come before the cap.
    await lowered.db.updateTable('users').set({ points: 4 }).where('id', '=', five.user.id).execute();
    const poorAgain = await five.client.post('/api/communities', { name: uniqueName('c') });
    expect(poorAgain.json).toEqual(NOT_ENOUGH_POINTS(5));
  });

  it('holds the cap when several creations arrive at once', async () => {
    const eager = await member(lowered, { points: 50 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => eager.client.post('/api/communities', { name: uniqueName('c') })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    const moderated = await lowered.db
      .selectFrom('community_mods')
      .select('community_id')
      .where('user_id', '=', eager.user.id)
      .execute();
    expect(moderated).toHaveLength(1);
  });

  it('counts a moderation role given any way, and frees a place when the user leaves', async () => {
    const user = await member(lowered, { points: 10 });
    const adminUser = await member(lowered, { isAdmin: true });
    const c = await newCommunity(adminUser.client);
    await addMod(lowered, c.id, user.user.id, 1);
    const refused = await user.client.post('/api/communities', { name: uniqueName('c') });
    expect(refused.json).toEqual(MAX_LIMIT);
    await user.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    const allowed = await user.client.post('/api/communities', { name: uniqueName('c') });
    expect(allowed.status).toBe(200);
  });

  it('exempts admins from both rules', async () => {
    const adminUser = await member(lowered, { isAdmin: true, points: 0 });
    for (let i = 0; i < 3; i++) {
      const res = await adminUser.client.post('/api/communities', { name: uniqueName('c') });
      expect(res.status).toBe(200);
    }
  });
});

describe('POST /api/communities with rate limits on', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('allows a member one creation a minute, counting refused attempts, and never limits admins', async () => {
    const creator = await member(limited, { points: 100 });
    expect((await creator.client.post('/api/communities', { name: uniqueName('c') })).status).toBe(200);
    const second = await creator.client.post('/api/communities', { name: uniqueName('c') });
    expect(second.status).toBe(429);
    expect(second.json).toEqual(TOO_MANY);

    // The limit comes before the points check.
    const poor = await member(limited, { points: 1 });
    const first = await poor.client.post('/api/communities', { name: uniqueName('c') });
    expect(first.json).toEqual(NOT_ENOUGH_POINTS(100));
    expect((await poor.client.post('/api/communities', { name: uniqueName('c') })).json).toEqual(TOO_MANY);

    const adminUser = await member(limited, { isAdmin: true });
    for (let i = 0; i < 3; i++) {
      expect((await adminUser.client.post('/api/communities', { name: uniqueName('c') })).status).toBe(200);
    }
  });
});

describe('GET /api/communities/{idOrName}', () => {
  it('answers with mods (the creator, public view), rules arrays and isDefault', async () => {
    const res = await t.client().get(`/api/communities/${shared.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(SINGLE_KEYS);
    expect(res.json).toMatchObject({
      id: shared.id,
      name: shared.name,
      isDefault: false,
      userJoined: null,
      userMod: null,
      isMuted: false,
      rules: [],
    });
    expect(res.json.mods).toHaveLength(1);
    expect(Object.keys(res.json.mods[0])).toEqual(PUBLIC_VIEW_KEYS);
    expect(res.json.mods[0]).toMatchObject({
      id: owner.user.id,
      username: owner.user.username,
      email: null,
      moddingList: null,
    });
  });

  it('lists the mods in rank order and the rules', async () => {
    const c = await newCommunity(owner.client);
    const second = await member(t);
    const third = await member(t);
    await addMod(t, c.id, third.user.id, 2);
    await addMod(t, c.id, second.user.id, 1);
    const created = new Date('2024-05-01T10:00:00.000Z');
    const rule = await t.db
      .insertInto('community_rules')
      .values({
        community_id: c.id,
        rule: 'Be kind',
        description: 'Always.',
        z_index: 0,
        created_by: owner.user.id,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await second.client.get(`/api/communities/${c.id}`);
    expect(res.json.mods.map((u: any) => u.id)).toEqual([owner.user.id, second.user.id, third.user.id]);
    expect(res.json.rules).toEqual([
      {
        id: rule.id,
        rule: 'Be kind',
        description: 'Always.',
        communityId: c.id,
        zIndex: 0,
        createdBy: owner.user.id,
        createdAt: created.toISOString(),
      },
    ]);
    expect(res.json).toMatchObject({ userJoined: true, userMod: true, noMembers: 3 });
  });

  it('finds a community by name in any case with byName=true', async () => {
    for (const name of [shared.name, shared.name.toUpperCase(), shared.name.toLowerCase()]) {
      const res = await owner.client.get(`/api/communities/${name}?byName=true`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: shared.id, name: shared.name, userJoined: true, userMod: true });
      expect(Array.isArray(res.json.mods)).toBe(true);
      expect(res.json.rules).toEqual([]);
      expect(res.json.isDefault).toBe(false);
    }
    const unknown = await t.client().get(`/api/communities/${uniqueName('none')}?byName=true`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(COMMUNITY_NOT_FOUND);
  });

  it('accepts hex ids in any case, refuses malformed ones with 400 invalid_id and unknown ones with 404', async () => {
    expect((await t.client().get(`/api/communities/${shared.id.toUpperCase()}`)).json.id).toBe(shared.id);
    for (const id of [shared.name, 'zz'.repeat(12), shared.id.slice(1)]) {
      const res = await t.client().get(`/api/communities/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.json).toEqual(INVALID_ID);
    }
    const res = await t.client().get(`/api/communities/${'0'.repeat(23)}1`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(COMMUNITY_NOT_FOUND);
  });
});

describe('POST /api/_joinCommunity', () => {
  it('counts a member once, however often they join, and a leave only when they were one', async () => {
    const c = await newCommunity(admin.client);
    const user = await member(t);
    const joined = await user.client.post('/api/_joinCommunity', { communityId: c.id, leave: false });
    expect(joined.status).toBe(200);
    expect(Object.keys(joined.json)).toEqual(COMMUNITY_KEYS);
    expect(joined.json).toMatchObject({
      id: c.id,
      noMembers: 2,
      userJoined: true,
      userMod: false,
      mods: null,
      rules: null,
    });
    const again = await user.client.post('/api/_joinCommunity', { communityId: c.id });
    expect(again.json).toMatchObject({ noMembers: 2, userJoined: true });
    expect((await communityRow(t, c.id)).no_members).toBe(2);

    const left = await user.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    expect(left.status).toBe(200);
    expect(left.json).toMatchObject({ noMembers: 1, userJoined: false, userMod: false });
    const leftAgain = await user.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    expect(leftAgain.json).toMatchObject({ noMembers: 1, userJoined: false });
    const stranger = await member(t);
    const strangerLeaves = await stranger.client.post('/api/_joinCommunity', {
      communityId: c.id,
      leave: true,
    });
    expect(strangerLeaves.json.noMembers).toBe(1);
    expect((await communityRow(t, c.id)).no_members).toBe(1);
    expect(await isMember(t, c.id, user.user.id)).toBe(false);
  });

  it('ends the mod role of a member who leaves, and renumbers the other mods', async () => {
    const creator = await member(t, { points: 100 });
    const c = await newCommunity(creator.client);
    const second = await member(t);
    const third = await member(t);
    await addMod(t, c.id, second.user.id, 1);
    await addMod(t, c.id, third.user.id, 2);
    // A moderator's repeated join keeps the role; the answer says false all the same (API.md §11.5).
    const rejoin = await creator.client.post('/api/_joinCommunity', { communityId: c.id });
    expect(rejoin.json).toMatchObject({ userJoined: true, userMod: false, noMembers: 3 });
    expect((await modRows(t, c.id))[0]).toEqual({ user_id: creator.user.id, position: 0 });
    const res = await creator.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    expect(res.json).toMatchObject({ userJoined: false, userMod: false, noMembers: 2 });
    expect(await modRows(t, c.id)).toEqual([
      { user_id: second.user.id, position: 0 },
      { user_id: third.user.id, position: 1 },
    ]);
    const single = await t.client().get(`/api/communities/${c.id}`);
    expect(single.json.mods.map((u: any) => u.id)).toEqual([second.user.id, third.user.id]);
    // A mod in the middle leaves.
    const fourth = await member(t);
    await addMod(t, c.id, fourth.user.id, 2);
    await third.client.post('/api/_joinCommunity', { communityId: c.id, leave: true });
    expect(await modRows(t, c.id)).toEqual([
      { user_id: second.user.id, position: 0 },
      { user_id: fourth.user.id, position: 1 },
    ]);
  });

  it('refuses guests, malformed ids and unknown communities', async () => {
    const anonymous = await guest(t);
    const res = await anonymous.post('/api/_joinCommunity', { communityId: shared.id });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(NOT_LOGGED_IN);
    const user = await member(t);
    const bad = await user.client.post('/api/_joinCommunity', { communityId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(INVALID_ID);
    const unknown = await user.client.post('/api/_joinCommunity', { communityId: 'a'.repeat(24) });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(COMMUNITY_NOT_FOUND);
    const missing = await user.client.post('/api/_joinCommunity', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('invalid_json');
  });
});

describe('PUT /api/communities/{idOrName}', () => {
  it('refuses guests, and members who are not mods with 403 not_mod', async () => {
    const anonymous = await guest(t);
    expect((await anonymous.put(`/api/communities/${shared.id}`, { about: 'x' })).json).toEqual(
      NOT_LOGGED_IN,
    );
    const user = await member(t);
    await user.client.post('/api/_joinCommunity', { communityId: shared.id });
    const res = await user.client.put(`/api/communities/${shared.id}`, { about: 'hijacked', nsfw: true });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(NOT_MOD);
    expect((await communityRow(t, shared.id)).about).toBeNull();
  });

  it('accepts the whole cached community and changes only nsfw, about and postingRestricted', async () => {
    const creator = await member(t, { points: 100 });
    const c = await newCommunity(creator.client, uniqueName('c'), 'Old about');
    const cached = (await creator.client.get(`/api/communities/${c.id}`)).json;
    const res = await creator.client.put(`/api/communities/${c.id}`, {
      ...cached,
      name: 'renamed_it',
      noMembers: 999,
      userId: admin.user.id,
      createdAt: '2000-01-01T00:00:00Z',
      nsfw: true,
      about: 'New about',
      postingRestricted: true,
      somethingElse: { nested: [1, 2, { deep: true }] },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(COMMUNITY_KEYS);
    expect(res.json).toMatchObject({
      id: c.id,
      name: c.name,
      userId: creator.user.id,
      noMembers: 1,
      createdAt: c.createdAt,
      nsfw: true,
      about: 'New about',
      postingRestricted: true,
      userJoined: true,
      userMod: true,
    });
    expect(res.json.mods.map((u: any) => u.id)).toEqual([creator.user.id]);
    expect(res.json.rules).toEqual([]);
    const row = await communityRow(t, c.id);
    expect(row).toMatchObject({
      name: c.name,
      nsfw: true,
      about: 'New about',
      posting_restricted: true,
      no_members: 1,
    });
  });

  it('overwrites all three: absent keys become false and null', async () => {
    const creator = await member(t, { points: 100 });
    const c = await newCommunity(creator.client);
    await creator.client.put(`/api/communities/${c.id}`, { nsfw: true, about: 'x', postingRestricted: true });
    const res = await creator.client.put(`/api/communities/${c.id}`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ nsfw: false, about: null, postingRestricted: false });
    const nulls = await creator.client.put(`/api/communities/${c.id}`, {
      nsfw: null,
      about: null,
      postingRestricted: null,
    });
    expect(nulls.json).toMatchObject({ nsfw: false, about: null, postingRestricted: false });
    expect(await communityRow(t, c.id)).toMatchObject({
      nsfw: false,
      about: null,
      posting_restricted: false,
    });
  });

  it('truncates about to 2000 characters', async () => {
    const res = await owner.client.put(`/api/communities/${shared.id}`, { about: 'ü'.repeat(2100) });
    expect(res.status).toBe(200);
    expect(res.json.about).toBe('ü'.repeat(2000));
    await owner.client.put(`/api/communities/${shared.id}`, { about: null });
  });

  it('lets admins update any community, by name too', async () => {
    const c = await newCommunity(owner.client);
    const res = await admin.client.put(`/api/communities/${c.name.toUpperCase()}?byName=true`, {
      about: 'Set by an admin',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: c.id, about: 'Set by an admin', userJoined: false, userMod: false });
    expect(res.json.mods.map((u: any) => u.id)).toEqual([owner.user.id]);
    expect(res.json.rules).toEqual([]);
  });

  it('refuses malformed ids and unknown communities', async () => {
    expect((await admin.client.put('/api/communities/nope', {})).json).toEqual(INVALID_ID);
    expect((await admin.client.put(`/api/communities/${'b'.repeat(24)}`, {})).json).toEqual(
      COMMUNITY_NOT_FOUND,
    );
    expect((await admin.client.put(`/api/communities/${uniqueName('x')}?byName=true`, {})).json).toEqual(
      COMMUNITY_NOT_FOUND,
    );
  });
});

describe('community bans', () => {
  let c: any;
  let mod: Member;
  let postingUser: Member;

  beforeAll(async () => {
    mod = await member(t, { points: 100 });
    c = await newCommunity(mod.client);
    postingUser = await member(t);
  });

  const banned = () => `/api/communities/${c.id}/banned`;

  it('needs a mod of the community or an admin', async () => {
    const anonymous = await guest(t);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await anonymous.request(method, banned(), {
        body: { username: postingUser.user.username },
      });
      expect(res.status, method).toBe(401);
      expect(res.json).toEqual(NOT_LOGGED_IN);
      const denied = await postingUser.client.request(method, banned(), {
        body: { username: postingUser.user.username },
      });
      expect(denied.status, method).toBe(403);
      expect(denied.json).toEqual(NOT_ADMIN_NOR_MOD);
    }
    expect((await mod.client.get('/api/communities/nope/banned')).json).toEqual(INVALID_ID);
    expect((await mod.client.get(`/api/communities/${'c'.repeat(24)}/banned`)).json).toEqual(
      COMMUNITY_NOT_FOUND,
    );
    expect((await admin.client.get(banned())).status).toBe(200);
  });

  it('refuses unknown users, mods, admins and bad bodies', async () => {
    const unknown = await mod.client.post(banned(), { username: uniqueName('nobody') });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(USER_NOT_FOUND);
    const otherMod = await member(t);
    await addMod(t, c.id, otherMod.user.id, 1);
    for (const target of [mod.user, otherMod.user, admin.user]) {
      const res = await mod.client.post(banned(), { username: target.username });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('not_admin_nor_mod');
    }
    const missing = await mod.client.post(banned(), {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('no_username');
    const empty = await mod.client.post(banned(), { username: '' });
    expect(empty.json.code).toBe('no_username');
    for (const expires of ['tomorrow', '2030-13-01T00:00:00Z', '12345']) {
      const res = await mod.client.post(banned(), { username: postingUser.user.username, expires });
      expect(res.status, expires).toBe(400);
      expect(res.json.code).toBe('invalid_expires');
    }
    expect((await mod.client.get(banned())).json).toEqual([]);
  });

  it('bans a user from posting there, but not from voting or joining; a second ban is 409', async () => {
    const target = await member(t);
    const post = await mod.client.post('/api/posts', {
      type: 'text',
      title: 'A post to vote on',
      community: c.name,
    });
    expect(post.status).toBe(200);
    const res = await mod.client.post(banned(), { username: target.user.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(PUBLIC_VIEW_KEYS);
    expect(res.json).toMatchObject({ id: target.user.id, username: target.user.username });

    const again = await mod.client.post(banned(), { username: target.user.username });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      status: 409,
      code: 'conflict',
      message: `${target.user.username} is already banned.`,
    });

    const list = await mod.client.get(banned());
    expect(list.json.map((u: any) => u.id)).toEqual([target.user.id]);
    expect(Object.keys(list.json[0])).toEqual(PUBLIC_VIEW_KEYS);

    const postRes = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Banned post',
      community: c.name,
    });
    expect(postRes.status).toBe(403);
    expect(postRes.json).toEqual(BANNED_FROM_COMMUNITY);
    const vote = await target.client.post('/api/_postVote', { postId: post.json.id, up: true });
    expect(vote.status).toBe(200);
    expect(vote.json.upvotes).toBe(2);
    const join = await target.client.post('/api/_joinCommunity', { communityId: c.id });
    expect(join.status).toBe(200);
    expect(join.json.userJoined).toBe(true);
    // Elsewhere they post as usual.
    const elsewhere = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Fine here',
      community: shared.name,
    });
    expect(elsewhere.status).toBe(200);

    const initial = await target.client.get('/api/_initial');
    expect(initial.json.bannedFrom).toEqual([c.id]);
    expect((await postingUser.client.get('/api/_initial')).json.bannedFrom).toBeNull();

    // DELETE lifts it.
    const lifted = await mod.client.delete(banned(), { username: target.user.username });
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({ id: target.user.id });
    expect((await mod.client.get(banned())).json).toEqual([]);
    expect((await target.client.get('/api/_initial')).json.bannedFrom).toBeNull();
    const posted = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Back again',
      community: c.name,
    });
    expect(posted.status).toBe(200);
    // Unbanning someone not banned is a no-op.
    const noop = await mod.client.delete(banned(), { username: target.user.username });
    expect(noop.status).toBe(200);
    const unknownUnban = await mod.client.delete(banned(), { username: uniqueName('nobody') });
    expect(unknownUnban.json).toEqual(USER_NOT_FOUND);
    expect((await mod.client.delete(banned(), {})).json.code).toBe('no_username');
  });

  it('lets an admin ban and unban in any community', async () => {
    const target = await member(t);
    expect((await admin.client.post(banned(), { username: target.user.username })).status).toBe(200);
    expect((await admin.client.get(banned())).json.map((u: any) => u.id)).toContain(target.user.id);
    expect((await admin.client.delete(banned(), { username: target.user.username })).status).toBe(200);
    expect((await admin.client.get(banned())).json.map((u: any) => u.id)).not.toContain(target.user.id);
  });

  it('holds a ban with a future expiry until the clock passes it', async () => {
    const target = await member(t);
    const expires = new Date(clock.now.getTime() + 3600_000);
    const res = await mod.client.post(banned(), {
      username: target.user.username,
      expires: expires.toISOString(),
    });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('community_banned')
      .select('expires_at')
      .where('community_id', '=', c.id)
      .where('user_id', '=', target.user.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at!.toISOString()).toBe(expires.toISOString());
    const refused = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Too early',
      community: c.name,
    });
    expect(refused.json).toEqual(BANNED_FROM_COMMUNITY);
    expect((await target.client.get('/api/_initial')).json.bannedFrom).toEqual([c.id]);
    expect((await mod.client.get(banned())).json.map((u: any) => u.id)).toEqual([target.user.id]);
    expect((await mod.client.post(banned(), { username: target.user.username })).status).toBe(409);

    clock.advance(3600_000 - 1000);
    expect((await target.client.get('/api/_initial')).json.bannedFrom).toEqual([c.id]);
    clock.advance(2000);
    expect((await target.client.get('/api/_initial')).json.bannedFrom).toBeNull();
    expect((await mod.client.get(banned())).json).toEqual([]);
    const allowed = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Ban is over',
      community: c.name,
    });
    expect(allowed.status).toBe(200);
    // An expired ban does not block a new one.
    const rebanned = await mod.client.post(banned(), { username: target.user.username });
    expect(rebanned.status).toBe(200);
    const blocked = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Banned for good',
      community: c.name,
    });
    expect(blocked.json).toEqual(BANNED_FROM_COMMUNITY);
    await mod.client.delete(banned(), { username: target.user.username });
  });

  it('does not hold a ban whose expiry has already passed', async () => {
    const target = await member(t);
    const res = await mod.client.post(banned(), {
      username: target.user.username,
      expires: new Date(clock.now.getTime() - 60_000).toISOString(),
    });
    expect(res.status).toBe(200);
    expect((await target.client.get('/api/_initial')).json.bannedFrom).toBeNull();
    const posted = await target.client.post('/api/posts', {
      type: 'text',
      title: 'Not banned',
      community: c.name,
    });
    expect(posted.status).toBe(200);
    // Lifting it lifts nothing: neither the ban nor the unban is in the log (decisions §48).
    expect((await mod.client.delete(banned(), { username: target.user.username })).status).toBe(200);
    const logged = await loggedActionsOn(target.user.id);
    expect(logged).toEqual([]);
  });

  async function loggedActionsOn(userId: string): Promise<string[]> {
    const rows = await t.db
      .selectFrom('mod_log')
      .select('action')
      .where('target_user_id', '=', userId)
      .execute();
    return rows.map((r) => r.action);
  }

  it('logs no unban for a timed ban that lifted itself', async () => {
    const target = await member(t);
    const res = await mod.client.post(banned(), {
      username: target.user.username,
      expires: new Date(clock.now.getTime() + 60_000).toISOString(),
    });
    expect(res.status).toBe(200);
    clock.advance(120_000);
    expect((await mod.client.delete(banned(), { username: target.user.username })).status).toBe(200);
    const logged = await loggedActionsOn(target.user.id);
    expect(logged).toEqual(['ban_user']);
  });
});

describe('moddingList in GET /api/_user', () => {
  it('is null for a user who moderates nothing and lists the moderated communities otherwise', async () => {
    const user = await member(t, { points: 100 });
    const none = await user.client.get('/api/_user');
    expect(none.status).toBe(200);
    expect(none.json.moddingList).toBeNull();
    const b = await newCommunity(user.client, `b${token()}`);
    const a = await newCommunity(user.client, `A${token()}`);
    await user.client.post('/api/_joinCommunity', { communityId: shared.id });
    const res = await user.client.get('/api/_user');
    expect(res.json.moddingList.map((c: any) => c.id)).toEqual([a.id, b.id]);
    for (const item of res.json.moddingList) {
      expect(Object.keys(item)).toEqual(COMMUNITY_KEYS);
      expect(item).toMatchObject({ userJoined: null, userMod: null, mods: null, rules: null });
    }
    const profile = await t.client().get(`/api/users/${user.user.username}`);
    expect(profile.json.moddingList.map((c: any) => c.id)).toEqual([a.id, b.id]);
  });
});

describe('default communities', () => {
  let d: TestApp;
  let dAdmin: Member;
  beforeAll(async () => {
    d = await createTestApp();
    dAdmin = await member(d, { isAdmin: true });
  });
  afterAll(() => d.close());

  const action = (client: TestClient, name: unknown, add = true) =>
    client.post('/api/_admin', { action: add ? 'add_default_forum' : 'remove_default_forum', name });

  it('needs an admin, a known community and a name', async () => {
    const c = await newCommunity(dAdmin.client);
    const anonymous = await guest(d);
    expect((await action(anonymous, c.name)).json).toEqual(NOT_LOGGED_IN);
    const user = await member(d);
    const denied = await action(user.client, c.name);
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual(NOT_ADMIN);
    const unknown = await action(dAdmin.client, uniqueName('none'));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(COMMUNITY_NOT_FOUND);
    for (const body of [
      { action: 'add_default_forum' },
      { action: 'remove_default_forum' },
      { action: 'add_default_forum', name: 5 },
    ]) {
      const res = await dAdmin.client.post('/api/_admin', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    expect((await d.db.selectFrom('default_communities').selectAll().execute()).length).toBe(0);
  });

  it('makes the default set: guests see it, new members join it, and isDefault shows it', async () => {
    const prefix = token(6);
    const b = await newCommunity(dAdmin.client, `B${prefix}`);
    const a = await newCommunity(dAdmin.client, `a${prefix}`);
    const other = await newCommunity(dAdmin.client, `c${prefix}`);
    expect((await d.client().get('/api/_initial')).json.communities).toBeNull();

    for (const name of [b.name.toLowerCase(), a.name]) {
      const res = await action(dAdmin.client, name);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
    }
    // Adding twice changes nothing.
    expect((await action(dAdmin.client, a.name)).status).toBe(200);

    const initial = await d.client().get('/api/_initial');
    expect(initial.json.communities.map((c: any) => c.id)).toEqual([a.id, b.id]);
    for (const item of initial.json.communities) {
      expect(Object.keys(item)).toEqual(COMMUNITY_KEYS);
      expect(item).toMatchObject({ userJoined: null, userMod: null, mods: null, rules: null });
    }
    const set = await d.client().get('/api/communities?set=default');
    expect(ids(set.json)).toEqual([a.id, b.id]);
    expect((await d.client().get(`/api/communities/${a.id}`)).json.isDefault).toBe(true);
    expect((await d.client().get(`/api/communities/${other.id}`)).json.isDefault).toBe(false);

    // A new account joins every default community.
    const newcomer = d.client();
    const signup = await newcomer.signup(uniqueName('new'));
    expect(signup.status).toBe(201);
    const mine = await newcomer.get('/api/_initial');
    expect(mine.json.communities.map((c: any) => c.id)).toEqual([a.id, b.id]);
    for (const c of [a, b]) expect((await communityRow(d, c.id)).no_members).toBe(2);
    expect((await communityRow(d, other.id)).no_members).toBe(1);
    const subscribed = await newcomer.get('/api/communities?set=subscribed');
    expect(ids(subscribed.json)).toEqual([a.id, b.id]);

    // Removing it takes it out of all three.
    const removed = await action(dAdmin.client, b.name, false);
    expect(removed.status).toBe(200);
    expect((await d.client().get('/api/_initial')).json.communities.map((c: any) => c.id)).toEqual([a.id]);
    expect(ids((await d.client().get('/api/communities?set=default')).json)).toEqual([a.id]);
    expect((await d.client().get(`/api/communities/${b.id}`)).json.isDefault).toBe(false);
    const later = d.client();
    expect((await later.signup(uniqueName('new'))).status).toBe(201);
    expect((await later.get('/api/_initial')).json.communities.map((c: any) => c.id)).toEqual([a.id]);
    expect((await communityRow(d, a.id)).no_members).toBe(3);
    expect((await communityRow(d, b.id)).no_members).toBe(2);
    expect((await action(dAdmin.client, a.name, false)).status).toBe(200);
    expect((await d.client().get('/api/_initial')).json.communities).toBeNull();
    expect((await d.client().get('/api/communities?set=default')).json).toEqual([]);
  });
});
