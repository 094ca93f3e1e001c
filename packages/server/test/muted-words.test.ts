import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_SORTS } from '@commons/shared';
import { type Member, guest, member, newCommunity } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';
import { NOT_LOGGED_IN } from './api-errors.js';

/**
 * Muted words, an addition to the contract (README, API notes): the routes, their bad input, isolation
 * between members, and what the words do to feeds (every feed that leaves out muted authors, DOMAIN §2.2).
 */

const EMPTY = { status: 400, code: 'muted-word-empty', message: 'Word cannot be empty.' };
const TOO_LONG = {
  status: 400,
  code: 'muted-word-too-long',
  message: 'A muted word can be at most 100 characters long.',
};
const FULL = { status: 403, code: 'limit-reached', message: 'You can mute at most 100 words.' };
const INVALID_WORD_ID = { status: 400, code: 'invalid-muted-word-id', message: 'Invalid muted word ID.' };
const INVALID_JSON = { status: 400, code: 'invalid_json' };
const SUCCESS = { success: true };

let t: TestApp;
let creator: Member;

beforeAll(async () => {
  t = await createTestApp();
  creator = await member(t, { isAdmin: true, points: 1000 });
});
afterAll(() => t.close());

function expectError(res: TestResponse, error: { status: number; code: string; message?: string }) {
  expect(res.status, res.text).toBe(error.status);
  expect(res.json).toMatchObject(error);
}

function ok(res: TestResponse): any {
  expect(res.status, res.text).toBe(200);
  return res.json;
}

const words = async (client: TestClient) => ok(await client.get('/api/muted_words'));
const addWord = (client: TestClient, word: unknown) => client.post('/api/muted_words', { word });
const texts = (list: any[]) => list.map((w) => w.word);

describe('the muted words API', () => {
  it('needs login on every route', async () => {
    const visitor = await guest(t);
    for (const res of [
      await visitor.get('/api/muted_words'),
      await addWord(visitor, 'cat'),
      await visitor.delete('/api/muted_words'),
      await visitor.delete('/api/muted_words/1'),
    ]) {
      expectError(res, NOT_LOGGED_IN);
    }
  });

  it('adds trimmed words once whatever their case, lists them oldest first, removes one and all', async () => {
    const viewer = await member(t);
    expect(await words(viewer.client)).toEqual([]);

    const first = ok(await addWord(viewer.client, '  Cat  '));
    expect(first).toEqual([{ id: expect.any(Number), word: 'Cat', createdAt: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(first[0].createdAt))).toBe(false);
    // A duplicate in another case, or with other spacing, is not an error and changes nothing.
    expect(ok(await addWord(viewer.client, 'cAT'))).toEqual(first);
    ok(await addWord(viewer.client, 'new   york\ttimes'));
    expect(ok(await addWord(viewer.client, 'New York Times'))).toHaveLength(2);
    const list = ok(await addWord(viewer.client, 'c++'));
    expect(texts(list)).toEqual(['Cat', 'new york times', 'c++']);
    expect(await words(viewer.client)).toEqual(list);

    expect(ok(await viewer.client.delete(`/api/muted_words/${list[1].id}`))).toEqual(SUCCESS);
    expect(texts(await words(viewer.client))).toEqual(['Cat', 'c++']);
    // Removing it again is not an error.
    expect(ok(await viewer.client.delete(`/api/muted_words/${list[1].id}`))).toEqual(SUCCESS);

    expect(ok(await viewer.client.delete('/api/muted_words'))).toEqual([]);
    expect(await words(viewer.client)).toEqual([]);
  });

  it('refuses empty, too long and malformed input, changing nothing', async () => {
    const viewer = await member(t);
    ok(await addWord(viewer.client, 'kept'));
    expectError(await addWord(viewer.client, ''), EMPTY);
    expectError(await addWord(viewer.client, ' \n\t '), EMPTY);
    expectError(await viewer.client.post('/api/muted_words', {}), EMPTY);
    expectError(await addWord(viewer.client, 'x'.repeat(101)), TOO_LONG);
    // The limit counts characters, not bytes or UTF-16 units; surrounding spaces are trimmed first.
    ok(await addWord(viewer.client, ` ${'é'.repeat(50)}${'😀'.repeat(50)} `));
    expectError(await addWord(viewer.client, 42), INVALID_JSON);
    expectError(await addWord(viewer.client, ['cat']), INVALID_JSON);
    expectError(await addWord(viewer.client, null), INVALID_JSON);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '%20']) {
      expectError(await viewer.client.delete(`/api/muted_words/${id}`), INVALID_WORD_ID);
    }
    // A number beyond any id names no word.
    expect(ok(await viewer.client.delete('/api/muted_words/99999999999'))).toEqual(SUCCESS);
    expect(texts(await words(viewer.client))).toEqual(['kept', `${'é'.repeat(50)}${'😀'.repeat(50)}`]);
  });

  it('keeps at most 100 words; a duplicate at the limit is still fine', async () => {
    const viewer = await member(t);
    for (let i = 0; i < 100; i++) ok(await addWord(viewer.client, `word${i}`));
    expectError(await addWord(viewer.client, 'one more'), FULL);
    expect(ok(await addWord(viewer.client, 'WORD7'))).toHaveLength(100);
    // Two at once at 99 words: only one of them gets the last place.
    ok(await viewer.client.delete(`/api/muted_words/${(await words(viewer.client))[0].id}`));
    const [a, b] = await Promise.all([addWord(viewer.client, 'last a'), addWord(viewer.client, 'last b')]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await words(viewer.client)).toHaveLength(100);
  });

  it('keeps each member to their own words', async () => {
    const one = await member(t);
    const other = await member(t);
    const [word] = ok(await addWord(one.client, 'private'));
    expect(await words(other.client)).toEqual([]);
    // Another member's id removes nothing, and clearing clears only one's own.
    expect(ok(await other.client.delete(`/api/muted_words/${word.id}`))).toEqual(SUCCESS);
    ok(await addWord(other.client, 'theirs'));
    ok(await other.client.delete('/api/muted_words'));
    expect(texts(await words(one.client))).toEqual(['private']);
  });
});

describe('what muted words do to feeds', () => {
  const post = async (author: Member, community: any, title: string, body?: string) =>
    ok(
      await author.client.post('/api/posts', {
        type: 'text',
        title,
        ...(body === undefined ? {} : { body }),
        community: community.name,
      }),
    );
  const feedIds = async (client: TestClient, query: string) =>
    new Set(ok(await client.get(`/api/posts?${query}&limit=50`)).posts.map((p: any) => p.id as string));

  it('hides whole words and phrases in titles and bodies, in any case, through punctuation and markdown', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const community = await newCommunity(creator.client);
    const hidden = [
      await post(author, community, 'Cat pictures'),
      await post(author, community, 'Look at a cat.'),
      await post(author, community, 'Plain title', 'Body with **cat** in bold'),
      await post(author, community, 'Another title', 'A [cat](https://example.com) link'),
      await post(author, community, 'Underscores', 'Some _cat_ in italics'),
      await post(author, community, 'CAT!'),
      await post(author, community, 'I read the New York\nTimes today'),
      await post(author, community, 'Plain', 'written in C++, mostly'),
    ];
    const shown = [
      await post(author, community, 'A category of its own'),
      await post(author, community, 'Concatenate strings'),
      await post(author, community, 'Cats and dogs'),
      await post(author, community, 'New York, but not the paper', 'times change'),
      await post(author, community, 'Plain text', 'written in C, mostly; c+ is not a thing'),
    ];
    const query = `feed=community&communityId=${community.id}&sort=latest`;
    const before = await feedIds(viewer.client, query);
    for (const p of [...hidden, ...shown]) expect(before.has(p.id)).toBe(true);

    for (const w of ['cat', 'new york times', 'c++']) ok(await addWord(viewer.client, w));
    const after = await feedIds(viewer.client, query);
    for (const p of hidden) expect(after.has(p.id), p.title).toBe(false);
    for (const p of shown) expect(after.has(p.id), p.title).toBe(true);

    // The post page still opens; others' feeds are not affected.
    expect(ok(await viewer.client.get(`/api/posts/${hidden[0].publicId}`)).id).toBe(hidden[0].id);
    const others = await feedIds(author.client, query);
    for (const p of hidden) expect(others.has(p.id)).toBe(true);

    ok(await viewer.client.delete('/api/muted_words'));
    const again = await feedIds(viewer.client, query);
    for (const p of hidden) expect(again.has(p.id)).toBe(true);
  });

  it('decides by the same whole words inside links, symbols and emoji, and follows edits', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const community = await newCommunity(creator.client);
    const hidden = [
      await post(author, community, 'Trip report', 'Photos at https://example.com/kayak-trips/2026'),
      await post(author, community, 'Pizza night 🍕 again'),
      await post(author, community, 'Hot   take: tabs', 'nothing else'),
      await post(author, community, 'Rust or C++?'),
    ];
    const shown = [
      await post(author, community, 'Kayaks for sale'),
      await post(author, community, 'A take that is hot'),
      await post(author, community, 'Learning C first'),
      await post(author, community, 'No food here'),
    ];
    const query = `feed=community&communityId=${community.id}&sort=latest`;
    for (const w of ['KAYAK', '🍕', 'hot take', 'c++']) ok(await addWord(viewer.client, w));
    const after = await feedIds(viewer.client, query);
    for (const p of hidden) expect(after.has(p.id), p.title).toBe(false);
    for (const p of shown) expect(after.has(p.id), p.title).toBe(true);

    // An edit that adds a muted word hides the post; one that takes it out shows it again.
    const edited = shown[3];
    ok(
      await author.client.put(`/api/posts/${edited.publicId}`, {
        title: edited.title,
        body: 'a kayak, finally',
      }),
    );
    expect((await feedIds(viewer.client, query)).has(edited.id)).toBe(false);
    ok(await author.client.put(`/api/posts/${edited.publicId}`, { title: edited.title, body: 'no boats' }));
    expect((await feedIds(viewer.client, query)).has(edited.id)).toBe(true);
  });

  it('matches accented words whichever way the accents were typed, composed or decomposed', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const community = await newCommunity(creator.client);
    // "café" with its accent as a combining mark after the e, as some keyboards and pastes send it.
    const decomposed = await post(author, community, 'Le cafe\u0301 du coin');
    const composed = await post(author, community, 'Un caf\u00e9 noir');
    const shown = await post(author, community, 'Cafeteria menus');
    ok(await addWord(viewer.client, 'caf\u00e9'));
    const query = `feed=community&communityId=${community.id}&sort=latest`;
    const after = await feedIds(viewer.client, query);
    expect(after.has(decomposed.id)).toBe(false);
    expect(after.has(composed.id)).toBe(false);
    expect(after.has(shown.id)).toBe(true);
  });

  it('applies to every sort of All, Subscriptions and a community, and not to Moderating', async () => {
    const viewer = await member(t, { points: 1000 });
    const author = await member(t);
    const community = await newCommunity(viewer.client);
    ok(await author.client.post('/api/_joinCommunity', { communityId: community.id }));
    const muted = await post(author, community, `Zebra ${community.name} news`);
    const kept = await post(author, community, `Giraffe ${community.name} news`);
    ok(await addWord(viewer.client, 'zebra'));
    const scopes = ['feed=all', 'feed=home', `feed=community&communityId=${community.id}`];
    for (const sort of FEED_SORTS) {
      for (const scope of scopes) {
        const ids = await feedIds(viewer.client, `${scope}&sort=${sort}`);
        expect(ids.has(kept.id), `${scope} ${sort}`).toBe(true);
        expect(ids.has(muted.id), `${scope} ${sort}`).toBe(false);
      }
      // The moderating feed shows everything in the viewer's communities, as it does for muted authors.
      const moderating = await feedIds(viewer.client, `feed=moderating&sort=${sort}`);
      expect(moderating.has(muted.id), `moderating ${sort}`).toBe(true);
    }
  });

  it('goes with the account when the member deletes it', async () => {
    const viewer = await member(t);
    ok(await addWord(viewer.client, 'gone'));
    ok(
      await viewer.client.delete(`/api/users/${viewer.user.username}`, {
        password: 'password123',
      }),
    );
    const rows = await t.db
      .selectFrom('muted_words')
      .selectAll()
      .where('user_id', '=', viewer.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
