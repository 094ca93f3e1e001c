import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserBadge, ensureBadgeType, findBadgeTypeId } from '../src/users/users.repository.js';
import { guest, makeUser, type Member, member, newCommunity } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { QueryCounter } from './query-counter.js';

/**
 * Statements per request on the hot reads (issue 15): the feed (a guest, and a member with votes,
 * hidden posts, mutes and visits), the post page and a post's comments run a fixed number of queries,
 * the same for 5 rows as for 40. The read cache is off, so every request is what a miss costs. The
 * numbers are pinned too: a new statement on these paths should be a choice, seen here.
 */

function ok(res: { status: number; text: string; json: any }, what: string): any {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.json;
}

describe('statements per request on the hot reads', () => {
  let t: TestApp;
  const queries = new QueryCounter();
  let authors: Member[];
  let reader: Member;
  let visitor: TestClient;
  let posts: any[];
  /** A post with 5 comments and one with 40, each by many authors, with replies. */
  let small: any;
  let large: any;

  /** The statements of one request, after one untimed request so that session upkeep is done. */
  async function statementsOf(client: TestClient, url: string): Promise<string[]> {
    ok(await client.get(url), url);
    let res: any;
    const statements = await queries.during(async () => {
      res = await client.get(url);
    });
    ok(res, url);
    return statements;
  }

  /** The counts for the two sizes, equal and of the same texts, with the statements shown when not. */
  async function sameFor(client: TestClient, few: string, many: string): Promise<number> {
    // Sorted: independent statements run side by side, in whatever order their connections come.
    const a = (await statementsOf(client, few)).sort();
    const b = (await statementsOf(client, many)).sort();
    expect({ count: b.length, statements: b }).toEqual({ count: a.length, statements: a });
    return a.length;
  }

  async function comment(author: Member, post: any, parentId?: string): Promise<any> {
    return ok(
      await author.client.post(`/api/posts/${post.publicId}/comments`, {
        body: `a comment by ${author.user.username}`,
        ...(parentId ? { parentId } : {}),
      }),
      'comment',
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ READ_CACHE_SECONDS: '0' }, { queries });
    const admin = await member(t, { isAdmin: true, points: 1000 });
    const communities = [await newCommunity(admin.client), await newCommunity(admin.client)];
    authors = [];
    for (let i = 0; i < 12; i++) authors.push(await member(t, { points: 1000 }));
    await ensureBadgeType(t.db, 'supporter');
    const supporter = (await findBadgeTypeId(t.db, 'supporter'))!;
    for (const author of authors.slice(0, 6)) await addUserBadge(t.db, author.user.id, supporter);
    posts = [];
    for (let i = 0; i < 45; i++) {
      const author = authors[i % authors.length]!;
      posts.push(
        ok(
          await author.client.post('/api/posts', {
            type: 'text',
            title: `Post number ${i}`,
            community: communities[i % 2].name,
          }),
          'post',
        ),
      );
    }
    ok(await admin.client.put(`/api/posts/${posts[3].publicId}?action=pin&siteWide=true`), 'pin');

    reader = await member(t, { points: 1000 });
    ok(await reader.client.post('/api/_joinCommunity', { communityId: communities[0].id }), 'join');
    for (const [i, post] of posts.entries()) {
      if (i % 3 === 0)
        ok(await reader.client.post('/api/_postVote', { postId: post.id, up: i % 2 === 0 }), 'vote');
    }
    for (const post of posts.slice(40, 42)) {
      ok(await reader.client.post('/api/hidden_posts', { postId: post.id }), 'hide');
    }
    ok(await reader.client.post('/api/mutes', { userId: authors[11]!.user.id }), 'mute');

    small = posts[44];
    large = posts[43];
    const commented: any[] = [];
    for (let i = 0; i < 40; i++) {
      const author = authors[i % authors.length]!;
      const parent = i % 3 === 2 ? commented[commented.length - 1] : undefined;
      commented.push(await comment(author, large, parent?.id));
      if (i < 5) await comment(author, small);
    }
    // The reader visited both posts and some feed posts; others commented since.
    for (const post of [small, large, ...posts.slice(30, 39)]) {
      ok(await reader.client.get(`/api/posts/${post.publicId}`), 'visit');
    }
    for (const post of posts.slice(30, 39)) await comment(authors[0]!, post);
    for (const c of commented.slice(0, 20)) {
      ok(await reader.client.post('/api/_commentVote', { commentId: c.id, up: true }), 'comment vote');
    }
    visitor = await guest(t);
  });
  afterAll(() => t.close());

  it("a returning guest's session is looked up once, then remembered; a login there is honoured", async () => {
    const returning = await guest(t);
    const sessionLookups = (statements: string[]) => statements.filter((s) => /from "sessions"/.test(s));
    const first = await queries.during(() => returning.get('/api/_user'));
    const again = await queries.during(() => returning.get('/api/_user'));
    expect(sessionLookups(first)).toHaveLength(1);
    expect(sessionLookups(again)).toHaveLength(0);
    // The same browser logs in: a new session id, which is looked up and is the member's.
    const user = await makeUser(t.db);
    expect((await returning.login(user.username, 'password123')).status).toBe(200);
    expect(ok(await returning.get('/api/_user'), 'after login').username).toBe(user.username);
  });

  it("a guest's feed page", async () => {
    expect(await sameFor(visitor, '/api/posts?limit=5', '/api/posts?limit=40')).toBe(4);
    expect(await sameFor(visitor, '/api/posts?sort=latest&limit=5', '/api/posts?sort=latest&limit=40')).toBe(
      3,
    );
  });

  it("a member's feed page, with votes, hidden posts, mutes and visits", async () => {
    expect(await sameFor(reader.client, '/api/posts?limit=5', '/api/posts?limit=40')).toBe(6);
    expect(
      await sameFor(reader.client, '/api/posts?feed=home&limit=5', '/api/posts?feed=home&limit=40'),
    ).toBe(7);
  });

  it('a post page, for a guest and for a member', async () => {
    const few = `/api/posts/${small.publicId}`;
    const many = `/api/posts/${large.publicId}`;
    expect(await sameFor(visitor, few, many)).toBe(11);
    expect(await sameFor(reader.client, few, many)).toBe(22);
  });

  it("a search's words become a tsquery once per text, then the process remembers it", async () => {
    const conversions = (statements: string[]) =>
      statements.filter((s) => s.includes('websearch_to_tsquery'));
    const search = (q: string) => visitor.get(`/api/search?q=${encodeURIComponent(q)}&type=posts`);
    // Once, so that what a process reads once (the session, the words' statistics) is out of the way.
    ok(await search('post number'), 'a first search');
    const first = await queries.during(async () => ok(await search('number post'), 'first search'));
    const again = await queries.during(async () => ok(await search('number post'), 'the same again'));
    const other = await queries.during(async () => ok(await search('number -post'), 'another text'));
    expect(conversions(first)).toHaveLength(1);
    expect(conversions(again)).toHaveLength(0);
    expect(again).toHaveLength(first.length - 1);
    expect(conversions(other)).toHaveLength(1);
    // What is remembered is what the text gives: the results of both tries are the same.
    const a = ok(await search('number post'), 'a');
    expect(a.results.length).toBeGreaterThan(0);
    expect(ok(await search('number -post'), 'b').results).toEqual([]);
  });

  it("a post's comments, for a guest and for a member", async () => {
    const few = `/api/posts/${small.publicId}/comments`;
    const many = `/api/posts/${large.publicId}/comments`;
    expect(await sameFor(visitor, few, many)).toBe(5);
    expect(await sameFor(reader.client, few, many)).toBe(10);
  });
});
