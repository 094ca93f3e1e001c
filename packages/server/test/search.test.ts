import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../src/db/migrate.js';
import { newId } from '../src/lib/ids.js';
import { type Member, guest, member, newCommunity, uniqueName } from './factories.js';
import {
  createTestApp,
  openEmptyDatabase,
  type TestApp,
  type TestClient,
  type TestResponse,
} from './harness.js';
import { INVALID_CURSOR } from './api-errors.js';
import { QueryCounter } from './query-counter.js';

/**
 * Built-in search, an addition to the contract (README, API notes; docs/decisions.md, "Search"): the
 * query language, each filter, what a reader may not see, bad input and paging.
 */

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let home: any;
let other: any;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, { isAdmin: true, points: 1000 });
  alice = await member(t, { points: 1000 });
  bob = await member(t, { points: 1000 });
  home = await newCommunity(admin.client, uniqueName('home'), 'Where the regulars talk');
  other = await newCommunity(admin.client, uniqueName('other'));
});
afterAll(() => t.close());

function ok(res: TestResponse): any {
  expect(res.status, res.text).toBe(200);
  return res.json;
}

function expectError(res: TestResponse, error: { status: number; code: string; message?: string }) {
  expect(res.status, res.text).toBe(error.status);
  expect(res.json).toMatchObject(error);
}

async function post(
  author: Member,
  title: string,
  options: { body?: string; community?: any; type?: 'text' | 'link'; url?: string } = {},
): Promise<any> {
  return ok(
    await author.client.post('/api/posts', {
      type: options.type ?? 'text',
      title,
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.url === undefined ? {} : { url: options.url }),
      community: (options.community ?? home).name,
    }),
  );
}

async function comment(author: Member, on: any, body: string): Promise<any> {
  return ok(await author.client.post(`/api/posts/${on.publicId}/comments`, { body }));
}

const search = (client: TestClient, params: Record<string, string>) =>
  client.get(`/api/search?${new URLSearchParams(params).toString()}`);

async function ids(client: TestClient, params: Record<string, string>): Promise<string[]> {
  return ok(await search(client, params)).results.map((r: any) => r.item.id as string);
}

/**
 * 1,199 copies of a post, one every two hours back about 100 days, ids and times as if made then (so
 * that they fill several spans); `tag` and `prefix` keep each test's ids and public ids apart.
 */
async function copiesBackInTime(sourceId: string, tag: string, prefix: string): Promise<void> {
  const now = Date.now();
  await sql`
    INSERT INTO posts (id, type, public_id, user_id, community_id, title, body, created_at)
    SELECT lpad(to_hex((${now}::bigint - g::bigint * 7200000) * 1000000), 16, '0') || ${tag} || lpad(to_hex(g), 4, '0'),
           type, ${prefix} || lpad(g::text, 7, '0'), user_id, community_id, title, body,
           to_timestamp((${now}::bigint - g::bigint * 7200000) / 1000.0)
    FROM posts, generate_series(1, 1199) g WHERE id = ${sourceId}`.execute(t.db);
}

/** A word no other test uses: each test searches only for what it made. */
const word = () => uniqueName('zq').replace(/[^a-z0-9]/gu, '');

describe('posts', () => {
  it('finds words in titles and bodies, the title weighted above the body, with highlighted matches', async () => {
    const w = word();
    const inBody = await post(alice, 'Something else', { body: `A body that says ${w} once.` });
    const inTitle = await post(alice, `All about ${w} <b>here</b>`);
    const page = ok(await search(alice.client, { q: w }));
    expect(page.results.map((r: any) => r.item.id)).toEqual([inTitle.id, inBody.id]);
    expect(page.next).toBeNull();
    const [first, second] = page.results;
    expect(first.type).toBe('post');
    // Plain runs of text: the angle brackets stay characters, the match is flagged.
    expect(first.title).toEqual([
      { text: 'All about ', match: false },
      { text: w, match: true },
      { text: ' <b>here</b>', match: false },
    ]);
    expect(second.body.filter((r: any) => r.match).map((r: any) => r.text)).toEqual([w]);
    expect(second.body.map((r: any) => r.text).join('')).toBe(`A body that says ${w} once.`);
  });

  it('finds words written in angle brackets, which the text-search parser took for HTML tags', async () => {
    const w = word();
    const tagged = await post(alice, `Styling the <${w}> element`, { body: `if a<${w}x or y>z then` });
    const page = ok(await search(bob.client, { q: w }));
    expect(page.results.map((r: any) => r.item.id)).toEqual([tagged.id]);
    expect(page.results[0].title).toEqual([
      { text: 'Styling the <', match: false },
      { text: w, match: true },
      { text: '> element', match: false },
    ]);
    expect(await ids(bob.client, { q: `"<${w}> element"` })).toEqual([tagged.id]);
    expect(await ids(bob.client, { q: `${w}x` })).toEqual([tagged.id]);
    const reply = await comment(bob, tagged, `Use <${w}y> instead`);
    expect(await ids(alice.client, { q: `${w}y`, type: 'comments' })).toEqual([reply.id]);
  });

  it("marks in a long body's fragments the words found there, though others are only in the title", async () => {
    const w = word();
    const filler = 'Intro sentence with filler words. '.repeat(12);
    const body = `${filler}The aardvark digs a ${w}burrow at night. Use the <div> element for layout. ${filler}`;
    await post(alice, `Aardvark guide ${w}`, { body });
    const [hit] = ok(await search(alice.client, { q: `${w} guide ${w}burrow` })).results;
    expect(hit.body.filter((r: any) => r.match).map((r: any) => r.text)).toEqual([`${w}burrow`]);
    const [tag] = ok(await search(alice.client, { q: `${w} element layout` })).results;
    // The fragment keeps the text as written, angle brackets too, as a short body's whole text does.
    expect(tag.body.map((r: any) => r.text).join('')).toContain('Use the <div> element for layout');
    expect(tag.body.filter((r: any) => r.match).map((r: any) => r.text)).toEqual(['element', 'layout']);
  });

  it('stems words, ignores case, and needs every word', async () => {
    const w = word();
    const both = await post(alice, `Running ${w} Races`);
    await post(alice, `Running ${w}`, { body: 'only one of them' });
    expect(await ids(bob.client, { q: `run ${w.toUpperCase()} race` })).toEqual([both.id]);
  });

  it('finds accented words whichever way the accents were typed, composed or decomposed', async () => {
    const w = word();
    const decomposed = await post(alice, `Le cafe\u0301 ${w}`);
    const composed = await post(alice, `Un caf\u00e9 ${w}`, { body: `cre\u0300me ${w}` });
    const found = [composed.id, decomposed.id].sort();
    expect((await ids(bob.client, { q: `caf\u00e9 ${w}` })).sort()).toEqual(found);
    expect((await ids(bob.client, { q: `cafe\u0301 ${w}` })).sort()).toEqual(found);
    expect(await ids(bob.client, { q: `cr\u00e8me ${w}` })).toEqual([composed.id]);
    const reply = await comment(bob, composed, `Un the\u0301 ${w}`);
    expect(await ids(alice.client, { q: `th\u00e9 ${w}`, type: 'comments' })).toEqual([reply.id]);
  });

  it('reads "exact phrases", -excluded words, community:name and author:name', async () => {
    const w = word();
    const phrase = await post(alice, `red ${w} apple`);
    const apart = await post(alice, `${w} red apple`);
    const inOther = await post(alice, `${w} in the other place`, { community: other });
    const byBob = await post(bob, `${w} written by bob`);
    expect(await ids(admin.client, { q: `"red ${w}"` })).toEqual([phrase.id]);
    expect(new Set(await ids(admin.client, { q: `${w} -apple` }))).toEqual(new Set([inOther.id, byBob.id]));
    expect(await ids(admin.client, { q: `${w} community:${other.name.toUpperCase()}` })).toEqual([
      inOther.id,
    ]);
    expect(await ids(admin.client, { q: `author:${bob.user.username} ${w}` })).toEqual([byBob.id]);
    // As the site writes names: @bob, in the words, the filter and an exclusion.
    expect(await ids(admin.client, { q: `author:@${bob.user.username} ${w}` })).toEqual([byBob.id]);
    expect(await ids(admin.client, { q: w, author: `@${bob.user.username}` })).toEqual([byBob.id]);
    expect(await ids(admin.client, { q: `${w} -author:@${alice.user.username}` })).toEqual([byBob.id]);
    // A name may be quoted, as people quote what they type after a colon.
    expect(await ids(admin.client, { q: `${w} author:"${bob.user.username}"` })).toEqual([byBob.id]);
    expect(await ids(admin.client, { q: `community:"${other.name.toUpperCase()}" ${w}` })).toEqual([
      inOther.id,
    ]);
    // A quoted name with a space in it is no name: the words are searched for.
    expect(await ids(admin.client, { q: `${w} author:"${bob.user.username} x"` })).toEqual([]);
    // Inside quotes an operator is only words.
    expect(await ids(admin.client, { q: `"${w} community:${other.name}"` })).toEqual([]);
    // Two different communities cannot both hold; an unknown one holds nothing.
    expect(await ids(admin.client, { q: `${w} community:${other.name} community:${home.name}` })).toEqual([]);
    expect(await ids(admin.client, { q: `${w} community:nosuchplace` })).toEqual([]);
    expect(await ids(admin.client, { q: `${w} author:nosuchperson` })).toEqual([]);
    expect(apart.id).toBeTruthy();
  });

  it('leaves out what -community:name and -author:name name, and nothing for names that name nothing', async () => {
    const w = word();
    // An author of this test alone, so that their posts are these.
    const dana = await member(t);
    const mine = await post(dana, `${w} by dana at home`);
    const elsewhere = await post(dana, `${w} by dana in the other place`, { community: other });
    const bobs = await post(bob, `${w} by bob`);
    await comment(bob, mine, `${w} a comment by bob`);
    const danasComment = await comment(dana, bobs, `${w} a comment by dana`);
    const set = async (params: Record<string, string>) => new Set(await ids(admin.client, params));
    for (const sort of ['relevance', 'new']) {
      const by = (q: string, type = 'posts') => set({ q, sort, type });
      expect(await by(`${w} -author:${dana.user.username.toUpperCase()}`)).toEqual(new Set([bobs.id]));
      expect(await by(`${w} -community:"${other.name}"`)).toEqual(new Set([mine.id, bobs.id]));
      expect(await by(`-author:${bob.user.username} ${w} -community:${home.name}`)).toEqual(
        new Set([elsewhere.id]),
      );
      expect(await by(`${w} -author:nosuchperson -community:nosuchplace`)).toEqual(
        new Set([mine.id, elsewhere.id, bobs.id]),
      );
      expect(await by(`${w} -author:${bob.user.username}`, 'comments')).toEqual(new Set([danasComment.id]));
      // Without words, with a filter: the author's posts, but not in the other place.
      expect(await by(`author:${dana.user.username} -community:${other.name}`)).toEqual(new Set([mine.id]));
      // Leaving out the one community asked for leaves nothing.
      expect(await by(`${w} community:${home.name} -community:${home.name}`)).toEqual(new Set());
      // However many names, and unknown ones among them.
      // (Short names: the query is cut at 256 characters.)
      const unknown = Array.from({ length: 12 }, (_, i) => `-community:n${i}`).join(' ');
      expect(await by(`${w} ${unknown} -community:${other.name}`)).toEqual(new Set([mine.id, bobs.id]));
    }
  });

  it('finds nothing for excluded words alone, unless a filter narrows the search', async () => {
    const w = word();
    const dana = await member(t);
    const kept = await post(dana, `${w} kept`);
    await post(dana, `${w} excluded ${w}x`);
    for (const sort of ['relevance', 'new']) {
      for (const type of ['posts', 'comments', 'communities', 'users'])
        expect(await ids(admin.client, { q: `-${w}x`, sort, type }), type).toEqual([]);
      expect(await ids(admin.client, { q: `-${w}x -nothing`, sort })).toEqual([]);
      // Nor does an `or` with an excluded word: every document without it would match.
      expect(await ids(admin.client, { q: `${w} or -${w}x`, sort })).toEqual([]);
      // A filter makes it a search of that author's posts, without the word.
      expect(await ids(admin.client, { q: `author:${dana.user.username} -${w}x`, sort })).toEqual([kept.id]);
    }
  });

  it('filters by community, author, post type and time window', async () => {
    const w = word();
    const text = await post(alice, `${w} as text`);
    const link = await post(alice, `${w} as a link`, { type: 'link', url: 'https://example.org/x' });
    const elsewhere = await post(bob, `${w} elsewhere`, { community: other });
    const old = await post(bob, `${w} from long ago`);
    await t.db
      .updateTable('posts')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const all = new Set([text.id, link.id, elsewhere.id, old.id]);
    expect(new Set(await ids(alice.client, { q: w }))).toEqual(all);
    expect(new Set(await ids(alice.client, { q: w, community: home.name }))).toEqual(
      new Set([text.id, link.id, old.id]),
    );
    expect(new Set(await ids(alice.client, { q: w, author: bob.user.username }))).toEqual(
      new Set([elsewhere.id, old.id]),
    );
    expect(await ids(alice.client, { q: w, postType: 'link' })).toEqual([link.id]);
    expect(new Set(await ids(alice.client, { q: w, t: 'month' }))).toEqual(
      new Set([text.id, link.id, elsewhere.id]),
    );
    expect(new Set(await ids(alice.client, { q: w, t: 'year' }))).toEqual(all);
    // The new sort: newest first, whatever the relevance.
    expect(await ids(alice.client, { q: w, sort: 'new' })).toEqual([old.id, elsewhere.id, link.id, text.id]);
    // Filters without words: that community's or author's posts, newest first.
    const byBob = await ids(alice.client, { q: `author:${bob.user.username}`, community: other.name });
    expect(byBob[0]).toBe(elsewhere.id);
  });
});

describe('keeping up with changes', () => {
  it('finds a post and a comment by the words of their last edit only, and nothing of rows deleted outright', async () => {
    const [before, after] = [word(), word()];
    const p = await post(alice, `Notes ${before}`, { body: `About ${before}` });
    const c = await comment(bob, p, `A reply about ${before}`);
    expect(await ids(bob.client, { q: before, type: 'posts' })).toEqual([p.id]);
    expect(await ids(alice.client, { q: before, type: 'comments' })).toEqual([c.id]);

    ok(await alice.client.put(`/api/posts/${p.publicId}`, { title: `Notes ${after}`, body: 'Rewritten' }));
    ok(await bob.client.put(`/api/posts/x/comments/${c.id}`, { body: `Now about ${after}` }));
    expect(await ids(bob.client, { q: before, type: 'posts' })).toEqual([]);
    expect(await ids(bob.client, { q: after, type: 'posts' })).toEqual([p.id]);
    expect(await ids(alice.client, { q: before, type: 'comments' })).toEqual([]);
    expect(await ids(alice.client, { q: after, type: 'comments' })).toEqual([c.id]);

    // Nothing in the site deletes rows (removal is a flag), but an operator may: the search rows go too.
    await t.db.deleteFrom('posts').where('id', '=', p.id).execute();
    const left = await t.db
      .selectFrom('post_search')
      .select('post_id as id')
      .where('post_id', '=', p.id)
      .unionAll(t.db.selectFrom('comment_search').select('comment_id as id').where('comment_id', '=', c.id))
      .execute();
    expect(left).toEqual([]);
  });
});

describe('comments, communities and users', () => {
  it('finds comments with their post title, by community and author', async () => {
    const w = word();
    const on = await post(alice, 'A thread');
    const c1 = await comment(bob, on, `I think ${w} is right`);
    const c2 = await comment(alice, on, `No, ${w} is wrong`);
    const page = ok(await search(admin.client, { q: w, type: 'comments' }));
    expect(new Set(page.results.map((r: any) => r.item.id))).toEqual(new Set([c1.id, c2.id]));
    expect(page.results[0].type).toBe('comment');
    expect(page.results[0].item.postTitle).toBe('A thread');
    expect(page.results[0].body.some((r: any) => r.match && r.text === w)).toBe(true);
    expect(await ids(admin.client, { q: w, type: 'comments', author: bob.user.username })).toEqual([c1.id]);
    expect(await ids(admin.client, { q: w, type: 'comments', community: other.name })).toEqual([]);
  });

  it('finds communities by name and about text, and users by name and about text', async () => {
    const w = word();
    const named = await newCommunity(admin.client, `c${w}`.slice(0, 21), 'Plain about text');
    const about = await newCommunity(admin.client, uniqueName('ab'), `All things ${w}`);
    const found = ok(await search(alice.client, { q: `c${w}`, type: 'communities' }));
    expect(found.results.map((r: any) => r.item.id)).toEqual([named.id]);
    expect(found.results[0].name).toEqual([{ text: named.name, match: true }]);
    expect(await ids(alice.client, { q: w, type: 'communities' })).toEqual([about.id]);

    const u = await member(t, { username: `u${w}`.slice(0, 21) });
    await t.db
      .updateTable('users')
      .set({ about_me: `I like ${w}` })
      .where('id', '=', alice.user.id)
      .execute();
    expect(await ids(bob.client, { q: u.user.username, type: 'users' })).toEqual([u.user.id]);
    const liked = ok(await search(bob.client, { q: w, type: 'users' }));
    expect(liked.results.map((r: any) => r.item.id)).toEqual([alice.user.id]);
    expect(liked.results[0].item).toEqual({
      id: alice.user.id,
      username: alice.user.username,
      points: expect.any(Number),
      createdAt: expect.any(String),
    });
    // Communities and users need words: filters alone find none.
    expect(ok(await search(bob.client, { q: '', type: 'users' })).results).toEqual([]);
    // The site's own accounts are no one to find.
    const sentinels = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['ghost', 'nobody'])
      .execute();
    expect(sentinels).toHaveLength(2);
    for (const q of ['ghost', 'nobody', 'human'])
      expect(await ids(bob.client, { q, type: 'users' }), q).toEqual([]);
  });
});

describe('communities and users by the start of their names', () => {
  /** A name start no other test's names begin with (word() ends in digits; the letter closes it). */
  const start = () => `${word()}k`;
  const names = (page: any, key: 'name' | 'username') =>
    page.results.map((r: any) => (key === 'name' ? r.item.name : r.item.username));
  /** Every page's names, walked by cursor. */
  async function allNames(params: Record<string, string>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = ok(
        await search(alice.client, { ...params, limit: '50', ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...names(page, 'name'));
      cursor = page.next;
    } while (cursor);
    return seen;
  }

  it('finds a name at every point of typing it, the name typed exactly first, the start marked', async () => {
    const s = start();
    const club = await newCommunity(admin.client, `${s}_club`, 'Plain about text');
    const longer = await newCommunity(admin.client, `${s}_clubhouse`);
    const typed = `${s}_club`;
    for (let n = s.length; n <= typed.length; n++) {
      const q = typed.slice(0, n).toUpperCase();
      expect(names(ok(await search(alice.client, { q, type: 'communities' })), 'name'), q).toContain(
        club.name,
      );
    }
    const found = ok(await search(alice.client, { q: typed, type: 'communities' }));
    expect(names(found, 'name')).toEqual([club.name, longer.name]);
    expect(found.results[0].name).toEqual([{ text: club.name, match: true }]);
    expect(found.results[1].name).toEqual([
      { text: typed, match: true },
      { text: 'house', match: false },
    ]);
    // `_` is a name character, not LIKE's wildcard.
    const other = await newCommunity(admin.client, `${s}xclub`);
    expect(names(ok(await search(alice.client, { q: `${s}_`, type: 'communities' })), 'name')).not.toContain(
      other.name,
    );
  });

  it('finds users by the start of the name, with or without @, shortest name first', async () => {
    const s = start();
    const long = await member(t, { username: `${s}_second` });
    const short = await member(t, { username: `${s}_a` });
    const page = ok(await search(bob.client, { q: `@${s.toUpperCase()}`, type: 'users' }));
    expect(names(page, 'username')).toEqual([short.user.username, long.user.username]);
    expect(page.results[0].username[0]).toEqual({ text: s, match: true });
    expect(names(ok(await search(bob.client, { q: long.user.username, type: 'users' })), 'username')).toEqual(
      [long.user.username],
    );
  });

  it('reads only one bare word as a name: not phrases, exclusions or several words', async () => {
    const s = start();
    const club = await newCommunity(admin.client, `${s}club`);
    for (const q of [`"${s}"`, `-${s}`, `${s} other`, `${s}-`, `community:${s}`])
      expect(await ids(alice.client, { q, type: 'communities' }), q).toEqual([]);
    // A stop word is no word to search by, but it can start a name.
    const the = await newCommunity(admin.client, `the${s}`);
    expect(await ids(alice.client, { q: `the${s.slice(0, 3)}`, type: 'communities' })).toContain(the.id);
    expect(await allNames({ q: 'the', type: 'communities' })).toContain(the.name);
    expect(await ids(alice.client, { q: s, type: 'communities' })).toEqual([club.id]);
  });

  it('pages by cursor through names that start alike, each once, in both sorts', async () => {
    const s = start();
    const made = [];
    for (const tail of ['', 'a', 'bb', 'ccc', 'dddd'])
      made.push(await newCommunity(admin.client, `${s}${tail}`));
    for (const sort of ['relevance', 'new']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = ok(
          await search(alice.client, {
            q: s,
            type: 'communities',
            sort,
            limit: '2',
            ...(cursor ? { cursor } : {}),
          }),
        );
        seen.push(...page.results.map((r: any) => r.item.name));
        cursor = page.next;
      } while (cursor);
      const expected = made.map((c) => c.name);
      expect(seen, sort).toEqual(sort === 'relevance' ? expected : [...expected].reverse());
    }
  });

  it('leaves out deleted communities, banned users and what the member muted, by name as well', async () => {
    const s = start();
    const gone = await newCommunity(admin.client, `${s}gone`);
    const muted = await newCommunity(admin.client, `${s}muted`);
    const banned = await member(t, { username: `${s}banned` });
    await t.db.updateTable('communities').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    await t.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', banned.user.id).execute();
    ok(await bob.client.post('/api/mutes', { communityId: muted.id }));
    expect(await ids(bob.client, { q: s, type: 'communities' })).toEqual([]);
    expect(await ids(alice.client, { q: s, type: 'communities' })).toEqual([muted.id]);
    expect(await ids(alice.client, { q: s, type: 'users' })).toEqual([]);
  });
});

describe('what a reader may not see', () => {
  it('leaves out deleted and removed posts and comments, and comments under removed posts', async () => {
    const w = word();
    // Comments by a member of this test alone, so that their author's comments are these.
    const carol = await member(t);
    const kept = await post(alice, `${w} kept`);
    const deleted = await post(alice, `${w} deleted by its author`);
    const removed = await post(alice, `${w} removed by a moderator`);
    const keptComment = await comment(carol, kept, `${w} kept comment`);
    const gone = await comment(carol, kept, `${w} deleted comment`);
    await comment(carol, removed, `${w} under a removed post`);
    // A post its author deleted keeps its comments on its page, and so in search; not once an admin
    // has purged its content too.
    const underDeleted = await comment(carol, deleted, `${w} under a post its author deleted`);
    const purged = await post(alice, `${w} deleted by its author, then purged`);
    await comment(carol, purged, `${w} under a purged post`);
    ok(await alice.client.delete(`/api/posts/${deleted.publicId}?deleteAs=normal`));
    ok(await alice.client.delete(`/api/posts/${purged.publicId}?deleteAs=normal`));
    ok(await admin.client.delete(`/api/posts/${purged.publicId}?deleteAs=admins&deleteContent=true`));
    ok(await admin.client.delete(`/api/posts/${removed.publicId}?deleteAs=mods`));
    ok(await carol.client.delete(`/api/posts/${kept.id}/comments/${gone.id}?deleteAs=normal`));
    const onItsPage = ok(await bob.client.get(`/api/posts/${deleted.publicId}`)).comments;
    expect(onItsPage.map((c: any) => c.id)).toContain(underDeleted.id);
    expect(await ids(admin.client, { q: w })).toEqual([kept.id]);
    const shown = new Set([keptComment.id, underDeleted.id]);
    for (const client of [admin.client, bob.client, await guest(t)]) {
      expect(new Set(await ids(client, { q: w, type: 'comments' }))).toEqual(shown);
      // Without words, by the author alone: the same rule.
      expect(new Set(await ids(client, { author: carol.user.username, type: 'comments' }))).toEqual(shown);
    }
  });

  it('leaves out the posts, comments and names of banned and deleted accounts, and deleted communities', async () => {
    const w = word();
    const banned = await member(t, { points: 1000 });
    const leaving = await member(t, { points: 1000 });
    const bannedPost = await post(banned, `${w} by a banned account`);
    await comment(banned, bannedPost, `${w} banned comment`);
    await post(leaving, `${w} by a deleted account`);
    const place = await newCommunity(admin.client, uniqueName('gone'));
    await post(alice, `${w} in a deleted community`, { community: place });
    const visible = await post(alice, `${w} visible`);
    await t.db
      .updateTable('users')
      .set({ banned_at: new Date(), about_me: w })
      .where('id', '=', banned.user.id)
      .execute();
    await t.db
      .updateTable('users')
      .set({ deleted_at: new Date(), about_me: w })
      .where('id', '=', leaving.user.id)
      .execute();
    await t.db
      .updateTable('communities')
      .set({ deleted_at: new Date() })
      .where('id', '=', place.id)
      .execute();
    const visitor = await guest(t);
    expect(await ids(visitor, { q: w })).toEqual([visible.id]);
    expect(await ids(visitor, { q: w, type: 'comments' })).toEqual([]);
    expect(await ids(visitor, { q: w, type: 'users' })).toEqual([]);
    expect(await ids(visitor, { q: place.name, type: 'communities' })).toEqual([]);
  });

  it("leaves out a member's muted users, communities and words, and only that member's", async () => {
    const w = word();
    const viewer = await member(t);
    const muted = await member(t, { points: 1000 });
    const plain = await post(alice, `${w} plain`);
    const byMuted = await post(muted, `${w} by a muted author`);
    const inMuted = await post(alice, `${w} in a muted community`, { community: other });
    const withWord = await post(alice, `${w} about pineapples`);
    const plainComment = await comment(alice, plain, `${w} plain comment`);
    const mutedComment = await comment(muted, plain, `${w} muted author's comment`);
    const wordComment = await comment(alice, plain, `${w} I love PINEAPPLES`);
    ok(await viewer.client.post('/api/mutes', { userId: muted.user.id }));
    ok(await viewer.client.post('/api/mutes', { communityId: other.id }));
    ok(await viewer.client.post('/api/muted_words', { word: 'pineapples' }));
    expect(await ids(viewer.client, { q: w })).toEqual([plain.id]);
    expect(await ids(viewer.client, { q: w, type: 'comments' })).toEqual([plainComment.id]);
    expect(await ids(viewer.client, { q: muted.user.username, type: 'users' })).toEqual([]);
    expect(await ids(viewer.client, { q: other.name, type: 'communities' })).toEqual([]);
    // Everyone else still finds them.
    expect(new Set(await ids(bob.client, { q: w }))).toEqual(
      new Set([plain.id, byMuted.id, inMuted.id, withWord.id]),
    );
    expect(new Set(await ids(await guest(t), { q: w, type: 'comments' }))).toEqual(
      new Set([plainComment.id, mutedComment.id, wordComment.id]),
    );
  });
});

describe('bad input', () => {
  it('never fails on malformed queries: it searches for what it can', async () => {
    const w = word();
    const target = await post(alice, `${w} target`);
    for (const q of [
      `"${w}`,
      `${w}"`,
      `-"${w}`,
      `${w} -`,
      `${w} ""`,
      `(${w}) & | !`,
      `${w} or`,
      `'); DROP TABLE posts; --`,
    ]) {
      const res = await search(bob.client, { q });
      expect(res.status, `${q}: ${res.text}`).toBe(200);
    }
    expect(await ids(bob.client, { q: `"${w}` })).toEqual([target.id]);
    expect(await ids(bob.client, { q: `(${w}) & | !` })).toEqual([target.id]);
    // Dashes by the dozen (a separator, a markdown rule), which overflowed PostgreSQL's query parser;
    // and operators it still cannot read, searched for as words alone.
    for (const q of [
      `${w} ${'-'.repeat(40)}`,
      `${'- '.repeat(100)}${w}`,
      `${w} target ${'-'.repeat(60)} ${w}`,
      `${'-('.repeat(60)}${w}`,
      `${'-!'.repeat(60)}${w} target`,
    ]) {
      expect(await ids(bob.client, { q }), q).toEqual([target.id]);
    }
    expect(await ids(bob.client, { q: `${w} --target` })).toEqual([target.id]);
    expect(await ids(bob.client, { q: `${w} -target` })).toEqual([]);
    // A NUL, which the rest of the API refuses, is dropped: in the words and in the names.
    expect(await ids(bob.client, { q: `\0${w}\0` })).toEqual([target.id]);
    expect(await ids(bob.client, { q: w, author: `\0${alice.user.username}` })).toEqual([target.id]);
    expect(ok(await search(bob.client, { q: '\0' })).results).toEqual([]);
    // Elsewhere it is still refused, and a search's page opens with it.
    expect((await bob.client.get('/api/posts?sort=%00')).status).toBe(400);
    // Only operators, stop words or nothing: no results, no error.
    for (const q of ['-', '- - ""', '"', 'or', 'the and of', '', '   ', 'community:', 'author: -']) {
      expect(ok(await search(bob.client, { q })).results, q).toEqual([]);
    }
    // A 10 KB query is cut to its first characters and searched.
    const long = await search(bob.client, { q: `${w} ${'x'.repeat(10_240)}` });
    expect(long.status, long.text).toBe(200);
    expect(long.json.results.map((r: any) => r.item.id)).toEqual([]);
    const longTail = await search(bob.client, { q: `${w} ${'word '.repeat(2048)}` });
    expect(longTail.status).toBe(200);
    // A parameter given twice is read as its first value.
    const twice = await bob.client.get(`/api/search?q=${w}&type=posts&q=other&type=users&limit=5&limit=x`);
    expect(twice.status, twice.text).toBe(200);
    expect(twice.json.results.map((r: any) => r.item.id)).toEqual([target.id]);
  });

  it('refuses bad parameters with their codes', async () => {
    expectError(await search(bob.client, { q: 'a', type: 'everything' }), {
      status: 400,
      code: 'invalid-search-type',
    });
    expectError(await search(bob.client, { q: 'a', sort: 'hot' }), { status: 400, code: 'invalid-sort' });
    expectError(await search(bob.client, { q: 'a', t: 'decade' }), {
      status: 400,
      code: 'invalid-search-window',
    });
    expectError(await search(bob.client, { q: 'a', postType: 'video' }), {
      status: 400,
      code: 'invalid_post_type',
    });
    expectError(await search(bob.client, { q: 'a', limit: '0' }), { status: 400, code: 'invalid_limit' });
    for (const cursor of ['nope', '1.5_abc', `x_1_${'a'.repeat(24)}`]) {
      expectError(await search(bob.client, { q: 'a', cursor }), INVALID_CURSOR);
    }
    expectError(await search(bob.client, { q: 'a', sort: 'new', cursor: '1_2_3' }), INVALID_CURSOR);
  });
});

describe('paging', () => {
  it('walks every result once by cursor, in both sorts', async () => {
    const w = word();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await post(alice, i % 2 ? `${w} ${w} twice` : `${w} once`, { body: i % 3 ? w : 'no' })).id);
    }
    for (const sort of ['relevance', 'new']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: any = ok(
          await search(alice.client, { q: w, sort, limit: '3', ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...page.results.map((r: any) => r.item.id));
        cursor = page.next;
        pages++;
      } while (cursor && pages < 10);
      expect(pages, sort).toBe(3);
      expect(seen.length, sort).toBe(7);
      expect(new Set(seen), sort).toEqual(new Set(made));
      if (sort === 'new') expect(seen).toEqual([...made].reverse());
    }
  });

  it('walks the results of filters without words, newest first, in either sort', async () => {
    const place = await newCommunity(admin.client, uniqueName('pg'));
    const made: string[] = [];
    const under = await post(alice, 'The thread', { community: place });
    made.push(under.id);
    for (let i = 0; i < 4; i++) made.push((await post(bob, `Filtered ${i}`, { community: place })).id);
    const madeComments: string[] = [];
    for (let i = 0; i < 5; i++) madeComments.push((await comment(alice, under, `Reply ${i}`)).id);
    for (const [type, expected] of [
      ['posts', made],
      ['comments', madeComments],
    ] as const) {
      for (const params of [{}, { sort: 'relevance' }, { sort: 'new' }, { q: 'the' }] as Record<
        string,
        string
      >[]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: any = ok(
            await search(alice.client, {
              type,
              community: place.name,
              limit: '2',
              ...params,
              ...(cursor ? { cursor } : {}),
            }),
          );
          seen.push(...page.results.map((r: any) => r.item.id));
          cursor = page.next;
        } while (cursor && seen.length < 20);
        expect(seen, `${type} ${JSON.stringify(params)}`).toEqual([...expected].reverse());
      }
    }
    // An id alone is no cursor for words ranked by relevance: it has no score to go on from; and a
    // scored one is none for a search without words, which goes newest first.
    expectError(await search(alice.client, { q: 'thread', cursor: under.id }), INVALID_CURSOR);
    expectError(
      await search(alice.client, { community: place.name, cursor: `2.1_${Date.now()}_${under.id}` }),
      INVALID_CURSOR,
    );
  });

  it('walks results made weeks and months apart, each once, in both sorts and time windows', async () => {
    // Searches read the newest days and weeks first and older ones only when those do not fill what is
    // needed (decisions §44, "Candidates"): these rows lie in each span, ids and times as if made back then.
    const w = word();
    const recent = [(await post(alice, `${w} today`)).id, (await post(bob, `${w} today too`)).id];
    const source = await post(alice, `${w} the model`, { body: `${w} in the body` });
    const made = [...recent, source.id];
    for (const daysAgo of [3, 20, 20, 60, 300, 300]) {
      const at = Date.now() - daysAgo * 86_400_000 - made.length * 1000;
      const id = (BigInt(at) * 1_000_000n).toString(16).padStart(16, '0') + 'abcdef01';
      const publicId = `Zs${made.length}${'x'.repeat(5)}`;
      await t.db
        .insertInto('posts')
        .columns(['id', 'type', 'public_id', 'user_id', 'community_id', 'title', 'body', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('posts')
            .select([
              eb.val(id).as('id'),
              'type',
              eb.val(publicId).as('public_id'),
              'user_id',
              'community_id',
              'title',
              'body',
              eb.val(new Date(at)).as('created_at'),
            ])
            .where('id', '=', source.id),
        )
        .execute();
      made.push(id);
    }
    const newest = [...made].sort().reverse();
    for (const sort of ['relevance', 'new']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: any = ok(
          await search(alice.client, { q: w, sort, limit: '2', ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...page.results.map((r: any) => r.item.id));
        cursor = page.next;
        pages++;
      } while (cursor && pages < 10);
      expect(seen.length, sort).toBe(made.length);
      expect(new Set(seen), sort).toEqual(new Set(made));
      if (sort === 'new') expect(seen).toEqual(newest);
    }
    expect(await ids(alice.client, { q: w, sort: 'new', t: 'month' })).toEqual(newest.slice(0, 6));
    expect(await ids(alice.client, { q: w, sort: 'new', t: 'week' })).toEqual(newest.slice(0, 4));
    expect(await ids(alice.client, { q: w, sort: 'new', t: 'year', limit: '50' })).toEqual(newest);
    expect(await ids(alice.client, { q: w, sort: 'new', author: bob.user.username })).toEqual([recent[1]]);
  });

  it('ranks the newest 1,000 matches when more match, wherever the spans fall', async () => {
    // Relevance ranks at most the newest RANKED matches (decisions §44): 1,200 here, one every two hours
    // back about 100 days, ids and times as if made then, so that they fill several spans.
    const w = word();
    const source = await post(alice, `${w} the model`);
    await copiesBackInTime(source.id, 'abcd', 'R');
    const { rows } = await sql<{ id: string }>`
      SELECT p.id FROM posts p JOIN post_search s ON s.post_id = p.id
      WHERE s.doc @@ plainto_tsquery('english', ${w}) ORDER BY p.id DESC LIMIT 1000`.execute(t.db);
    expect(rows).toHaveLength(1000);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = ok(
        await search(alice.client, { q: w, sort: 'relevance', limit: '50', ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...page.results.map((r: any) => r.item.id));
      cursor = page.next;
    } while (cursor && seen.length <= 1200);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('ranks the same newest 1,000 of several words read span by span or all at once', async () => {
    // Several words that few rows can hold are read in one span once the table's statistics say so
    // (decisions §44, readsAllAtOnce); before ANALYZE, span by span. Both must give the same candidates.
    const [w1, w2] = [word(), word()];
    const source = await post(alice, `${w1} and ${w2}`, { body: `${w2} again` });
    await copiesBackInTime(source.id, 'abce', 'S');
    const walk = async (client: TestClient) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = ok(
          await search(client, { q: `${w1} ${w2}`, limit: '50', ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...page.results.map((r: any) => r.item.id));
        cursor = page.next;
      } while (cursor && seen.length <= 1200);
      return seen;
    };
    const spanBySpan = await walk(alice.client);
    await sql`ANALYZE post_search`.execute(t.db);
    // Another app on the same database: a process that has not read the statistics yet.
    const queries = new QueryCounter();
    const second = await createTestApp({}, { database: t.database, queries });
    try {
      const client = second.client();
      const statements = await queries.during(() => search(client, { q: `${w1} ${w2}`, limit: '50' }));
      expect(statements.some((s) => s.includes('pg_stats'))).toBe(true);
      expect(statements.some((s) => /^\s*EXPLAIN/i.test(s))).toBe(false);
      const atOnce = await walk(client);
      expect(atOnce).toHaveLength(1000);
      expect(atOnce).toEqual(spanBySpan);
      const { rows } = await sql<{ id: string }>`
        SELECT post_id AS id FROM post_search
        WHERE doc @@ plainto_tsquery('english', ${`${w1} ${w2}`}) ORDER BY post_id DESC LIMIT 1000`.execute(
        t.db,
      );
      expect(new Set(atOnce)).toEqual(new Set(rows.map((r) => r.id)));
    } finally {
      await second.close();
    }
  });
});

describe('the operator setting', () => {
  it('answers 404 search_off while the site keeps the external web search (SEARCH=external)', async () => {
    // The app reads its settings object on each request; a second app would mean a second database.
    t.config.search = 'external';
    try {
      expectError(await search(bob.client, { q: 'anything' }), { status: 404, code: 'search_off' });
      // Whatever else the request says: the route is off, not the request wrong.
      for (const params of [{ type: 'bad' }, { limit: '999' }, { sort: 'best' }, { cursor: 'x' }] as Record<
        string,
        string
      >[]) {
        expectError(await search(bob.client, params), { status: 404, code: 'search_off' });
      }
    } finally {
      t.config.search = 'builtin';
    }
    expect((await search(bob.client, { q: 'anything' })).status).toBe(200);
  });
});

describe('upgrading a site with posts and comments (migration 0017)', () => {
  it('composes the stored text and makes again the documents of words in angle brackets', async () => {
    const database = await openEmptyDatabase();
    try {
      const db = database.db;
      await db.transaction().execute((trx) => applyMigrations(trx, { to: 16 }));
      const [user, community, decomposed, tagged, grows, comment] = [1, 2, 3, 4, 5, 6].map(() => newId()) as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      await sql`INSERT INTO users (id, username, password) VALUES (${user}, 'before', 'x')`.execute(db);
      await sql`INSERT INTO communities (id, user_id, name) VALUES (${community}, ${user}, 'old')`.execute(
        db,
      );
      const post = (id: string, publicId: string, title: string, body: string) =>
        sql`INSERT INTO posts (id, type, public_id, user_id, community_id, title, body)
          VALUES (${id}, 'text', ${publicId}, ${user}, ${community}, ${title}, ${body})`.execute(db);
      await post(decomposed, 'pubAAAA1', 'Le cafe\u0301 du coin', 'cre\u0300me');
      await post(tagged, 'pubAAAA2', 'The <dialog> element', 'a<b or x>y');
      // Composed, U+0958 is two code points: 200 of them would no longer fit a title.
      await post(grows, 'pubAAAA3', '\u0958'.repeat(200), '');
      await sql`INSERT INTO comments (id, post_id, community_id, user_id, depth, body)
        VALUES (${comment}, ${tagged}, ${community}, ${user}, 0, 'the\u0301 <input>')`.execute(db);
      const found = async (table: 'post_search' | 'comment_search', query: string) =>
        (
          await sql<{
            id: string;
          }>`SELECT ${sql.ref(table === 'post_search' ? 'post_id' : 'comment_id')} AS id
            FROM ${sql.table(table)} WHERE doc @@ websearch_to_tsquery('english', ${query})`.execute(db)
        ).rows.map((r) => r.id);
      expect(await found('post_search', 'dialog')).toEqual([]);

      expect(await db.transaction().execute((trx) => applyMigrations(trx, { to: 17 }))).toEqual([
        '0017_search_text',
      ]);
      const texts = await sql<{
        id: string;
        title: string;
        body: string;
      }>`SELECT id, title, body FROM posts`.execute(db);
      const byId = new Map(texts.rows.map((r) => [r.id, r]));
      expect(byId.get(decomposed)).toMatchObject({ title: 'Le caf\u00e9 du coin', body: 'cr\u00e8me' });
      expect(byId.get(grows)!.title).toBe('\u0958'.repeat(200));
      expect(await found('post_search', 'caf\u00e9')).toEqual([decomposed]);
      expect(await found('post_search', 'dialog')).toEqual([tagged]);
      expect(await found('post_search', 'b')).toEqual([tagged]);
      expect(await found('comment_search', 'th\u00e9 input')).toEqual([comment]);
    } finally {
      await database.close();
    }
  });
});
