import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache } from '../src/cache/read-cache.js';
import type { Deps } from '../src/deps.js';
import { getFeedDirect, parseFeedQuery } from '../src/feeds/feeds.service.js';
import { Secrets } from '../src/site/secrets.js';
import { type Member, member, newCommunity } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/**
 * Members' feed pages built from shared parts (issue 15): the candidates come from the shared read
 * cache and the member's state is laid over them. Whatever mix of votes, hidden posts, mutes and muted
 * words a member has, the page and its cursor must be exactly what the direct query gives; no member
 * sees another's state; a member's own write shows on their very next request.
 */

/** A small seeded generator: the same mixes on every run, and a failure names its round. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['apple', 'river', 'stone', 'cloud', 'ember', 'maple'];

function ok(res: { status: number; text: string; json: any }, what: string): any {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json;
}

async function feed(client: TestClient, query: string): Promise<any> {
  return ok(await client.get(`/api/posts?${query}`), `feed ${query}`);
}

describe("members' feed pages from shared parts", () => {
  let t: TestApp;
  let deps: Deps;
  let admin: Member;
  let prolific: Member;
  let others: Member[];
  let readers: Member[];
  let communities: any[];
  let posts: any[];

  /** The page as the direct query makes it for this member, as it would go on the wire. */
  async function direct(reader: Member, query: string): Promise<any> {
    const params = Object.fromEntries(new URLSearchParams(query));
    const page = await getFeedDirect(deps, reader.user, parseFeedQuery(params));
    return JSON.parse(JSON.stringify(page));
  }

  beforeAll(async () => {
    t = await createTestApp();
    const secrets = new Secrets();
    await secrets.load(t.db, t.config);
    // The direct query's own dependencies, nothing cached: what the shared parts must equal.
    deps = { db: t.db, secrets, readCache: createReadCache(0) } as unknown as Deps;
    admin = await member(t, { isAdmin: true, points: 1000 });
    prolific = await member(t, { points: 1000 });
    others = [await member(t, { points: 1000 }), await member(t, { points: 1000 })];
    readers = [];
    for (let i = 0; i < 4; i++) readers.push(await member(t, { points: 1000 }));
    communities = [await newCommunity(admin.client), await newCommunity(admin.client)];
    // The first reader moderates the third community (their Moderating feed).
    communities.push(await newCommunity(readers[0]!.client));
    const rand = random(15);
    posts = [];
    for (let i = 0; i < 36; i++) {
      // Most posts by one author: muting them leaves too few candidates, and the direct query answers.
      const author = rand() < 0.6 ? prolific : others[i % 2]!;
      const community = communities[i % 3]!;
      const title = `${WORDS[Math.floor(rand() * WORDS.length)]} and ${WORDS[Math.floor(rand() * WORDS.length)]} ${i}`;
      posts.push(
        ok(
          await author.client.post('/api/posts', { type: 'text', title, community: community.name }),
          'post',
        ),
      );
    }
    const pinned = posts[5]!;
    ok(await admin.client.put(`/api/posts/${pinned.publicId}?action=pin&siteWide=true`), 'pin');
    for (const reader of readers) {
      for (const c of communities.slice(0, 2)) {
        if (rand() < 0.7) ok(await reader.client.post('/api/_joinCommunity', { communityId: c.id }), 'join');
      }
      // Votes of every kind, visits, and comments by others since some of those visits.
      for (const post of posts) {
        const r = rand();
        if (r < 0.25) ok(await reader.client.post('/api/_postVote', { postId: post.id, up: true }), 'vote');
        else if (r < 0.35)
          ok(await reader.client.post('/api/_postVote', { postId: post.id, up: false }), 'vote');
        if (rand() < 0.1) ok(await reader.client.get(`/api/posts/${post.publicId}`), 'visit');
      }
    }
    for (const post of posts.slice(0, 12)) {
      ok(
        await others[0]!.client.post(`/api/posts/${post.publicId}/comments`, { body: 'a comment' }),
        'comment',
      );
    }
  });
  afterAll(() => t.close());

  it('equals the direct query, page by page and cursor by cursor, for many mixes of hides, mutes and words', async () => {
    const rand = random(42);
    const queries = [
      'feed=all&sort=hot',
      'feed=all&sort=latest',
      'feed=all&sort=week',
      `communityId=${communities[0].id}&sort=hot`,
      'feed=home&sort=hot',
      'feed=home&sort=activity',
      'feed=moderating&sort=hot',
    ];
    for (let round = 0; round < 3; round++) {
      for (const [n, reader] of readers.entries()) {
        // A new mix of this member's filters, through the API.
        ok(await reader.client.delete('/api/mutes?type=user'), 'clear user mutes');
        ok(await reader.client.delete('/api/mutes?type=community'), 'clear community mutes');
        ok(await reader.client.delete('/api/muted_words'), 'clear words');
        if (rand() < 0.4) ok(await reader.client.post('/api/mutes', { userId: prolific.user.id }), 'mute');
        if (rand() < 0.4) ok(await reader.client.post('/api/mutes', { userId: others[0]!.user.id }), 'mute');
        if (rand() < 0.4) {
          ok(await reader.client.post('/api/mutes', { communityId: communities[1].id }), 'mute community');
        }
        for (const word of WORDS) {
          if (rand() < 0.15) ok(await reader.client.post('/api/muted_words', { word }), 'word');
        }
        for (const post of posts) {
          const r = rand();
          if (r < 0.1) ok(await reader.client.post('/api/hidden_posts', { postId: post.id }), 'hide');
          else if (r < 0.2) ok(await reader.client.delete(`/api/hidden_posts/${post.id}`), 'unhide');
        }
        for (const base of queries) {
          const limit = 2 + Math.floor(rand() * 4);
          let next: string | null = null;
          for (let page = 0; page < 40; page++) {
            const query = `${base}&limit=${limit}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
            const got = await feed(reader.client, query);
            expect(got, `round ${round}, reader ${n}, ${query}`).toEqual(await direct(reader, query));
            // Asked again, it is read at the share of candidates the first request let through.
            if (page === 0) expect(await feed(reader.client, query), `again: ${query}`).toEqual(got);
            next = got.next;
            if (!next) break;
          }
          expect(next, `${base} ends`).toBeNull();
        }
      }
    }
    // About 1,000 requests: 10 s alone, past the default 30 s beside other test files on a busy machine.
  }, 90_000);

  it('still fills the page and its cursor when the filters remove several shared runs of candidates', async () => {
    const reader = readers[3]!;
    const community = await newCommunity(admin.client);
    // Two visible posts under thirty of a muted author: a page of one reads its shared runs of six
    // candidates, finds them all muted, and gets its page from the direct query.
    for (const [i, author] of [others[1]!, others[1]!, ...Array<Member>(30).fill(prolific)].entries()) {
      ok(
        await author.client.post('/api/posts', {
          type: 'text',
          title: `deep ${i}`,
          community: community.name,
        }),
        'post',
      );
    }
    ok(await reader.client.post('/api/mutes', { userId: prolific.user.id }), 'mute');
    for (const base of [
      `communityId=${community.id}&sort=latest&limit=1`,
      `communityId=${community.id}&sort=hot&limit=1`,
    ]) {
      const first = await feed(reader.client, base);
      expect(first).toEqual(await direct(reader, base));
      expect(first.posts.map((p: any) => p.title)).toEqual(['deep 1']);
      const second = await feed(reader.client, `${base}&next=${encodeURIComponent(first.next)}`);
      expect(second.posts.map((p: any) => p.title)).toEqual(['deep 0']);
      expect(second.next).toBeNull();
    }
    ok(await reader.client.delete(`/api/mutes/users/${prolific.user.id}`), 'unmute');
  });

  it("never shows one member another member's votes, hides or mutes, whichever asked first", async () => {
    const [a, b] = [readers[2]!, readers[3]!];
    for (const reader of [a, b]) {
      ok(await reader.client.delete('/api/mutes?type=user'), 'clear');
      ok(await reader.client.delete('/api/mutes?type=community'), 'clear');
      ok(await reader.client.delete('/api/muted_words'), 'clear');
    }
    const query = 'feed=all&sort=latest&limit=50';
    const before = await feed(b.client, query);
    const [voted, hidden] = before.posts.filter((p: any) => !p.userVoted && p.userId !== a.user.id);
    ok(await a.client.post('/api/_postVote', { postId: voted.id, up: true }), 'vote');
    ok(await a.client.post('/api/hidden_posts', { postId: hidden.id }), 'hide');
    ok(await a.client.post('/api/mutes', { userId: others[1]!.user.id }), 'mute');
    const seenByA = await feed(a.client, query);
    const seenByB = await feed(b.client, query);
    expect(seenByA.posts.find((p: any) => p.id === voted.id)).toMatchObject({
      userVoted: true,
      userVotedUp: true,
    });
    expect(seenByA.posts.some((p: any) => p.id === hidden.id)).toBe(false);
    expect(seenByA.posts.some((p: any) => p.userId === others[1]!.user.id)).toBe(false);
    // B's own state only: no vote of A's, A's hidden post and muted author still there and unmarked.
    expect(seenByB.posts.find((p: any) => p.id === voted.id)).toMatchObject({
      userVoted: false,
      userVotedUp: null,
    });
    expect(seenByB.posts.some((p: any) => p.id === hidden.id)).toBe(true);
    const byMuted = seenByB.posts.filter((p: any) => p.userId === others[1]!.user.id);
    expect(byMuted.length).toBeGreaterThan(0);
    expect(byMuted.every((p: any) => !p.isAuthorMuted)).toBe(true);
    expect(seenByB).toEqual(await direct(b, query));
    expect(seenByA).toEqual(await direct(a, query));
  });

  it('never shows a post twice on a page made of shared runs cached at different times', async () => {
    const community = await newCommunity(admin.client);
    const made: any[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        ok(
          await others[1]!.client.post('/api/posts', {
            type: 'text',
            title: `run ${i}`,
            community: community.name,
          }),
          'post',
        ),
      );
    }
    const top = made.reverse(); // newest activity first: top[0] is the last made
    const base = `communityId=${community.id}&sort=activity`;
    const [x, y] = [await member(t), await member(t)];
    for (const post of top.slice(0, 10))
      ok(await x.client.post('/api/hidden_posts', { postId: post.id }), 'hide');
    // Another member's second page keeps the run that starts at the ninth post, as it is now.
    const ninth = (await feed(y.client, `${base}&limit=8`)).next;
    await feed(y.client, `${base}&limit=2&next=${encodeURIComponent(ninth)}`);
    // A comment moves the eleventh to the top; comments leave the shared runs as they are.
    ok(
      await others[0]!.client.post(`/api/posts/${top[10].publicId}/comments`, { body: 'up it goes' }),
      'comment',
    );
    // X's first page: a new first run (the eleventh first), then the kept run (the eleventh again).
    const page = await feed(x.client, `${base}&limit=2`);
    expect(page.posts.map((p: any) => p.title)).toEqual(['run 3', 'run 2']);
  });

  it('never loses a post from the pages of the member who just moved it by a vote', async () => {
    const community = await newCommunity(admin.client);
    for (let i = 0; i < 8; i++) {
      ok(
        await others[1]!.client.post('/api/posts', {
          type: 'text',
          title: `vote ${i}`,
          community: community.name,
        }),
        'post',
      );
    }
    const reader = await member(t);
    const query = `communityId=${community.id}&sort=all&limit=3`;
    const first = await feed(reader.client, query);
    // The post that starts the next page, moved up by the member's own vote.
    const cursorPost = first.next.split('.')[1];
    ok(await reader.client.post('/api/_postVote', { postId: cursorPost, up: true }), 'vote');
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: any = await feed(
        reader.client,
        `${query}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
      );
      seen.push(...page.posts.map((p: any) => p.id));
      next = page.next;
    } while (next);
    expect(seen.filter((id) => id === cursorPost)).toHaveLength(1);
    expect(new Set(seen).size).toBe(8);
  });

  it("shows a member's own vote, hide, mute and muted word on their very next request", async () => {
    const reader = readers[1]!;
    ok(await reader.client.delete('/api/mutes?type=user'), 'clear');
    ok(await reader.client.delete('/api/mutes?type=community'), 'clear');
    ok(await reader.client.delete('/api/muted_words'), 'clear');
    const query = 'feed=all&sort=latest&limit=50';
    const first = await feed(reader.client, query);
    const target = first.posts.find((p: any) => !p.userVoted && p.userId !== reader.user.id);

    ok(await reader.client.post('/api/_postVote', { postId: target.id, up: true }), 'vote');
    const afterVote = (await feed(reader.client, query)).posts.find((p: any) => p.id === target.id);
    expect(afterVote).toMatchObject({ userVoted: true, userVotedUp: true, upvotes: target.upvotes + 1 });

    ok(await reader.client.post('/api/hidden_posts', { postId: target.id }), 'hide');
    expect((await feed(reader.client, query)).posts.some((p: any) => p.id === target.id)).toBe(false);
    ok(await reader.client.delete(`/api/hidden_posts/${target.id}`), 'unhide');
    expect((await feed(reader.client, query)).posts.some((p: any) => p.id === target.id)).toBe(true);

    ok(await reader.client.post('/api/mutes', { userId: target.userId }), 'mute');
    expect((await feed(reader.client, query)).posts.some((p: any) => p.userId === target.userId)).toBe(false);
    ok(await reader.client.delete(`/api/mutes/users/${target.userId}`), 'unmute');

    const word = target.title.split(' ')[0];
    ok(await reader.client.post('/api/muted_words', { word }), 'word');
    const worded = await feed(reader.client, query);
    expect(worded.posts.some((p: any) => p.id === target.id)).toBe(false);
    expect(worded).toEqual(await direct(reader, query));
    // Still private to the member.
    const res = await reader.client.get(`/api/posts?${query}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
