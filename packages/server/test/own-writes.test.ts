import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChangeNotice, PAGES_CHANGED_CHANNEL } from '../src/cache/pages-changed.js';
import { listen } from '../src/db/notifications.js';
import { movedPostsRecently } from '../src/feeds/own-writes.js';
import { guest, member, newCommunity, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestResponse } from './harness.js';

/**
 * A member's own vote or comment moves a post in the feeds' order, and their feed pages then take the
 * direct query for the read cache's lifetime (feeds/own-writes.ts). On a site of several processes
 * (the Redis setup) the other processes are told, so that the member's next request, wherever it
 * goes, is sent there too; one process alone sends no notice.
 */
describe("a member's own order-changing writes, told to the other processes", () => {
  let several: TestApp;
  let alone: TestApp;

  beforeAll(async () => {
    // The test apps never connect to Redis (main.ts does): the setting says the site runs several.
    several = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    alone = await createTestApp({}, { database: several.database });
  });
  afterAll(async () => {
    await alone.close();
    await several.close();
  });

  /** A new member's post in a new community of theirs: the answer, and the author. */
  async function newPost(t: TestApp, title: string): Promise<{ res: TestResponse; author: Member }> {
    const author = await member(t, { points: 1000 });
    const community = await newCommunity(author.client);
    const res = await author.client.post('/api/posts', { type: 'text', title, community: community.name });
    expect(res.status, res.text).toBe(200);
    return { res, author };
  }

  async function aPost(t: TestApp): Promise<any> {
    return (await newPost(t, 'A post to vote on')).res.json;
  }

  it('tells them of a vote and of a comment; a process alone tells no one', async () => {
    const heard: string[] = [];
    const listener = listen(
      several.database.connection,
      PAGES_CHANGED_CHANNEL,
      (p) => heard.push(p),
      several.app.log,
    );
    try {
      const post = await aPost(several);
      const voter = await member(several);
      // LISTEN takes a moment on its own connection: vote (up, then taking it back) until it hears.
      let up = true;
      await expect
        .poll(
          async () => {
            const res = await voter.client.post('/api/_postVote', { postId: post.id, up });
            expect(res.status, res.text).toBe(200);
            up = !up;
            return heard;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toContain(`moved:${voter.user.id}`);

      const commenter = await member(several);
      const res = await commenter.client.post(`/api/posts/${post.publicId}/comments`, { body: 'moved up' });
      expect(res.status, res.text).toBe(200);
      await expect.poll(() => heard).toContain(`moved:${commenter.user.id}`);

      // The same writes through the process that runs alone: no notice.
      const lone = await member(alone);
      const voted = await lone.client.post('/api/_postVote', { postId: post.id, up: true });
      expect(voted.status, voted.text).toBe(200);
      const commented = await lone.client.post(`/api/posts/${post.publicId}/comments`, { body: 'quietly' });
      expect(commented.status, commented.text).toBe(200);
      // A notice sent after them comes after theirs would have: once it is heard, theirs would be too.
      const marker = await member(several);
      const last = await marker.client.post('/api/_postVote', { postId: post.id, up: true });
      expect(last.status, last.text).toBe(200);
      await expect.poll(() => heard).toContain(`moved:${marker.user.id}`);
      expect(heard.filter((p) => p.includes(lone.user.id))).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('hands the member a cookie after a page-changing write, which any process notes on their next request', async () => {
    const { res: made, author } = await newPost(several, 'Made on one process');
    const cookie = made.cookies.find((c) => c.name === 'wrote');
    expect(cookie?.maxAge).toBe(5);
    expect(cookie?.httpOnly).toBe(true);
    const until = Number(cookie?.value);
    expect(until).toBeGreaterThan(Date.now());
    expect(until).toBeLessThanOrEqual(Date.now() + 5_000);
    // An edit too; a process alone hands out none (it cleared its own pages before answering).
    const edited = await author.client.put(`/api/posts/${made.json.publicId}`, { title: 'Edited', body: '' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.cookies.map((c) => c.name)).toContain('wrote');
    const { res: quiet } = await newPost(alone, 'Made by a process alone');
    expect(quiet.cookies.map((c) => c.name)).not.toContain('wrote');

    // The next request of a member who carries it: noted, so their feed pages take the direct query.
    const reader = await member(several);
    expect(movedPostsRecently(reader.user.id)).toBe(false);
    reader.client.cookies.set('wrote', String(Date.now() + 3_000));
    expect((await reader.client.get('/api/posts?sort=latest')).status).toBe(200);
    expect(movedPostsRecently(reader.user.id)).toBe(true);
    // A guest's carries nothing to note; one whose time is over notes nothing.
    const visitor = await guest(several);
    visitor.cookies.set('wrote', String(Date.now() + 3_000));
    expect((await visitor.get('/api/posts?sort=latest')).status).toBe(200);
    const late = await member(several);
    late.client.cookies.set('wrote', String(Date.now() - 1));
    expect((await late.client.get('/api/posts?sort=latest')).status).toBe(200);
    expect(movedPostsRecently(late.user.id)).toBe(false);
  });

  it('notes a forged far-off time for one cache lifetime at most', async () => {
    const short = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', READ_CACHE_SECONDS: '1' },
      { database: several.database },
    );
    try {
      const reader = await member(short);
      reader.client.cookies.set('wrote', '99999999999999');
      expect((await reader.client.get('/api/posts?sort=latest')).status).toBe(200);
      expect(movedPostsRecently(reader.user.id)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(movedPostsRecently(reader.user.id)).toBe(false);
    } finally {
      await short.close();
    }
  });

  it("a process that hears the notice notes the member for its own cache's lifetime", () => {
    const noted: [string, number][] = [];
    const forgotten: string[] = [];
    applyChangeNotice('moved:17f6efd00d06ee71ee00cfe0', {
      readCache: {
        ttlMs: 5_000,
        invalidate: () => forgotten.push('pages'),
        invalidateAll: async () => void forgotten.push('every page'),
      },
      recentSessions: { clear: () => forgotten.push('sessions') },
      movedPosts: (userId, ttlMs) => noted.push([userId, ttlMs]),
    });
    expect(noted).toEqual([['17f6efd00d06ee71ee00cfe0', 5_000]]);
    // A member's write changes no page and no session.
    expect(forgotten).toEqual([]);
  });
});
