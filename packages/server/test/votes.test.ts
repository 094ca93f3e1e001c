import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type Member, member, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { NOT_LOGGED_IN } from './api-errors.js';

/** `POST /api/_postVote`: the six transitions, karma, the hot score and concurrency (API.md §8.6, DOMAIN §2.4, §3.2). */

/** The hot score of DOMAIN §2.4, from the formula. */
function hotness(upvotes: number, createdAt: string): number {
  const n = upvotes;
  const s =
    n <= 0
      ? 0
      : n <= 3
        ? n
        : n <= 10
          ? 3 + 3 * (n - 3)
          : n <= 20
            ? 24 + 4 * (n - 10)
            : n <= 40
              ? 64 + 5 * (n - 20)
              : 164 + 6 * (n - 40);
  const seconds = Math.floor(Date.parse(createdAt) / 1000);
  return Math.round((Math.log10(Math.max(s, 1)) + (Math.sign(s) * seconds) / 45000) * 1e7);
}

async function pointsOf(app: TestApp, userId: string): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select('points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.points;
}

interface Expected {
  up: number;
  down: number;
  /** The voter's vote after the request: true up, false down, null none. */
  vote: boolean | null;
  authorPoints: number;
}

/** Checks the response, the post row, its four window rows, the vote row and the author's points. */
async function expectState(
  app: TestApp,
  res: TestResponse,
  post: any,
  voterId: string,
  authorId: string,
  e: Expected,
) {
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({
    id: post.id,
    upvotes: e.up,
    downvotes: e.down,
    userVoted: e.vote !== null,
    userVotedUp: e.vote,
    hotness: hotness(e.up, post.createdAt),
    // Votes leave the activity time alone (DOMAIN §2.5).
    createdAt: post.createdAt,
    lastActivityAt: post.lastActivityAt,
  });
  const row = await app.db
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', post.id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ upvotes: e.up, downvotes: e.down, points: e.up - e.down });
  expect(Number(row.hotness)).toBe(hotness(e.up, post.createdAt));
  const windows = await app.db
    .selectFrom('post_windows')
    .select(['window_name', 'points'])
    .where('post_id', '=', post.id)
    .execute();
  expect(windows).toHaveLength(4);
  for (const w of windows) expect(w.points, w.window_name).toBe(e.up - e.down);
  const vote = await app.db
    .selectFrom('post_votes')
    .select('up')
    .where('post_id', '=', post.id)
    .where('user_id', '=', voterId)
    .executeTakeFirst();
  expect(vote?.up ?? null).toBe(e.vote);
  expect(await pointsOf(app, authorId)).toBe(e.authorPoints);
}

describe('POST /api/_postVote', () => {
  let t: TestApp;
  let author: Member;
  let voter: Member;
  let community: any;

  beforeAll(async () => {
    t = await createTestApp();
    const mod = await member(t, { points: 100 });
    author = await member(t, { points: 10 });
    voter = await member(t);
    const res = await mod.client.post('/api/communities', { name: uniqueName('c') });
    community = res.json;
  });
  afterAll(() => t.close());

  async function newPost(client = author.client): Promise<any> {
    const res = await client.post('/api/posts', {
      type: 'text',
      title: `Vote ${uniqueName('t')}`,
      community: community.name,
    });
    expect(res.status).toBe(200);
    return res.json;
  }

  const cast = (client: TestClient, postId: string, up?: boolean) =>
    client.post('/api/_postVote', { postId, ...(up === undefined ? {} : { up }) });

  it('goes through none → up → up (removed) → down → down (removed)', async () => {
    const post = await newPost();
    const base = await pointsOf(t, author.user.id);
    const check = (res: TestResponse, e: Expected) =>
      expectState(t, res, post, voter.user.id, author.user.id, e);
    await check(await cast(voter.client, post.id, true), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
    await check(await cast(voter.client, post.id, true), { up: 1, down: 0, vote: null, authorPoints: base });
    await check(await cast(voter.client, post.id, false), {
      up: 1,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    await check(await cast(voter.client, post.id, false), { up: 1, down: 0, vote: null, authorPoints: base });
  });

  it('switches up → down → up, moving karma by one each way', async () => {
    const post = await newPost();
    const base = await pointsOf(t, author.user.id);
    const check = (res: TestResponse, e: Expected) =>
      expectState(t, res, post, voter.user.id, author.user.id, e);
    await check(await cast(voter.client, post.id, true), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
    await check(await cast(voter.client, post.id, false), {
      up: 1,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    await check(await cast(voter.client, post.id, true), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
    await check(await cast(voter.client, post.id, false), {
      up: 1,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    // down → up from a first downvote gives +1 too.
    const other = await newPost();
    const second = await member(t);
    const otherCheck = (res: TestResponse, e: Expected) =>
      expectState(t, res, other, second.user.id, author.user.id, e);
    await otherCheck(await cast(second.client, other.id, false), {
      up: 1,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    await otherCheck(await cast(second.client, other.id, true), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
  });

  it('takes an absent up as an upvote', async () => {
    const post = await newPost();
    const base = await pointsOf(t, author.user.id);
    await expectState(t, await cast(voter.client, post.id), post, voter.user.id, author.user.id, {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
    await expectState(t, await cast(voter.client, post.id), post, voter.user.id, author.user.id, {
      up: 1,
      down: 0,
      vote: null,
      authorPoints: base,
    });
  });

  it('never moves karma for the author voting on their own post', async () => {
    const post = await newPost();
    const base = await pointsOf(t, author.user.id);
    const check = (res: TestResponse, e: Expected) =>
      expectState(t, res, post, author.user.id, author.user.id, e);
    // The author's automatic upvote is there: voting up again removes it, and the score drops to 0.
    await check(await cast(author.client, post.id, true), { up: 0, down: 0, vote: null, authorPoints: base });
    expect(
      (await t.db.selectFrom('posts').select('hotness').where('id', '=', post.id).executeTakeFirstOrThrow())
        .hotness,
    ).toBe(0);
    await check(await cast(author.client, post.id, false), {
      up: 0,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    await check(await cast(author.client, post.id, true), { up: 1, down: 0, vote: true, authorPoints: base });
    await check(await cast(author.client, post.id, false), {
      up: 0,
      down: 1,
      vote: false,
      authorPoints: base,
    });
  });

  it('recomputes the tiered hot score as upvotes add up', async () => {
    const post = await newPost();
    const voters: Member[] = [];
    for (let i = 0; i < 11; i++) voters.push(await member(t));
    let res: TestResponse | undefined;
    for (const [i, v] of voters.entries()) {
      res = await cast(v.client, post.id, true);
      expect(res.json.upvotes).toBe(i + 2);
      expect(res.json.hotness).toBe(hotness(i + 2, post.createdAt));
    }
    // 12 upvotes: s = 24 + 4 × 2 = 32.
    expect(res!.json.hotness).toBe(
      Math.round((Math.log10(32) + Math.floor(Date.parse(post.createdAt) / 1000) / 45000) * 1e7),
    );
    // Downvotes leave it alone.
    const down = await cast(voter.client, post.id, false);
    expect(down.json).toMatchObject({ upvotes: 12, downvotes: 1, hotness: hotness(12, post.createdAt) });
  });

  it('refuses votes on a locked post with 403 post-locked, and votes on a deleted one go through', async () => {
    const post = await newPost();
    const admin = await member(t, { isAdmin: true });
    await admin.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=admins`);
    for (const up of [true, false]) {
      const res = await cast(voter.client, post.id, up);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ status: 403, code: 'post-locked', message: 'The post is locked.' });
    }
    const row = await t.db
      .selectFrom('posts')
      .select(['upvotes', 'downvotes'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ upvotes: 1, downvotes: 0 });

    const deleted = await newPost();
    await author.client.delete(`/api/posts/${deleted.publicId}?deleteAs=normal`);
    const res = await cast(voter.client, deleted.id, true);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ upvotes: 2, deleted: true });
  });

  it('refuses guests, malformed ids, unknown posts and bad bodies', async () => {
    const post = await newPost();
    const anonymous = t.client();
    await anonymous.start();
    expect((await cast(anonymous, post.id)).json).toEqual(NOT_LOGGED_IN);
    for (const postId of ['nope', post.publicId, `${post.id}0`]) {
      const res = await cast(voter.client, postId);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: 400, code: 'invalid_id', message: 'Invalid ID.' });
    }
    const unknown = await cast(voter.client, newId());
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ status: 404, code: 'post/not-found', message: 'Post not found.' });
    for (const body of [{}, { postId: post.id, up: 'yes' }, { postId: 5 }]) {
      const res = await voter.client.post('/api/_postVote', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    // Upper-case hex works.
    expect((await cast(voter.client, post.id.toUpperCase(), true)).json.upvotes).toBe(2);
  });

  it('keeps the counters equal to the vote rows under 20 concurrent votes by one user', async () => {
    const post = await newPost();
    const racer = await member(t);
    const base = await pointsOf(t, author.user.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cast(racer.client, post.id, i % 3 !== 0)),
    );
    for (const res of results) {
      if (res.status !== 200) {
        expect(res.status).toBe(409);
        expect(res.json).toEqual({ status: 409, code: 'already-voted', message: 'User has already voted.' });
      }
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const vote = await t.db
      .selectFrom('post_votes')
      .select('up')
      .where('post_id', '=', post.id)
      .where('user_id', '=', racer.user.id)
      .executeTakeFirst();
    const up = 1 + (vote?.up === true ? 1 : 0);
    const down = vote?.up === false ? 1 : 0;
    const row = await t.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upvotes: up, downvotes: down, points: up - down });
    expect(Number(row.hotness)).toBe(hotness(up, post.createdAt));
    const windows = await t.db
      .selectFrom('post_windows')
      .select('points')
      .where('post_id', '=', post.id)
      .execute();
    expect(windows.map((w) => w.points)).toEqual([up - down, up - down, up - down, up - down]);
    expect(await pointsOf(t, author.user.id)).toBe(base + (vote?.up === true ? 1 : 0));
    // A vote now starts from the stored state.
    const next = await cast(racer.client, post.id, true);
    expect(next.json.userVoted).toBe(vote?.up !== true);
  });

  it('counts 20 different users voting at once exactly', async () => {
    const post = await newPost();
    const voters: Member[] = [];
    for (let i = 0; i < 20; i++) voters.push(await member(t));
    const base = await pointsOf(t, author.user.id);
    const results = await Promise.all(voters.map((v) => cast(v.client, post.id, true)));
    for (const res of results) expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upvotes: 21, downvotes: 0, points: 21 });
    expect(Number(row.hotness)).toBe(hotness(21, post.createdAt));
    const windows = await t.db
      .selectFrom('post_windows')
      .select('points')
      .where('post_id', '=', post.id)
      .execute();
    expect(windows.map((w) => w.points)).toEqual([21, 21, 21, 21]);
    expect(await pointsOf(t, author.user.id)).toBe(base + 20);
    const votes = await t.db
      .selectFrom('post_votes')
      .select('user_id')
      .where('post_id', '=', post.id)
      .execute();
    expect(votes).toHaveLength(21);
  });
});

describe('POST /api/_postVote with NEW_USER_POINTS_THRESHOLD=5', () => {
  let t: TestApp;
  let author: Member;
  let community: any;

  beforeAll(async () => {
    t = await createTestApp({ NEW_USER_POINTS_THRESHOLD: '5' });
    const admin = await member(t, { isAdmin: true });
    author = await member(t);
    community = (await admin.client.post('/api/communities', { name: uniqueName('c') })).json;
  });
  afterAll(() => t.close());

  async function newPost(): Promise<any> {
    const res = await author.client.post('/api/posts', {
      type: 'text',
      title: 'New users vote',
      community: community.name,
    });
    expect(res.status).toBe(200);
    return res.json;
  }

  const flagOf = async (postId: string, userId: string) =>
    (
      await t.db
        .selectFrom('post_votes')
        .select('is_user_new')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).is_user_new;

  it('lets a 1-point voter vote without moving karma, flags the vote, and never re-evaluates the flag', async () => {
    const post = await newPost();
    const newcomer = await member(t);
    const base = await pointsOf(t, author.user.id);
    const check = (res: TestResponse, e: Expected) =>
      expectState(t, res, post, newcomer.user.id, author.user.id, e);
    await check(await newcomer.client.post('/api/_postVote', { postId: post.id, up: true }), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base,
    });
    expect(await flagOf(post.id, newcomer.user.id)).toBe(true);
    await check(await newcomer.client.post('/api/_postVote', { postId: post.id, up: true }), {
      up: 1,
      down: 0,
      vote: null,
      authorPoints: base,
    });
    // A flagged vote switched either way moves nothing, even once the voter has the points.
    await newcomer.client.post('/api/_postVote', { postId: post.id, up: true });
    await t.db.updateTable('users').set({ points: 50 }).where('id', '=', newcomer.user.id).execute();
    await check(await newcomer.client.post('/api/_postVote', { postId: post.id, up: false }), {
      up: 1,
      down: 1,
      vote: false,
      authorPoints: base,
    });
    await check(await newcomer.client.post('/api/_postVote', { postId: post.id, up: true }), {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base,
    });
    expect(await flagOf(post.id, newcomer.user.id)).toBe(true);
  });

  it('moves karma for a voter with exactly the threshold', async () => {
    const post = await newPost();
    const regular = await member(t, { points: 5 });
    const base = await pointsOf(t, author.user.id);
    const res = await regular.client.post('/api/_postVote', { postId: post.id, up: true });
    await expectState(t, res, post, regular.user.id, author.user.id, {
      up: 2,
      down: 0,
      vote: true,
      authorPoints: base + 1,
    });
    expect(await flagOf(post.id, regular.user.id)).toBe(false);
    const removed = await regular.client.post('/api/_postVote', { postId: post.id, up: true });
    await expectState(t, removed, post, regular.user.id, author.user.id, {
      up: 1,
      down: 0,
      vote: null,
      authorPoints: base,
    });
  });
});
