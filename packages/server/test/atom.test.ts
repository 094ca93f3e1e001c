import { FEED_SORTS } from '@commons/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenNamed, parseAtom, parseXml, textOf, type XmlElement } from './atom-checker.js';
import { guest, member, newCommunity, uniqueName, uploadedImage, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient, type TestResponse } from './harness.js';

/**
 * The Atom feeds of issue 16: All, a community, a user's posts and a public list, in every sort; valid
 * Atom, escaped, a guest's view whatever cookies come, with validators that answer 304.
 */

let t: TestApp;
let admin: Member;
let author: Member;
let reader: Member;
let visitor: TestClient;
let community: any;
let textPost: any;
let linkPost: any;
let imagePost: any;
let removed: any;
let comment: any;

const EVIL_TITLE = 'Tom & Jerry <script>alert(1)</script> ]]> "quoted"';
const EVIL_BODY = [
  'Some **bold** & <script>alert("x")</script> raw html',
  '',
  'A [safe link](https://example.org/a?b=1&c=2) and a [bad one](javascript:alert(1)) and ]]> end.',
  '',
  'Control \u0001\u0008\u000b\u001f characters\uFFFE here. ![pic](/images/x.png)',
].join('\n');

function ok(res: TestResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.json;
}

async function post(client: TestClient, body: Record<string, unknown>): Promise<any> {
  return ok(await client.post('/api/posts', { community: community.name, ...body }));
}

function entries(feed: XmlElement): XmlElement[] {
  return childrenNamed(feed, 'entry');
}

function entryFor(feed: XmlElement, p: any): XmlElement | undefined {
  return entries(feed).find((e) => textOf(childrenNamed(e, 'id')[0]).endsWith(`:post:${p.id}`));
}

async function atom(
  url: string,
  client: TestClient = visitor,
): Promise<{ res: TestResponse; feed: XmlElement }> {
  const res = await client.get(url);
  expect(res.status, `${url}: ${res.text}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  return { res, feed: parseAtom(res.text) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, { isAdmin: true, points: 1000 });
  author = await member(t, { points: 1000 });
  reader = await member(t, { points: 1000 });
  visitor = await guest(t);
  community = await newCommunity(admin.client, uniqueName('c'), 'About <b>us</b> & co');
  textPost = await post(author.client, { type: 'text', title: EVIL_TITLE, body: EVIL_BODY });
  linkPost = await post(author.client, {
    type: 'link',
    title: 'A link',
    url: 'http://192.0.2.1/page?a=1&b=2',
  });
  const imageId = await uploadedImage(t.db, author.user.id);
  imagePost = await post(author.client, { type: 'image', title: 'An image', images: [{ imageId }] });
  removed = await post(author.client, { type: 'text', title: 'Removed by a moderator', body: 'gone' });
  ok(await admin.client.delete(`/api/posts/${removed.publicId}?deleteAs=mods`));
  comment = ok(
    await reader.client.post(`/api/posts/${linkPost.publicId}/comments`, {
      body: 'A comment with <i>html</i> & *stars*',
    }),
  );
});

afterAll(() => t?.close());

describe('the feeds', () => {
  it('All and a community, in every feed sort, are valid Atom with the posts a guest sees', async () => {
    for (const sort of FEED_SORTS) {
      for (const url of [
        `/api/feeds/all?sort=${sort}`,
        `/api/feeds/communities/${community.name}?sort=${sort}`,
      ]) {
        const { feed } = await atom(url);
        for (const p of [textPost, linkPost, imagePost])
          expect(entryFor(feed, p), `${url} ${p.title}`).toBeDefined();
        expect(entryFor(feed, removed), url).toBeUndefined();
      }
    }
    const { feed } = await atom(`/api/feeds/communities/${community.name.toUpperCase()}`);
    expect(textOf(childrenNamed(feed, 'title')[0])).toContain(`${community.name} (hot)`);
    expect(textOf(childrenNamed(feed, 'subtitle')[0])).toBe('About <b>us</b> & co');
    const self = childrenNamed(feed, 'link').find((l) => l.attrs.rel === 'self')!;
    expect(self.attrs.href, JSON.stringify(self.attrs)).toMatch(
      new RegExp(`/api/feeds/communities/${community.name}$`),
    );
  });

  it("a user's posts, in every feed sort, newest first by default", async () => {
    for (const sort of ['', ...FEED_SORTS]) {
      const { feed } = await atom(`/api/feeds/users/${author.user.username}${sort ? `?sort=${sort}` : ''}`);
      const ids = entries(feed).map((e) => textOf(childrenNamed(e, 'id')[0]));
      expect(ids.length, sort).toBe(3);
      if (!sort || sort === 'latest') expect(ids[0]).toMatch(new RegExp(`:post:${imagePost.id}$`));
    }
    const { feed } = await atom(`/api/feeds/users/${reader.user.username}`);
    expect(entries(feed)).toHaveLength(0);
  });

  it("a list's feed follows its items and edits at once, though they empty no cached pages", async () => {
    const name = 'fresh';
    const list = ok(
      await reader.client.post(`/api/users/${reader.user.username}/lists`, { name, public: true }),
    ).find((l: any) => l.name === name);
    const url = `/api/feeds/users/${reader.user.username}/lists/${name}`;
    expect(entries((await atom(url)).feed)).toHaveLength(0);
    const added = ok(
      await reader.client.post(`/api/lists/${list.id}/items`, { targetType: 'post', targetId: textPost.id }),
    );
    const { res, feed } = await atom(url);
    expect(entryFor(feed, textPost)).toBeDefined();
    ok(await reader.client.delete(`/api/lists/${list.id}/items/${added.items[0].id}`));
    // Within the cache's lifetime, and asked as a reader that holds the last copy.
    const after = await visitor.get(url, { headers: { 'if-none-match': res.headers.etag as string } });
    expect(after.status).toBe(200);
    expect(entryFor(parseXml(after.text), textPost)).toBeUndefined();
    ok(await reader.client.put(`/api/lists/${list.id}`, { displayName: 'Fresh reads' }));
    expect(textOf(childrenNamed((await atom(url)).feed, 'title')[0])).toMatch(/^Fresh reads by @/);
  });

  it('a public list, with its posts and comments; a private list is not found', async () => {
    const lists = ok(
      await reader.client.post(`/api/users/${reader.user.username}/lists`, { name: 'reading', public: true }),
    );
    const list = lists.find((l: any) => l.name === 'reading');
    for (const item of [
      { targetType: 'post', targetId: textPost.id },
      { targetType: 'comment', targetId: comment.id },
      { targetType: 'post', targetId: removed.id },
    ]) {
      ok(await reader.client.post(`/api/lists/${list.id}/items`, item));
    }
    const { feed } = await atom(`/api/feeds/users/${reader.user.username}/lists/reading`);
    expect(entries(feed)).toHaveLength(2);
    expect(entryFor(feed, textPost)).toBeDefined();
    const onComment = entries(feed).find((e) =>
      textOf(childrenNamed(e, 'id')[0]).endsWith(`:comment:${comment.id}`),
    )!;
    expect(childrenNamed(onComment, 'link')[0]!.attrs.href).toMatch(
      new RegExp(`/${community.name}/post/${linkPost.publicId}/${comment.id}$`),
    );
    expect(textOf(childrenNamed(onComment, 'summary')[0])).toBe(
      '<p>A comment with html &amp; <em>stars</em></p>',
    );
    expect(
      (await visitor.get(`/api/feeds/users/${reader.user.username}/lists/reading?sort=addedAsc`)).status,
    ).toBe(200);

    // A saved comment whose post is removed afterwards leaves the feed with it.
    const later = ok(
      await reader.client.post(`/api/users/${reader.user.username}/lists`, { name: 'later', public: true }),
    ).find((l: any) => l.name === 'later');
    const soonRemoved = await post(author.client, { type: 'text', title: 'Soon removed', body: 'Text.' });
    const onRemoved = ok(
      await reader.client.post(`/api/posts/${soonRemoved.publicId}/comments`, { body: 'Saved, then gone' }),
    );
    for (const item of [
      { targetType: 'comment', targetId: onRemoved.id },
      { targetType: 'comment', targetId: comment.id },
    ]) {
      ok(await reader.client.post(`/api/lists/${later.id}/items`, item));
    }
    ok(await admin.client.delete(`/api/posts/${soonRemoved.publicId}?deleteAs=mods`));
    const ids = entries((await atom(`/api/feeds/users/${reader.user.username}/lists/later`)).feed).map((e) =>
      textOf(childrenNamed(e, 'id')[0]),
    );
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(new RegExp(`:comment:${comment.id}$`));

    // A comment under a post its author deleted stays, as it stays on the post's page.
    const soonDeleted = await post(author.client, { type: 'text', title: 'Soon deleted', body: 'Text.' });
    const onDeleted = ok(
      await reader.client.post(`/api/posts/${soonDeleted.publicId}/comments`, { body: 'Saved, then kept' }),
    );
    ok(
      await reader.client.post(`/api/lists/${later.id}/items`, {
        targetType: 'comment',
        targetId: onDeleted.id,
      }),
    );
    ok(await author.client.delete(`/api/posts/${soonDeleted.publicId}?deleteAs=normal`));
    const kept = entries((await atom(`/api/feeds/users/${reader.user.username}/lists/later`)).feed);
    expect(kept.map((e) => textOf(childrenNamed(e, 'id')[0]))).toEqual([
      expect.stringMatching(new RegExp(`:comment:${onDeleted.id}$`)),
      expect.stringMatching(new RegExp(`:comment:${comment.id}$`)),
    ]);
    // Once an admin purges that post's content, it is a removal: the comment leaves.
    ok(await admin.client.delete(`/api/posts/${soonDeleted.publicId}?deleteAs=admins&deleteContent=true`));
    const purged = entries((await atom(`/api/feeds/users/${reader.user.username}/lists/later`)).feed);
    expect(purged.map((e) => textOf(childrenNamed(e, 'id')[0]))).toEqual([
      expect.stringMatching(new RegExp(`:comment:${comment.id}$`)),
    ]);

    ok(await reader.client.put(`/api/lists/${list.id}`, { public: false }));
    for (const client of [visitor, reader.client]) {
      const res = await client.get(`/api/feeds/users/${reader.user.username}/lists/reading`);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('list-not-found');
    }
  });

  it('refuses unknown communities, users and lists, bad sorts and limits', async () => {
    const cases: [string, number, string][] = [
      ['/api/feeds/communities/nosuchcommunity', 404, 'community/not-found'],
      ['/api/feeds/users/nosuchuser', 404, 'user_not_found'],
      [`/api/feeds/users/${author.user.username}/lists/nosuchlist`, 404, 'list-not-found'],
      ['/api/feeds/all?sort=best', 400, 'invalid-sort'],
      [`/api/feeds/communities/${community.name}?sort=top`, 400, 'invalid-sort'],
      [`/api/feeds/users/${author.user.username}?sort=hotter`, 400, 'invalid-sort'],
      [`/api/feeds/users/${reader.user.username}/lists/bookmarks?sort=hot`, 400, 'invalid-list-sort'],
      ['/api/feeds/all?limit=0', 400, 'invalid_limit'],
      ['/api/feeds/all?limit=51', 400, 'invalid_limit'],
    ];
    for (const [url, status, code] of cases) {
      const res = await visitor.get(url);
      expect(res.status, url).toBe(status);
      expect(res.json.code, url).toBe(code);
    }
    expect((await visitor.post('/api/feeds/all', {})).status).toBe(400);
  });

  it('limits the entries to `limit`', async () => {
    const { feed } = await atom('/api/feeds/all?sort=latest&limit=2');
    expect(entries(feed)).toHaveLength(2);

    // A list's pages hold whole seconds: four items added in one second are still two entries.
    const list = ok(
      await reader.client.post(`/api/users/${reader.user.username}/lists`, { name: 'burst', public: true }),
    ).find((l: any) => l.name === 'burst');
    const saved = [textPost, linkPost, imagePost];
    for (const p of saved)
      ok(await reader.client.post(`/api/lists/${list.id}/items`, { targetType: 'post', targetId: p.id }));
    ok(
      await reader.client.post(`/api/lists/${list.id}/items`, {
        targetType: 'comment',
        targetId: comment.id,
      }),
    );
    await t.db
      .updateTable('list_items')
      .set({ created_at: new Date('2026-01-02T03:04:05.000Z') })
      .where('list_id', '=', list.id)
      .execute();
    for (const limit of [1, 2, 3]) {
      const listFeed = (await atom(`/api/feeds/users/${reader.user.username}/lists/burst?limit=${limit}`))
        .feed;
      expect(entries(listFeed)).toHaveLength(limit);
    }

    // A page of the list that stops before a second it would split, or loses a removed post, is
    // followed by the next: newest first, a removed post, three posts a second each, then three in one.
    const spread = ok(
      await reader.client.post(`/api/users/${reader.user.username}/lists`, { name: 'spread', public: true }),
    ).find((l: any) => l.name === 'spread');
    const more = [];
    for (const n of [1, 2, 3]) more.push(await post(author.client, { type: 'text', title: `More ${n}` }));
    const seconds: [any, string][] = [
      ...saved.map((p): [any, string] => [p, '2026-01-02T03:04:05.000Z']),
      ...more.map((p, i): [any, string] => [p, `2026-01-02T03:04:0${6 + i}.000Z`]),
      [removed, '2026-01-02T03:04:09.000Z'],
    ];
    for (const [p, at] of seconds) {
      ok(await reader.client.post(`/api/lists/${spread.id}/items`, { targetType: 'post', targetId: p.id }));
      await t.db
        .updateTable('list_items')
        .set({ created_at: new Date(at) })
        .where('list_id', '=', spread.id)
        .where('target_id', '=', p.id)
        .execute();
    }
    const spreadPath = `/api/feeds/users/${reader.user.username}/lists/spread`;
    for (const limit of [3, 4, 5, 6]) {
      expect(entries((await atom(`${spreadPath}?limit=${limit}`)).feed)).toHaveLength(limit);
    }
    const titles = (feed: XmlElement) => entries(feed).map((e) => textOf(childrenNamed(e, 'title')[0]));
    expect(titles((await atom(`${spreadPath}?limit=4`)).feed).slice(0, 3)).toEqual([
      'More 3',
      'More 2',
      'More 1',
    ]);

    // Pinned posts come first, as on the site, and count towards the limit.
    const pinned = await post(author.client, { type: 'text', title: 'Pinned here' });
    ok(await admin.client.put(`/api/posts/${pinned.publicId}?action=pin`));
    const community1 = (await atom(`/api/feeds/communities/${community.name}?limit=1`)).feed;
    expect(titles(community1)).toEqual(['Pinned here']);
    expect(entries((await atom(`/api/feeds/communities/${community.name}?limit=3`)).feed)).toHaveLength(3);
    ok(await admin.client.put(`/api/posts/${pinned.publicId}?action=pin&siteWide=true`));
    expect(entries((await atom('/api/feeds/all?limit=2')).feed)).toHaveLength(2);
    ok(await admin.client.put(`/api/posts/${pinned.publicId}?action=unpin&siteWide=true`));
    ok(await admin.client.put(`/api/posts/${pinned.publicId}?action=unpin`));
  });
});

describe('entries', () => {
  it('escape titles and summaries, render the markdown by the site rules, and strip what XML cannot hold', async () => {
    const { res, feed } = await atom(`/api/feeds/communities/${community.name}?sort=latest`);
    // The raw document: no markup from the post, no CDATA end, no control characters.
    expect(res.text).not.toContain('<script');
    expect(res.text).not.toContain(']]>');
    const notXml = [...res.text].filter((ch) => {
      const code = ch.codePointAt(0)!;
      return (code < 0x20 && ![0x9, 0xa, 0xd].includes(code)) || code === 0xfffe || code === 0xffff;
    });
    expect(notXml).toEqual([]);
    const entry = entryFor(feed, textPost)!;
    expect(textOf(childrenNamed(entry, 'title')[0])).toBe(EVIL_TITLE);
    const summary = childrenNamed(entry, 'summary')[0]!;
    expect(summary.attrs.type).toBe('html');
    // Once decoded from XML, the summary is HTML whose own text is escaped: raw HTML skipped.
    const html = textOf(summary);
    // As on the site: the tags are skipped, the text between them stays (escaped).
    expect(html).toContain('<p>Some <strong>bold</strong> &amp; alert(&quot;x&quot;) raw html</p>');
    expect(html).not.toContain('<script');
    expect(html).toContain('<a href="https://example.org/a?b=1&amp;c=2">safe link</a>');
    expect(html).toContain('and a bad one and ]]&gt; end.');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Control  characters here.');
    expect(html).toContain(`<a href="http://localhost/images/x.png">Image: pic</a>`);
    // The HTML itself parses as markup (each element closed).
    expect(() => parseXml(`<div>${html}</div>`)).not.toThrow();

    expect(childrenNamed(entry, 'link')[0]!.attrs).toEqual({
      rel: 'alternate',
      type: 'text/html',
      href: `http://localhost/${community.name}/post/${textPost.publicId}`,
    });
    const author_ = childrenNamed(entry, 'author')[0]!;
    expect(textOf(childrenNamed(author_, 'name')[0])).toBe(author.user.username);
    expect(textOf(childrenNamed(author_, 'uri')[0])).toBe(`http://localhost/@${author.user.username}`);
    expect(textOf(childrenNamed(entry, 'id')[0])).toMatch(
      /^tag:localhost,\d{4}-\d\d-\d\d:post:[0-9a-f]{24}$/,
    );
    expect(textOf(childrenNamed(entry, 'published')[0])).toBe(textPost.createdAt.replace(/\.\d{3}Z$/, 'Z'));
  });

  it('link posts link to their target; image posts show their images', async () => {
    const { feed } = await atom(`/api/feeds/communities/${community.name}?sort=latest`);
    const link = entryFor(feed, linkPost)!;
    expect(childrenNamed(link, 'link').find((l) => l.attrs.rel === 'related')!.attrs.href).toBe(
      'http://192.0.2.1/page?a=1&b=2',
    );
    expect(textOf(childrenNamed(link, 'summary')[0])).toContain(
      '<a href="http://192.0.2.1/page?a=1&amp;b=2">192.0.2.1</a>',
    );
    const image = entryFor(feed, imagePost)!;
    const enclosure = childrenNamed(image, 'link').find((l) => l.attrs.rel === 'enclosure')!;
    expect(enclosure.attrs.href).toMatch(/^http:\/\/localhost\/.+/);
    expect(enclosure.attrs.length).toBe('100');
    expect(textOf(childrenNamed(image, 'summary')[0])).toMatch(
      /^<p><img src="http:\/\/localhost\/[^"]+" width="10" height="10" alt="" \/><\/p>$/,
    );
  });

  it('cut a long body, with a link to the rest', async () => {
    const long = await post(admin.client, { type: 'text', title: 'Long', body: 'word '.repeat(500) });
    const { feed } = await atom(`/api/feeds/users/${admin.user.username}`);
    const html = textOf(childrenNamed(entryFor(feed, long)!, 'summary')[0]);
    expect(html).toMatch(
      /^<p>(word ){399}word<\/p><p><a href="http:\/\/localhost\/[^"]+">Read more…<\/a><\/p>$/,
    );
  });

  it("is a guest's view whatever cookies come, and sets none", async () => {
    ok(await reader.client.post('/api/hidden_posts', { postId: textPost.id }));
    const res = await reader.client.get(`/api/feeds/communities/${community.name}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(entryFor(parseAtom(res.text), textPost)).toBeDefined();
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A feed once its text has been current for a whole second, so that it carries Last-Modified (a date
 * within the second of a change is not sent: it could not tell two texts of that second apart).
 */
async function settled(url: string): Promise<TestResponse> {
  const first = await visitor.get(url);
  expect(first.status, first.text).toBe(200);
  if (first.headers['last-modified']) return first;
  await sleep(1_100);
  const res = await visitor.get(url);
  expect(res.status).toBe(200);
  expect(res.headers.etag).toBe(first.headers.etag);
  expect(res.headers['last-modified']).toBeDefined();
  return res;
}

describe('caching', () => {
  it('sends validators, answers 304 to conditional requests, and 200 again after a new post', async () => {
    const url = `/api/feeds/communities/${community.name}?sort=latest`;
    const res = await settled(url);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);

    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-modified-since': lastModified },
      { 'if-none-match': etag, 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
    ];
    for (const headers of conditions) {
      const again = await visitor.get(url, { headers });
      expect(again.status, JSON.stringify(headers)).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    // A tag that does not match decides, whatever the date says.
    expect(
      (await visitor.get(url, { headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } }))
        .status,
    ).toBe(200);
    expect(
      (await visitor.get(url, { headers: { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status,
    ).toBe(200);

    const fresh = await post(author.client, { type: 'text', title: 'Something new', body: 'news' });
    const after = await visitor.get(url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(entryFor(parseAtom(after.text), fresh)).toBeDefined();
    const head = await visitor.request('HEAD', url, {
      headers: { 'if-none-match': after.headers.etag as string },
    });
    expect(head.status).toBe(304);
  });

  it('answers If-Modified-Since honestly when an older post enters a hot, top or new page', async () => {
    const place = await newCommunity(admin.client);
    for (let i = 0; i < 4; i++) {
      ok(
        await author.client.post('/api/posts', {
          community: place.name,
          type: 'text',
          title: `Post number ${i}`,
          body: 'x',
        }),
      );
    }
    for (const sort of ['hot', 'all', 'latest']) {
      const url = `/api/feeds/communities/${place.name}?sort=${sort}&limit=1`;
      const before = await settled(url);
      const lastModified = before.headers['last-modified'] as string;
      const [shown] = entries(parseAtom(before.text));
      const id = textOf(childrenNamed(shown!, 'id')[0]).split(':post:')[1];
      const publicId = (
        await t.db.selectFrom('posts').select('public_id').where('id', '=', id!).executeTakeFirstOrThrow()
      ).public_id;
      // The newest entry on the page leaves; an older one takes its place, no entry newer than before.
      ok(await admin.client.delete(`/api/posts/${publicId}?deleteAs=admins`));
      const after = await visitor.get(url, { headers: { 'if-modified-since': lastModified } });
      expect(after.status, sort).toBe(200);
      const [next] = entries(parseAtom(after.text));
      expect(textOf(childrenNamed(next!, 'id')[0]), sort).not.toContain(`:post:${id}`);
      // If-None-Match decides over If-Modified-Since, either way.
      const both = await visitor.get(url, {
        headers: {
          'if-none-match': before.headers.etag as string,
          'if-modified-since': new Date().toUTCString(),
        },
      });
      expect(both.status, sort).toBe(200);
    }
  });

  it('keeps Last-Modified while the text stays the same, through the cache being emptied', async () => {
    const url = `/api/feeds/communities/${community.name}?sort=hot&limit=2`;
    const before = await settled(url);
    // A write elsewhere empties the read cache: the feed is made again, the same text.
    const place = await newCommunity(admin.client);
    ok(
      await author.client.post('/api/posts', {
        community: place.name,
        type: 'text',
        title: 'Elsewhere',
        body: 'x',
      }),
    );
    const after = await visitor.get(url, {
      headers: { 'if-modified-since': before.headers['last-modified'] as string },
    });
    expect(after.status).toBe(304);
    expect(after.headers['last-modified']).toBe(before.headers['last-modified']);
    expect(after.headers.etag).toBe(before.headers.etag);
  });
});
