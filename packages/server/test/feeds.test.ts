import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteJobs } from '../src/jobs/jobs.js';
import { purgeWindows } from '../src/posts/post-windows.repository.js';
import { type Member, member, newCommunity, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { COMMUNITY_NOT_FOUND, INVALID_CURSOR, INVALID_ID, NOT_LOGGED_IN } from './api-errors.js';

/**
 * `GET /api/posts`: every sort, its cursor and its paging; scopes, pins, mutes, hides and the modtools
 * feeds (API.md §8.1, §19; DOMAIN §2).
 */

const INVALID_LIMIT = {
  status: 400,
  code: 'invalid_limit',
  message: 'The limit must be a whole number from 1 to 50.',
};

const SORTS = ['hot', 'latest', 'activity', 'day', 'week', 'month', 'year', 'all'] as const;
type Sort = (typeof SORTS)[number];
const WINDOWS: readonly string[] = ['day', 'week', 'month', 'year'];
const DAY = 24 * 3600 * 1000;

async function post(client: TestClient, community: any, title = `Post ${uniqueName('t')}`): Promise<any> {
  const res = await client.post('/api/posts', { type: 'text', title, community: community.name });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

async function vote(client: TestClient, postId: string, up: boolean): Promise<void> {
  const res = await client.post('/api/_postVote', { postId, up });
  if (res.status !== 200) throw new Error(`vote: ${res.status} ${res.text}`);
}

async function feed(client: TestClient, query: string): Promise<any> {
  const res = await client.get(`/api/posts?${query}`);
  if (res.status !== 200) throw new Error(`feed ${query}: ${res.status} ${res.text}`);
  return res.json;
}

/** Every page of a feed, following `next` until it is null. */
async function walk(client: TestClient, query: string, limit: number): Promise<any[]> {
  const pages = [];
  let next: string | null = null;
  for (let i = 0; i < 200; i++) {
    const page = await feed(
      client,
      `${query}&limit=${limit}${next === null ? '' : `&next=${encodeURIComponent(next)}`}`,
    );
    pages.push(page);
    next = page.next;
    if (next === null) return pages;
  }
  throw new Error(`${query} does not end`);
}

async function allIds(client: TestClient, query: string): Promise<string[]> {
  return (await walk(client, query, 50)).flatMap((page) => page.posts.map((p: any) => p.id));
}

interface Row {
  id: string;
  communityId: string;
  userId: string;
  hotness: bigint;
  points: bigint;
  activityUs: bigint;
  windows: Map<string, bigint>;
}

/** What the database holds, read independently of the feed queries: the oracle for orders and cursors. */
async function liveRows(app: TestApp): Promise<Row[]> {
  const { rows } = await sql<{
    id: string;
    community_id: string;
    user_id: string;
    hotness: string;
    points: string;
    us: string;
  }>`
    SELECT id, community_id, user_id, hotness::text AS hotness, points::text AS points,
      (extract(epoch FROM last_activity_at) * 1000000)::bigint::text AS us
    FROM posts WHERE NOT deleted`.execute(app.db);
  const windows = await app.db
    .selectFrom('post_windows')
    .select(['post_id', 'window_name', 'points'])
    .execute();
  const byPost = new Map<string, Map<string, bigint>>();
  for (const w of windows) {
    const map = byPost.get(w.post_id) ?? new Map<string, bigint>();
    map.set(w.window_name, BigInt(w.points));
    byPost.set(w.post_id, map);
  }
  return rows.map((r) => ({
    id: r.id,
    communityId: r.community_id,
    userId: r.user_id,
    hotness: BigInt(r.hotness),
    points: BigInt(r.points),
    activityUs: BigInt(r.us),
    windows: byPost.get(r.id) ?? new Map(),
  }));
}

function keyOf(row: Row, sort: Sort): bigint | null {
  switch (sort) {
    case 'latest':
      return null;
    case 'hot':
      return row.hotness;
    case 'activity':
      return row.activityUs;
    case 'all':
      return row.points;
    default:
      return row.windows.get(sort) ?? null;
  }
}

/** The contract's order for a sort: its key descending, then id descending. */
function expectedOrder(rows: Row[], sort: Sort): Row[] {
  const inScope = WINDOWS.includes(sort) ? rows.filter((r) => r.windows.has(sort)) : rows;
  return [...inScope].sort((a, b) => {
    const ka = keyOf(a, sort);
    const kb = keyOf(b, sort);
    if (ka !== null && kb !== null && ka !== kb) return ka > kb ? -1 : 1;
    return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
  });
}

/** The contract's cursor pointing at `row` (API.md §19). */
function cursorOf(row: Row, sort: Sort): string {
  if (sort === 'latest') return row.id;
  if (sort === 'activity') return `${row.activityUs * 1000n}.${row.id}`;
  return `${keyOf(row, sort)}.${row.id}`;
}

/** Walks a feed and checks it against the oracle: order, page sizes, and each cursor. */
async function checkPaging(client: TestClient, query: string, sort: Sort, rows: Row[], limit: number) {
  const expected = expectedOrder(rows, sort);
  const pages = await walk(client, `${query}&sort=${sort}`, limit);
  const got = pages.flatMap((page) => page.posts.map((p: any) => p.id));
  expect(got, `${query} ${sort}`).toEqual(expected.map((r) => r.id));
  expect(new Set(got).size).toBe(got.length);
  pages.forEach((page, i) => {
    if (i < pages.length - 1) {
      expect(page.posts).toHaveLength(limit);
      expect(page.next, `${query} ${sort} page ${i}`).toBe(cursorOf(expected[(i + 1) * limit]!, sort));
    } else {
      expect(page.next).toBeNull();
      expect(page.posts.length).toBeLessThanOrEqual(limit);
    }
  });
  return expected.length;
}

describe('feeds', () => {
  let t: TestApp;
  let admin: Member;
  let modA: Member;
  let modB: Member;
  let author: Member;
  let c1: any;
  let c2: any;
  let c3: any;
  const posts: any[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t, { isAdmin: true });
    modA = await member(t, { points: 100 });
    modB = await member(t, { points: 100 });
    author = await member(t);
    c1 = await newCommunity(modA.client);
    c2 = await newCommunity(modB.client);
    c3 = await newCommunity(admin.client);
    const voters = [await member(t), await member(t)];
    const spread: Array<[any, number]> = [
      [c1, 10],
      [c2, 8],
      [c3, 6],
    ];
    for (const [community, n] of spread) {
      for (let i = 0; i < n; i++) posts.push(await post(i % 2 ? author.client : modA.client, community));
    }
    // Points from -1 to 3, five or so posts on each: ties everywhere.
    for (const [i, p] of posts.entries()) {
      const pattern = i % 5;
      if (pattern === 1 || pattern === 2) await vote(voters[0]!.client, p.id, true);
      if (pattern === 2) await vote(voters[1]!.client, p.id, true);
      if (pattern === 3 || pattern === 4) await vote(voters[0]!.client, p.id, false);
      if (pattern === 4) await vote(voters[1]!.client, p.id, false);
    }
    // Equal hot scores: the same creation second and the same upvotes.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 600_000);
    const tied = [posts[0], posts[5], posts[10], posts[15], posts[20]].map((p) => p.id);
    await t.db.updateTable('posts').set({ created_at: second }).where('id', 'in', tied).execute();
    await t.db.updateTable('post_windows').set({ created_at: second }).where('post_id', 'in', tied).execute();
    await sql`UPDATE posts SET hotness = hot_score(upvotes, created_at) WHERE id IN (${sql.join(tied)})`.execute(
      t.db,
    );
    // Equal activity times, one a microsecond later: the cursor must keep the full precision.
    const equal = [posts[1], posts[2], posts[3], posts[11], posts[12]].map((p) => p.id);
    await sql`UPDATE posts SET last_activity_at = '2030-01-01T00:00:00.123456Z' WHERE id IN (${sql.join(equal)})`.execute(
      t.db,
    );
    await sql`UPDATE posts SET last_activity_at = '2030-01-01T00:00:00.123457Z' WHERE id = ${posts[4].id}`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it('has ties on points, hot score and activity to page through', async () => {
    const rows = await liveRows(t);
    const count = (values: bigint[]) =>
      Math.max(...[...new Set(values)].map((v) => values.filter((x) => x === v).length));
    expect(count(rows.map((r) => r.points))).toBeGreaterThanOrEqual(4);
    expect(count(rows.map((r) => r.hotness))).toBeGreaterThanOrEqual(5);
    expect(count(rows.map((r) => r.activityUs))).toBeGreaterThanOrEqual(5);
  });

  it('pages every sort of the All feed to the end, without duplicates or gaps, with the contract cursors', async () => {
    const rows = await liveRows(t);
    for (const sort of SORTS) {
      for (const limit of [4, 7])
        expect(await checkPaging(t.client(), 'feed=all', sort, rows, limit)).toBe(rows.length);
    }
  });

  it('pages every sort of a community feed, and of the home and moderating feeds', async () => {
    const rows = await liveRows(t);
    const reader = await member(t);
    for (const c of [c1, c3]) await reader.client.post('/api/_joinCommunity', { communityId: c.id });
    await t.db
      .insertInto('community_mods')
      .values({ community_id: c3.id, user_id: modA.user.id, position: 1 })
      .execute();
    const scopes: Array<[TestClient, string, string[]]> = [
      [t.client(), `communityId=${c1.id}`, [c1.id]],
      [t.client(), `feed=community&communityId=${c2.id}`, [c2.id]],
      [reader.client, 'feed=home', [c1.id, c3.id]],
      [modA.client, 'feed=moderating', [c1.id, c3.id]],
    ];
    for (const [client, query, communities] of scopes) {
      const inScope = rows.filter((r) => communities.includes(r.communityId));
      for (const sort of SORTS)
        expect(await checkPaging(client, query, sort, inScope, 3)).toBe(inScope.length);
    }
  });

  it('orders every sort by its key', async () => {
    const rows = await liveRows(t);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const latest = (await feed(t.client(), 'sort=latest&limit=50')).posts.map((p: any) => p.id);
    expect(latest).toEqual([...latest].sort().reverse());
    const hot = (await feed(t.client(), 'sort=hot&limit=50')).posts;
    for (const p of hot) expect(BigInt(p.hotness)).toBe(byId.get(p.id)!.hotness);
    const hotScores = hot.map((p: any) => p.hotness);
    expect(hotScores).toEqual([...hotScores].sort((a: number, b: number) => b - a));
    const top = (await feed(t.client(), 'sort=all&limit=50')).posts.map((p: any) => p.upvotes - p.downvotes);
    expect(top).toEqual([...top].sort((a: number, b: number) => b - a));
    expect(top[0]).toBe(3);
    expect(top.at(-1)).toBe(-1);
    const activity = (await feed(t.client(), 'sort=activity&limit=50')).posts.map((p: any) => p.id);
    expect(activity.slice(0, 6)).toEqual([
      posts[4].id,
      ...[posts[1], posts[2], posts[3], posts[11], posts[12]]
        .map((p) => p.id)
        .sort()
        .reverse(),
    ]);
  });

  it('leaves posts older than a window out of it once the hourly purge has run', async () => {
    const c = await newCommunity(admin.client);
    const ages = [0, 23 * 3600 * 1000, 2 * DAY, 10 * DAY, 40 * DAY, 400 * DAY];
    const made = [];
    for (const age of ages) {
      const p = await post(author.client, c);
      const created = new Date(Date.now() - age);
      await t.db.updateTable('posts').set({ created_at: created }).where('id', '=', p.id).execute();
      await t.db
        .updateTable('post_windows')
        .set({ created_at: created })
        .where('post_id', '=', p.id)
        .execute();
      made.push(p.id);
    }
    // Until the purge runs, every window still holds them.
    for (const sort of WINDOWS) {
      expect((await feed(t.client(), `communityId=${c.id}&sort=${sort}`)).posts).toHaveLength(6);
    }
    // Rows beyond a window: the 2-day post (day), the 10-day one (day, week), 40 (3), 400 (4).
    expect(await purgeWindows(t.db, new Date())).toBe(10);
    expect(await purgeWindows(t.db, new Date())).toBe(0);
    const expected: Record<string, string[]> = {
      day: made.slice(0, 2),
      week: made.slice(0, 3),
      month: made.slice(0, 4),
      year: made.slice(0, 5),
      all: made,
      latest: made,
    };
    for (const [sort, ids] of Object.entries(expected)) {
      const got = (await feed(t.client(), `communityId=${c.id}&sort=${sort}&limit=50`)).posts.map(
        (p: any) => p.id,
      );
      expect(got.sort(), sort).toEqual([...ids].sort());
      const everywhere = await allIds(t.client(), `sort=${sort}`);
      for (const id of made) expect(everywhere.includes(id), `${sort} ${id}`).toBe(ids.includes(id));
    }
  });

  it('has an hourly job that runs the window purge', async () => {
    const job = siteJobs(t.config).find((j) => j.name === 'purge-post-windows');
    expect(job?.everyMs).toBe(3600 * 1000);
    const c = await newCommunity(admin.client);
    const old = await post(author.client, c);
    const created = new Date(Date.now() - 3 * DAY);
    await t.db.updateTable('posts').set({ created_at: created }).where('id', '=', old.id).execute();
    await t.db
      .updateTable('post_windows')
      .set({ created_at: created })
      .where('post_id', '=', old.id)
      .execute();
    if (!job) throw new Error('no such job');
    expect(await t.db.transaction().execute((trx) => job.run(trx))).toBe(1);
    const left = await t.db
      .selectFrom('post_windows')
      .select('window_name')
      .where('post_id', '=', old.id)
      .execute();
    expect(left.map((w) => w.window_name).sort()).toEqual(['month', 'week', 'year']);
    expect((await feed(t.client(), `communityId=${c.id}&sort=day`)).posts).toEqual([]);
    expect((await feed(t.client(), `communityId=${c.id}&sort=week`)).posts.map((p: any) => p.id)).toEqual([
      old.id,
    ]);
  });

  it('takes limit from 1 to 50, 10 by default', async () => {
    const total = (await liveRows(t)).length;
    expect(total).toBeGreaterThan(11);
    expect(total).toBeLessThan(50);
    const byDefault = await feed(t.client(), 'sort=latest');
    expect(byDefault.posts).toHaveLength(10);
    expect(byDefault.next).toBe((await feed(t.client(), 'sort=latest&limit=11')).posts[10].id);
    expect(await feed(t.client(), 'sort=latest&limit=50')).toMatchObject({
      posts: { length: total },
      next: null,
    });
    const one = await feed(t.client(), 'sort=latest&limit=1');
    expect(one.posts).toHaveLength(1);
    expect(one.next).toBe(byDefault.posts[1].id);
    for (const limit of ['0', '51', '-1', 'abc', '5.5', '']) {
      const res = await t.client().get(`/api/posts?sort=latest&limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.json).toEqual(INVALID_LIMIT);
    }
  });

  it('refuses unknown sorts, feeds and filters', async () => {
    const sort = await t.client().get('/api/posts?sort=top');
    expect(sort.status).toBe(400);
    expect(sort.json).toEqual({ status: 400, code: 'invalid-sort', message: 'Invalid sort.' });
    const feedType = await t.client().get('/api/posts?feed=friends');
    expect(feedType.status).toBe(400);
    expect(feedType.json.code).toBe('invalid-feed-type');
    // Absent or empty sort is hot.
    const hot = await feed(t.client(), 'sort=hot&limit=50');
    expect((await feed(t.client(), 'limit=50')).posts.map((p: any) => p.id)).toEqual(
      hot.posts.map((p: any) => p.id),
    );
    expect((await feed(t.client(), 'sort=&limit=50')).next).toBe(hot.next);
  });

  it('refuses malformed cursors with 400 invalid_cursor', async () => {
    const id = posts[0].id;
    const cases: Array<[Sort, string]> = [
      ['latest', 'abc'],
      ['latest', `5.${id}`],
      ['latest', id.slice(1)],
      ['hot', id],
      ['hot', 'abc'],
      ['hot', `12.${id}.3`],
      ['hot', `x.${id}`],
      ['hot', `12.${id.slice(2)}`],
      ['hot', `.${id}`],
      ['activity', `-5.${id}`],
      ['activity', `1.5.${id}`],
      ['day', `99999999999999999999.${id}`],
      // Beyond a 32-bit integer, which points are: no post could be there.
      ['week', `99999999999.${id}`],
      ['all', `2147483648.${id}`],
      ['day', `-2147483649.${id}`],
      ['all', `1e3.${id}`],
      ['week', 'null.null'],
    ];
    for (const [sort, next] of cases) {
      const res = await t.client().get(`/api/posts?sort=${sort}&next=${encodeURIComponent(next)}`);
      expect(res.status, `${sort} ${next}`).toBe(400);
      expect(res.json).toEqual(INVALID_CURSOR);
    }
    // The ends of the range are cursors like any other.
    for (const points of ['2147483647', '-2147483648']) {
      expect((await t.client().get(`/api/posts?sort=all&next=${points}.${id}`)).status).toBe(200);
    }
  });

  it('reads the literal cursors "null" and "undefined" as no cursor', async () => {
    for (const sort of SORTS) {
      const first = await feed(t.client(), `sort=${sort}&limit=5`);
      for (const next of ['null', 'undefined', '']) {
        const same = await feed(t.client(), `sort=${sort}&limit=5&next=${next}`);
        expect(same, `${sort} ${next}`).toEqual(first);
      }
    }
  });

  it('needs a login for the home and moderating feeds', async () => {
    for (const name of ['home', 'moderating']) {
      const res = await t.client().get(`/api/posts?feed=${name}&sort=hot`);
      expect(res.status).toBe(401);
      expect(res.json).toEqual(NOT_LOGGED_IN);
    }
  });

  it('shows only joined communities in home and moderated ones in moderating, [] when none', async () => {
    const loner = await member(t);
    for (const name of ['home', 'moderating']) {
      for (const sort of SORTS)
        expect(await feed(loner.client, `feed=${name}&sort=${sort}`)).toEqual({ posts: [], next: null });
    }
    await loner.client.post('/api/_joinCommunity', { communityId: c2.id });
    const rows = await liveRows(t);
    const c2Ids = rows.filter((r) => r.communityId === c2.id).map((r) => r.id);
    expect((await allIds(loner.client, 'feed=home&sort=latest')).sort()).toEqual(c2Ids.sort());
    expect(await allIds(loner.client, 'feed=moderating&sort=latest')).toEqual([]);
    expect((await allIds(modB.client, 'feed=moderating&sort=latest')).sort()).toEqual(c2Ids.sort());
  });

  it('needs communityId for feed=community, and lets communityId force the community feed', async () => {
    const res = await t.client().get('/api/posts?feed=community&sort=hot');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      status: 400,
      code: 'community-is-empty',
      message: 'The community feed needs a community.',
    });
    const rows = await liveRows(t);
    const c3Ids = rows
      .filter((r) => r.communityId === c3.id)
      .map((r) => r.id)
      .sort();
    for (const sort of SORTS) {
      for (const feedName of ['all', 'home', 'moderating', '']) {
        const ids = await allIds(
          t.client(),
          `feed=${feedName}&communityId=${c3.id.toUpperCase()}&sort=${sort}`,
        );
        expect(ids.sort(), `${feedName} ${sort}`).toEqual(c3Ids);
      }
    }
    for (const id of ['nope', 'x'.repeat(24), c3.name]) {
      const bad = await t.client().get(`/api/posts?communityId=${id}`);
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual(INVALID_ID);
    }
    const unknown = await t.client().get(`/api/posts?communityId=${'0'.repeat(24)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(COMMUNITY_NOT_FOUND);
  });

  it('leaves out muted authors everywhere but moderating, and muted communities from All only', async () => {
    const viewer = await member(t);
    for (const c of [c1, c2]) await viewer.client.post('/api/_joinCommunity', { communityId: c.id });
    await t.db
      .insertInto('community_mods')
      .values({ community_id: c1.id, user_id: viewer.user.id, position: 5 })
      .execute();
    await t.db
      .insertInto('muted_users')
      .values({ user_id: viewer.user.id, muted_user_id: author.user.id })
      .execute();
    await t.db
      .insertInto('muted_communities')
      .values({ user_id: viewer.user.id, community_id: c2.id })
      .execute();
    const rows = await liveRows(t);
    const ids = (filter: (r: Row) => boolean) =>
      rows
        .filter(filter)
        .map((r) => r.id)
        .sort();
    const notMuted = (r: Row) => r.userId !== author.user.id;
    for (const sort of SORTS) {
      expect((await allIds(viewer.client, `sort=${sort}`)).sort(), sort).toEqual(
        ids((r) => notMuted(r) && r.communityId !== c2.id),
      );
      expect((await allIds(viewer.client, `feed=home&sort=${sort}`)).sort(), sort).toEqual(
        ids((r) => notMuted(r) && [c1.id, c2.id].includes(r.communityId)),
      );
      expect((await allIds(viewer.client, `communityId=${c2.id}&sort=${sort}`)).sort(), sort).toEqual(
        ids((r) => notMuted(r) && r.communityId === c2.id),
      );
      expect((await allIds(viewer.client, `feed=moderating&sort=${sort}`)).sort(), sort).toEqual(
        ids((r) => r.communityId === c1.id),
      );
    }
    // Others still see everything.
    expect((await allIds(t.client(), 'sort=latest')).sort()).toEqual(ids(() => true));
    const marked = (await feed(viewer.client, `feed=moderating&sort=latest&limit=50`)).posts.find(
      (p: any) => p.userId === author.user.id,
    );
    expect(marked).toMatchObject({ isAuthorMuted: true, isCommunityMuted: false });
  });

  it('leaves hidden posts out of the viewer feeds, but not out of moderating', async () => {
    const viewer = await member(t);
    await viewer.client.post('/api/_joinCommunity', { communityId: c1.id });
    await t.db
      .insertInto('community_mods')
      .values({ community_id: c1.id, user_id: viewer.user.id, position: 6 })
      .execute();
    const hidden = posts[0].id;
    expect((await viewer.client.post('/api/hidden_posts', { postId: hidden })).status).toBe(200);
    for (const sort of SORTS) {
      for (const query of [`sort=${sort}`, `feed=home&sort=${sort}`, `communityId=${c1.id}&sort=${sort}`]) {
        expect(await allIds(viewer.client, query), query).not.toContain(hidden);
      }
      expect(await allIds(viewer.client, `feed=moderating&sort=${sort}`)).toContain(hidden);
      expect(await allIds(t.client(), `communityId=${c1.id}&sort=${sort}`)).toContain(hidden);
    }
  });

  it('never lists deleted posts, not even in moderating', async () => {
    const gone = await post(modA.client, c1);
    expect(await allIds(modA.client, 'feed=moderating&sort=latest')).toContain(gone.id);
    expect((await modA.client.delete(`/api/posts/${gone.publicId}?deleteAs=mods`)).status).toBe(200);
    for (const sort of SORTS) {
      for (const query of [
        `sort=${sort}`,
        `feed=home&sort=${sort}`,
        `feed=moderating&sort=${sort}`,
        `communityId=${c1.id}&sort=${sort}`,
      ]) {
        expect(await allIds(modA.client, query), query).not.toContain(gone.id);
      }
    }
  });

  describe('modtools feeds', () => {
    let c: any;
    let deleted: any[];
    let locked: any[];

    beforeAll(async () => {
      c = await newCommunity(modB.client);
      const made = [];
      for (let i = 0; i < 6; i++) made.push(await post(author.client, c));
      deleted = [made[0], made[2], made[4]];
      locked = [made[1], made[3]];
      for (const p of [...locked, made[4]]) {
        expect((await modB.client.put(`/api/posts/${p.publicId}?action=lock&lockAs=mods`)).status).toBe(200);
      }
      for (const p of deleted) {
        expect((await modB.client.delete(`/api/posts/${p.publicId}?deleteAs=mods`)).status).toBe(200);
      }
    });

    const modtools = (filter: string, extra = '') =>
      `/api/posts?communityId=${c.id}&filter=${filter}${extra}`;

    it('lists deleted posts, and locked ones that are not deleted, newest first, by page', async () => {
      const res = await modB.client.get(modtools('deleted', '&page=1'));
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(['noPosts', 'limit', 'page', 'posts']);
      expect(res.json).toMatchObject({ noPosts: 3, limit: 10, page: 1 });
      expect(res.json.posts.map((p: any) => p.id)).toEqual(deleted.map((p) => p.id).reverse());
      for (const p of res.json.posts)
        expect(p).toMatchObject({ deleted: true, userVoted: null, userVotedUp: null });

      const second = await modB.client.get(modtools('deleted', '&page=2&limit=2'));
      expect(second.json).toMatchObject({ noPosts: 3, limit: 2, page: 2 });
      expect(second.json.posts.map((p: any) => p.id)).toEqual([deleted[0].id]);
      const beyond = await modB.client.get(modtools('deleted', '&page=5'));
      expect(beyond.json).toEqual({ noPosts: 3, limit: 10, page: 5, posts: [] });

      const lockedRes = await admin.client.get(modtools('locked', '&page=1'));
      expect(lockedRes.status).toBe(200);
      expect(lockedRes.json).toMatchObject({ noPosts: 2, limit: 10, page: 1 });
      expect(lockedRes.json.posts.map((p: any) => p.id)).toEqual(locked.map((p) => p.id).reverse());
    });

    it('needs a mod or admin, a page and a known filter', async () => {
      const anonymous = await t.client().get(modtools('deleted', '&page=1'));
      expect(anonymous.status).toBe(401);
      expect(anonymous.json).toEqual(NOT_LOGGED_IN);
      const outsider = await modA.client.get(modtools('locked', '&page=1'));
      expect(outsider.status).toBe(403);
      expect(outsider.json).toEqual({
        status: 403,
        code: 'not_admin_nor_mod',
        message: 'User neither an admin nor a mod.',
      });
      for (const page of ['', '&page=', '&page=0', '&page=abc', '&page=-1', '&page=1.5']) {
        const res = await modB.client.get(modtools('deleted', page));
        expect(res.status, page).toBe(400);
        expect(res.json).toEqual({ status: 400, code: 'invalid_page', message: 'Invalid page.' });
      }
      for (const filter of ['all', 'pinned']) {
        const res = await modB.client.get(modtools(filter, '&page=1'));
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ status: 400, code: 'invalid_filter', message: 'Invalid filter.' });
      }
      const badLimit = await modB.client.get(modtools('deleted', '&page=1&limit=51'));
      expect(badLimit.json).toEqual(INVALID_LIMIT);
    });
  });
});

describe('pinned posts in feeds', () => {
  let t: TestApp;
  let admin: Member;
  let mod: Member;
  let other: Member;
  let cp: any;
  let cq: any;
  const p: any[] = [];
  const q: any[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t, { isAdmin: true });
    mod = await member(t, { points: 100 });
    other = await member(t);
    cp = await newCommunity(mod.client);
    cq = await newCommunity(admin.client);
    for (let i = 0; i < 7; i++) p.push(await post(i === 2 ? other.client : mod.client, cp));
    for (let i = 0; i < 3; i++) q.push(await post(other.client, cq));
    const pin = async (who: Member, x: any, siteWide: boolean) => {
      const res = await who.client.put(`/api/posts/${x.publicId}?action=pin&siteWide=${siteWide}`);
      expect(res.status).toBe(200);
    };
    // Community pins p2 then p0; site-wide pins q1 then p4.
    await pin(mod, p[2], false);
    await pin(admin, q[1], true);
    await pin(mod, p[0], false);
    await pin(admin, p[4], true);
  });
  afterAll(() => t.close());

  const idsOf = (page: any) => page.posts.map((x: any) => x.id);

  it('puts the community pins first, in pin order, on the first page of the hot sort only', async () => {
    const pages = await walk(t.client(), `communityId=${cp.id}&sort=hot`, 2);
    expect(idsOf(pages[0]).slice(0, 2)).toEqual([p[2].id, p[0].id]);
    expect(pages[0].posts).toHaveLength(4);
    for (const x of pages[0].posts.slice(0, 2)) expect(x.isPinned).toBe(true);
    const regular = [...idsOf(pages[0]).slice(2), ...pages.slice(1).flatMap(idsOf)];
    expect(regular.sort()).toEqual([p[1], p[3], p[4], p[5], p[6]].map((x) => x.id).sort());
    // The listing alone decides the cursor: regular posts only.
    expect(pages[0].next).toBe(`${pages[1].posts[0].hotness}.${pages[1].posts[0].id}`);
    for (const next of ['null', 'undefined']) {
      expect(idsOf(await feed(t.client(), `communityId=${cp.id}&sort=hot&limit=2&next=${next}`))).toEqual(
        idsOf(pages[0]),
      );
    }
    expect(idsOf(await feed(t.client(), `communityId=${cp.id}&limit=2`))).toEqual(idsOf(pages[0]));
  });

  it('lists pinned posts in their place on other sorts', async () => {
    for (const sort of SORTS.filter((s) => s !== 'hot')) {
      const ids = await allIds(t.client(), `communityId=${cp.id}&sort=${sort}`);
      expect(ids.sort(), sort).toEqual(p.map((x) => x.id).sort());
    }
    const latest = idsOf(await feed(t.client(), `communityId=${cp.id}&sort=latest`));
    expect(latest).toEqual(p.map((x) => x.id).reverse());
  });

  it('puts the site-wide pins first in the All, home and moderating feeds', async () => {
    const reader = await member(t);
    await reader.client.post('/api/_joinCommunity', { communityId: cp.id });
    const cases: Array<[TestClient, string, any[]]> = [
      [t.client(), 'sort=hot', [...p, ...q]],
      [reader.client, 'feed=home&sort=hot', p],
      [mod.client, 'feed=moderating&sort=hot', p],
    ];
    for (const [client, query, scope] of cases) {
      const pages = await walk(client, query, 3);
      // q1 is pinned site-wide though the reader never joined its community.
      expect(idsOf(pages[0]).slice(0, 2), query).toEqual([q[1].id, p[4].id]);
      expect(pages[0].posts).toHaveLength(5);
      const regular = [...idsOf(pages[0]).slice(2), ...pages.slice(1).flatMap(idsOf)];
      const expected = scope.filter((x) => x !== q[1] && x !== p[4]).map((x) => x.id);
      expect(regular.sort(), query).toEqual(expected.sort());
    }
    // The community feed gets its own pins, not the site-wide ones.
    const community = idsOf(await feed(t.client(), `communityId=${cq.id}&sort=hot`));
    expect(community.sort()).toEqual(q.map((x) => x.id).sort());
  });

  it('does not filter pinned posts by mutes or hides', async () => {
    const viewer = await member(t);
    await t.db
      .insertInto('muted_users')
      .values({ user_id: viewer.user.id, muted_user_id: other.user.id })
      .execute();
    await t.db
      .insertInto('muted_communities')
      .values({ user_id: viewer.user.id, community_id: cq.id })
      .execute();
    await viewer.client.post('/api/hidden_posts', { postId: p[4].id });
    await viewer.client.post('/api/hidden_posts', { postId: p[0].id });
    const all = await feed(viewer.client, 'sort=hot&limit=50');
    expect(idsOf(all).slice(0, 2)).toEqual([q[1].id, p[4].id]);
    expect(all.posts[0]).toMatchObject({ isAuthorMuted: true, isCommunityMuted: true });
    const regular = idsOf(all).slice(2);
    expect(regular.sort()).toEqual([p[1], p[3], p[5], p[6]].map((x) => x.id).sort());
    const community = await feed(viewer.client, `communityId=${cp.id}&sort=hot&limit=50`);
    expect(idsOf(community).slice(0, 2)).toEqual([p[2].id, p[0].id]);
    expect(idsOf(community).slice(2).sort()).toEqual([p[1], p[3], p[5], p[6]].map((x) => x.id).sort());
  });

  it('drops a post from the pins when it is unpinned or deleted', async () => {
    await mod.client.put(`/api/posts/${p[2].publicId}?action=unpin`);
    await admin.client.delete(`/api/posts/${q[1].publicId}?deleteAs=admins`);
    const community = await feed(t.client(), `communityId=${cp.id}&sort=hot&limit=50`);
    expect(idsOf(community)[0]).toBe(p[0].id);
    expect(idsOf(community).filter((id: string) => id === p[2].id)).toHaveLength(1);
    const all = await feed(t.client(), 'sort=hot&limit=50');
    expect(idsOf(all)[0]).toBe(p[4].id);
    expect(idsOf(all)).not.toContain(q[1].id);
  });
});
