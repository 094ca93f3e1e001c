import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache } from '../src/cache/read-cache.js';
import { PAGES_CHANGED_CHANNEL } from '../src/cache/pages-changed.js';
import { listen } from '../src/db/notifications.js';
import { sharedEncoding } from '../src/http/shared-responses.js';
import { type Member, guest, member, newCommunity, uploadedImage } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * The shared read cache of issue 15: guests' feed pages are kept a few seconds and reused for every
 * guest; members never get them; writes that change what a page shows clear it at once.
 */

describe('the read cache itself', () => {
  it('computes once for concurrent misses, keeps the result for its lifetime, then computes again', async () => {
    let now = 1_000;
    const cache = createReadCache(5_000, () => now);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return `page ${runs}`;
    };
    const first = Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    release();
    const pages = await first;
    expect(runs).toBe(1);
    expect(new Set(pages.map((p) => p.text))).toEqual(new Set(['page 1']));
    expect(pages[0].etag).toMatch(/^W\/"[\w-]{22}"$/);

    // A CDN may keep a copy for what the entry has left, never a whole lifetime from a late hit.
    expect(cache.secondsLeft(pages[0])).toBe(5);
    now += 3_500;
    expect(cache.secondsLeft(await cache.get('k', compute))).toBe(2);
    now += 1_499;
    expect((await cache.get('k', compute)).text).toBe('page 1');
    expect(cache.secondsLeft(pages[0])).toBe(1);
    now += 1;
    expect(cache.secondsLeft(pages[0])).toBe(0);
    expect((await cache.get('k', compute)).text).toBe('page 2');
    expect(runs).toBe(2);
  });

  it('does not keep what a computation read before an invalidation', async () => {
    const cache = createReadCache(5_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.get('k', async () => {
      await gate;
      return 'before the write';
    });
    cache.invalidate();
    // A request after the write does not join the computation that began before it.
    const fresh = cache.get('k', async () => 'after the write');
    release();
    expect((await stale).text).toBe('before the write');
    expect((await fresh).text).toBe('after the write');
    expect((await cache.get('k', async () => 'computed again')).text).toBe('after the write');
  });

  it('chooses Brotli, else gzip, as accept-encoding allows', () => {
    expect(sharedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(sharedEncoding('gzip')).toBe('gzip');
    expect(sharedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(sharedEncoding('*')).toBe('br');
    expect(sharedEncoding('*, br;q=0')).toBe('gzip');
    expect(sharedEncoding('identity')).toBeNull();
    expect(sharedEncoding(undefined)).toBeNull();
  });

  it('forgets expired entries as new ones are kept, so memory holds one lifetime of pages', async () => {
    let now = 1_000;
    const cache = createReadCache(5_000, () => now);
    for (let i = 0; i < 50; i++) await cache.get(`old ${i}`, async () => 'x'.repeat(1_000));
    expect(cache.size).toBe(50);
    now += 5_000;
    await cache.get('new', async () => 'a page kept after the others expired');
    expect(cache.size).toBe(1);
    // One still alive is kept, and answered as before.
    now += 1_000;
    await cache.get('newer', async () => 'another');
    expect(cache.size).toBe(2);
    expect((await cache.get('new', async () => 'computed again')).text).toBe(
      'a page kept after the others expired',
    );
  });

  it('computes every time when its lifetime is 0', async () => {
    const cache = createReadCache(0);
    let runs = 0;
    const compute = async () => `run ${++runs}`;
    await cache.get('k', compute);
    await cache.get('k', compute);
    expect(runs).toBe(2);
  });
});

describe('guest feed pages from the read cache', () => {
  let t: TestApp;
  let author: Member;
  let admin: Member;
  let community: any;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t, { isAdmin: true, points: 1000 });
    author = await member(t, { points: 100 });
    community = await newCommunity(admin.client);
    visitor = await guest(t);
  });
  afterAll(() => t.close());

  const newPost = async (title: string) => {
    const res = await author.client.post('/api/posts', { type: 'text', title, community: community.name });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const feedUrl = () => `/api/posts?feed=community&communityId=${community.id}&sort=latest`;
  const guestFeed = async (client = visitor) => {
    const res = await client.get(feedUrl());
    expect(res.status, res.text).toBe(200);
    return res;
  };
  const find = (res: { json: any }, id: string) => res.json.posts.find((p: any) => p.id === id);

  it('sends guests a page a CDN may keep for the cache lifetime, with an ETag that answers 304', async () => {
    await newPost('Headers for guests');
    const res = await guestFeed();
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    // The page is longer than a kilobyte, so it is sent compressed to those who accept it.
    expect(res.headers['vary']).toBe('Cookie, Accept-Encoding');
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    const etag = res.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"/);

    const again = await visitor.get(feedUrl(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await visitor.get(feedUrl(), { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
    expect(other.json).toEqual(res.json);
    // If-None-Match compares weakly (a proxy may drop or add the W/), in a list, and * matches.
    for (const asked of [etag.slice(2), `"other", ${etag}`, '*']) {
      const res304 = await visitor.get(feedUrl(), { headers: { 'if-none-match': asked } });
      expect(res304.status, asked).toBe(304);
    }
  });

  it("keeps a guest's first answer, which starts their session, out of shared caches", async () => {
    await newPost('A first visit');
    // No cookie: the answer sets the new session's cookies, the same request for every newcomer.
    const first = await t.app.inject({ method: 'GET', url: feedUrl() });
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toContain('SID=');
    expect(first.headers['cache-control']).toBe('private, max-age=0');
    // With that session, the same page is the shared one again.
    const cookie = (first.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const next = await t.app.inject({ method: 'GET', url: feedUrl(), headers: { cookie } });
    expect(next.headers['set-cookie']).toBeUndefined();
    expect(next.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(next.body).toBe(first.body);
    // A guest who kept the session's cookie but lost the CSRF one is sent it again: not shared either.
    const sid = cookie.split('; ').find((c) => c.startsWith('SID='))!;
    const lost = await t.app.inject({ method: 'GET', url: feedUrl(), headers: { cookie: sid } });
    expect(String(lost.headers['set-cookie'])).toContain('csrftoken=');
    expect(lost.headers['cache-control']).toBe('private, max-age=0');
    expect(lost.body).toBe(first.body);
  });

  it('compresses a page once per entry, in the encoding the guest accepts', async () => {
    for (let i = 0; i < 6; i++) await newPost(`A post to make the page longer than a kilobyte ${i}`);
    const plain = await guestFeed();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(1024);
    const raw = (encoding: string) =>
      t.app.inject({ method: 'GET', url: feedUrl(), headers: { 'accept-encoding': encoding } });
    const br = await raw('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Cookie, Accept-Encoding');
    expect(br.headers['etag']).toBe(plain.headers['etag']);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.text);
    // The same bytes for the next guest: kept with the entry, not made again.
    expect((await raw('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await raw('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.text);
    expect((await raw('identity')).headers['content-encoding']).toBeUndefined();
    // A 304 names what the answer varies with, as its 200 does, whatever the request accepts.
    for (const encoding of ['br', 'identity']) {
      const unchanged = await t.app.inject({
        method: 'GET',
        url: feedUrl(),
        headers: { 'accept-encoding': encoding, 'if-none-match': br.headers['etag'] as string },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers['vary']).toBe('Cookie, Accept-Encoding');
    }
    // A member's answer is compressed per request as before, never from the guests' entry.
    const own = await author.client.get(feedUrl(), { headers: { 'accept-encoding': 'br' } });
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it("never gives a guest a member's state, nor a member the guests' page", async () => {
    const post = await newPost('Whose vote is this');
    const voter = await member(t);
    await guestFeed(); // the guests' page is cached now
    const vote = await voter.client.post('/api/_postVote', { postId: post.id, up: true });
    expect(vote.status, vote.text).toBe(200);

    // The voter sees their vote at once, on a response no cache may keep.
    const mine = await voter.client.get(feedUrl());
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['etag']).toBeUndefined();
    expect(find(mine, post.id)).toMatchObject({ userVoted: true, userVotedUp: true, upvotes: 2 });

    // Guests get no vote state; the count may lag by the cache's lifetime.
    const theirs = await guestFeed();
    expect(find(theirs, post.id)).toMatchObject({ userVoted: null, userVotedUp: null });
    expect([1, 2]).toContain(find(theirs, post.id).upvotes);
    expect(JSON.stringify(theirs.json)).not.toContain(voter.user.id);
  });

  it('shows a new post, an edit, a lock and a deletion to guests at once', async () => {
    const post = await newPost('Soon changed');
    const cached = await guestFeed();
    expect(find(cached, post.id)).toBeDefined();

    const added = await newPost('Just added');
    expect(find(await guestFeed(), added.id)).toBeDefined();

    const edited = await author.client.put(`/api/posts/${post.publicId}`, {
      title: 'Changed at once',
      body: '',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(find(await guestFeed(), post.id).title).toBe('Changed at once');

    const locked = await admin.client.put(`/api/posts/${post.publicId}?action=lock&lockAs=admins`);
    expect(locked.status, locked.text).toBe(200);
    expect(find(await guestFeed(), post.id).locked).toBe(true);

    const deleted = await author.client.delete(`/api/posts/${post.publicId}?deleteAs=normal`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(find(await guestFeed(), post.id)).toBeUndefined();
  });

  it('a refused write clears nothing', async () => {
    const post = await newPost('Stays cached');
    const first = await guestFeed();
    const refused = await (
      await guest(t)
    ).post('/api/posts', { type: 'text', title: 'x', community: 'nope' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // Same page, same validator: still the cached text.
    expect((await guestFeed()).headers['etag']).toBe(first.headers['etag']);
    expect(find(first, post.id)).toBeDefined();
  });

  it('tells the other processes on the database when pages changed', async () => {
    let heard = 0;
    const listener = listen(t.database.connection, PAGES_CHANGED_CHANNEL, () => heard++, t.app.log);
    try {
      // LISTEN takes a moment on its own connection: write until it hears.
      await expect
        .poll(
          async () => {
            await newPost('Heard elsewhere');
            return heard;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBeGreaterThan(0);
    } finally {
      await listener.close();
    }
  });
});

describe('guest post pages from the read cache', () => {
  let t: TestApp;
  let author: Member;
  let admin: Member;
  let community: any;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t, { isAdmin: true, points: 1000 });
    author = await member(t, { points: 100 });
    community = await newCommunity(admin.client);
    visitor = await guest(t);
  });
  afterAll(() => t.close());

  const newPost = async (title: string) => {
    const res = await author.client.post('/api/posts', { type: 'text', title, community: community.name });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const comment = async (by: Member, post: any, body: string) => {
    const res = await by.client.post(`/api/posts/${post.publicId}/comments`, { body, parentCommentId: null });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const get = async (url: string, client = visitor) => {
    const res = await client.get(url);
    expect(res.status, res.text).toBe(200);
    return res;
  };
  const bodies = (items: any[]) => items.map((c: any) => c.body);

  it('serves a post page with its first comments to every guest, with headers a CDN may keep', async () => {
    const post = await newPost('A page for guests');
    await comment(author, post, 'The first word');
    const page = await get(`/api/posts/${post.publicId}`);
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(page.headers['vary']).toBe('Cookie, Accept-Encoding');
    expect(page.json).toMatchObject({ id: post.id, community: { id: community.id } });
    expect(bodies(page.json.comments)).toEqual(['The first word']);
    const again = await visitor.get(`/api/posts/${post.publicId}`, {
      headers: { 'if-none-match': page.headers['etag'] as string },
    });
    expect(again.status).toBe(304);
    // Without its community, another entry.
    const bare = await get(`/api/posts/${post.publicId}?fetchCommunity=false`);
    expect(bare.json.community).toBeUndefined();
    // The comments route too.
    const comments = await get(`/api/posts/${post.publicId}/comments`);
    expect(comments.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(bodies(comments.json.comments)).toEqual(['The first word']);
  });

  it("never gives a guest a member's vote, and members always get their own live page", async () => {
    const post = await newPost('Voted on');
    const c = await comment(author, post, 'Vote for me');
    await get(`/api/posts/${post.publicId}`);
    const voter = await member(t);
    expect((await voter.client.post('/api/_commentVote', { commentId: c.id, up: true })).status).toBe(200);
    const mine = await get(`/api/posts/${post.publicId}`, voter.client);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json.comments[0]).toMatchObject({ userVoted: true, upvotes: 2 });
    const theirs = await get(`/api/posts/${post.publicId}`);
    expect(theirs.json.comments[0]).toMatchObject({ userVoted: null });
    expect(JSON.stringify(theirs.json)).not.toContain(voter.user.id);
  });

  it('shows an edited or removed comment and an edited post to guests at once', async () => {
    const post = await newPost('Changing thread');
    const c = await comment(author, post, 'Before the edit');
    const url = `/api/posts/${post.publicId}`;
    expect(bodies((await get(url)).json.comments)).toEqual(['Before the edit']);
    await get(`${url}/comments`);

    const edited = await author.client.put(`/api/posts/${post.publicId}/comments/${c.id}`, {
      body: 'After the edit',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(bodies((await get(url)).json.comments)).toEqual(['After the edit']);
    expect(bodies((await get(`${url}/comments`)).json.comments)).toEqual(['After the edit']);

    const removed = await admin.client.delete(`/api/posts/${post.publicId}/comments/${c.id}?deleteAs=admins`);
    expect(removed.status, removed.text).toBe(200);
    expect((await get(url)).json.comments[0].deleted).toBe(true);

    const retitled = await author.client.put(url, { title: 'Retitled at once', body: '' });
    expect(retitled.status, retitled.text).toBe(200);
    expect((await get(url)).json.title).toBe('Retitled at once');
  });

  it("shows an image's new alt text to guests at once", async () => {
    const imageId = await uploadedImage(t.db, author.user.id);
    const res = await author.client.post('/api/posts', {
      type: 'image',
      title: 'A picture',
      community: community.name,
      images: [{ imageId }],
    });
    expect(res.status, res.text).toBe(200);
    const url = `/api/posts/${res.json.publicId}`;
    expect((await get(url)).json.images[0].altText).toBeNull();
    const described = await author.client.put(`/api/images/${imageId}`, { altText: 'A tiny square' });
    expect(described.status, described.text).toBe(200);
    expect((await get(url)).json.images[0].altText).toBe('A tiny square');
  });

  it("shows a change to the post's community (a rule, a moderator) to guests at once", async () => {
    const post = await newPost('Under new rules');
    const url = `/api/posts/${post.publicId}`;
    const rulesOf = async () => (await get(url)).json.community.rules.map((r: any) => r.rule);
    const before = await rulesOf();
    const added = await admin.client.post(`/api/communities/${community.id}/rules`, {
      rule: 'Be kind to newcomers',
      description: null,
    });
    expect(added.status, added.text).toBe(200);
    expect(await rulesOf()).toEqual([...before, 'Be kind to newcomers']);

    const mods = async () => (await get(url)).json.community.mods.map((m: any) => m.username);
    expect(await mods()).not.toContain(author.user.username);
    const made = await admin.client.post(`/api/communities/${community.id}/mods`, {
      username: author.user.username,
    });
    expect(made.status, made.text).toBe(200);
    expect(await mods()).toContain(author.user.username);
  });

  it('keeps nothing for a post that does not exist', async () => {
    const missing = await visitor.get('/api/posts/zzzzzzzz');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});
