import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@commons/shared/texts/api';
import { member, newCommunity, uniqueName, type Member } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';

/** The first screen's data in the page (web/first-screen.ts): what each visitor gets, and only they. */

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <title>Commons</title>
    <!--/app-head-->
    <script id="site-config" type="application/json">{}</script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Vite's build manifest, the parts route-preloads.ts reads. */
const VITE_MANIFEST = {
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_Feed.js': { file: 'assets/Feed-2.js', imports: ['_vendor.js'], css: ['assets/Feed-2.css'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-3.js',
    imports: ['_Feed.js', '_vendor.js'],
    css: ['assets/home-3.css'],
  },
  'src/app/routes/post.tsx': { file: 'assets/post-4.js', imports: ['_vendor.js'] },
  'src/app/routes/community.tsx': { file: 'assets/community-5.js', imports: ['_Feed.js'] },
};

/** The page's data blocks, by the API address each answers. */
function blocks(html: string): Map<string, any> {
  const found = new Map<string, any>();
  for (const m of html.matchAll(
    /<script type="application\/json" data-api="([^"]*)"[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    found.set(m[1]!.replace(/&amp;/g, '&'), JSON.parse(m[2]!));
  }
  return found;
}

let dist: string;
let t: TestApp;
let community: any;
let author: Member;
let voter: Member;
let other: Member;
let post: any;

async function textPost(client: TestClient, title: string): Promise<any> {
  const res = await client.post('/api/posts', {
    type: 'text',
    title,
    body: 'Body text',
    community: community.name,
  });
  if (res.status !== 200) throw new Error(`post: ${res.status} ${res.text}`);
  return res.json;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-first-screen-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(VITE_MANIFEST));
  t = await createTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
  author = await member(t, { isAdmin: true });
  voter = await member(t);
  other = await member(t);
  community = await newCommunity(author.client, uniqueName('fs'));
  post = await textPost(author.client, 'Tide tables for the week');
  const comment = await voter.client.post(`/api/posts/${post.publicId}/comments`, { body: 'First!' });
  expect(comment.status).toBe(200);
  expect((await voter.client.post('/api/_postVote', { postId: post.id, up: true })).status).toBe(200);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the first screen in the page', () => {
  it("gives a guest the bootstrap and the home feed, exactly the API's answers, in a private, no-store page", async () => {
    const client = t.client();
    const res = await client.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-service-worker-cache']).toBe('no-store');
    const data = blocks(res.text);
    expect([...data.keys()].sort()).toEqual(['/api/_initial', '/api/posts?sort=hot']);
    expect(data.get('/api/_initial').user).toBeNull();
    // The same shapes the API answers (the guest's feed from the same shared cache entry).
    expect(data.get('/api/_initial')).toEqual((await client.get('/api/_initial')).json);
    expect(data.get('/api/posts?sort=hot')).toEqual((await client.get('/api/posts?sort=hot')).json);
    // The session's CSRF token rides on the bootstrap block, as it does on _initial's answer.
    expect(res.text).toContain(`data-csrf-token="${res.headers['csrf-token'] as string}"`);
  });

  it('gives a post page the post with its community and first comments, as the API does', async () => {
    const client = t.client();
    const res = await client.get(`/${community.name}/post/${post.publicId}`);
    const data = blocks(res.text);
    const url = `/api/posts/${post.publicId}?fetchCommunity=true`;
    expect(data.get(url).title).toBe('Tide tables for the week');
    expect(data.get(url).comments.map((c: any) => c.body)).toEqual(['First!']);
    expect(data.get(url)).toEqual((await client.get(url)).json);
  });

  it('gives a community page the community and its feed', async () => {
    const res = await t.client().get(`/${community.name}`);
    const data = blocks(res.text);
    expect(data.get(`/api/communities/${community.name}?byName=true`).id).toBe(community.id);
    const feed = data.get(`/api/posts?sort=hot&communityId=${community.id}`);
    expect(feed.posts.map((p: any) => p.id)).toContain(post.id);
  });

  it("puts a member's own state in their own page only, and never in a guest's or another member's", async () => {
    const pages = {
      voter: await voter.client.get(`/${community.name}/post/${post.publicId}`),
      other: await other.client.get(`/${community.name}/post/${post.publicId}`),
      guest: await t.client().get(`/${community.name}/post/${post.publicId}`),
    };
    const url = `/api/posts/${post.publicId}?fetchCommunity=true`;
    const seen = Object.fromEntries(
      Object.entries(pages).map(([who, res]) => {
        expect(res.headers['cache-control'], who).toBe('private, no-store');
        const data = blocks(res.text);
        return [
          who,
          { user: data.get('/api/_initial').user?.username ?? null, vote: data.get(url).userVoted },
        ];
      }),
    );
    expect(seen).toEqual({
      voter: { user: voter.user.username, vote: true },
      other: { user: other.user.username, vote: false },
      guest: { user: null, vote: null },
    });
    // The same holds on the feeds, after the member's page filled nothing shared.
    const voterFeed = blocks((await voter.client.get(`/${community.name}`)).text);
    const guestFeed = blocks((await t.client().get(`/${community.name}`)).text);
    const key = `/api/posts?sort=hot&communityId=${community.id}`;
    expect(voterFeed.get(key).posts.find((p: any) => p.id === post.id).userVoted).toBe(true);
    expect(guestFeed.get(key).posts.find((p: any) => p.id === post.id).userVoted).toBeNull();
    expect(JSON.stringify([...guestFeed.values()])).not.toContain(voter.user.username);
  });

  it('escapes a title that tries to close the script element', async () => {
    const hostile = await textPost(author.client, '</script><script>alert(1)</script><!-- & "x"');
    const res = await t.client().get(`/${community.name}/post/${hostile.publicId}`);
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(res.text).not.toContain('<!-- &');
    const data = blocks(res.text);
    expect(data.get(`/api/posts/${hostile.publicId}?fetchCommunity=true`).title).toBe(
      '</script><script>alert(1)</script><!-- & "x"',
    );
  });

  it('leaves out what does not exist: the client asks and shows the error as before', async () => {
    const data = blocks((await t.client().get(`/${community.name}/post/zzzzzzzz`)).text);
    expect([...data.keys()]).toEqual(['/api/_initial']);
    const none = blocks((await t.client().get('/nosuchcommunity')).text);
    expect([...none.keys()]).toEqual(['/api/_initial']);
  });

  it('sends a page too large to compress in one go whole, compressed', async () => {
    // Past the compressor's synchronous size (8 KB on 2 cores) it streams; the page once ended empty.
    const long = await author.client.post('/api/posts', {
      type: 'text',
      title: 'A long read',
      body: 'The tide comes in twice a day. '.repeat(600),
      community: community.name,
    });
    expect(long.status).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/${community.name}/post/${long.json.publicId}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = zlib.gunzipSync(res.rawPayload).toString();
    expect(html.length).toBeGreaterThan(16_000);
    expect(blocks(html).get(`/api/posts/${long.json.publicId}?fetchCommunity=true`).title).toBe(
      'A long read',
    );
  });

  it('answers 400 to a Host header that names no host, for pages and feeds alike', async () => {
    for (const host of ['a b', 'x:99999', '[::1']) {
      for (const url of ['/', `/${community.name}`, '/api/feeds/all']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        // Pages answer their errors as text, the API as JSON.
        if (url.startsWith('/api/')) {
          expect(res.json()).toMatchObject({ code: 'invalid_request', message: apiMessages.invalidHost });
        } else {
          expect(res.body).toContain(apiMessages.invalidHost);
        }
      }
    }
    const good = await t.app.inject({
      method: 'GET',
      url: '/api/feeds/all',
      headers: { host: 'Good.Example' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('http://good.example/');
  });

  it("sends no data to the worker's shell request", async () => {
    const res = await t.client().get('/', { headers: { 'x-commons-shell': '1' } });
    expect(res.text).not.toContain('data-api=');
    expect(res.headers['x-service-worker-cache']).toBeUndefined();
  });

  it("preloads the route's chunks and styles that the entry does not load, after the entry", async () => {
    const home = (await t.client().get('/')).text;
    const links = [...home.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
      (m) => m[2],
    );
    expect(links).toEqual([
      '/assets/home-3.css',
      '/assets/Feed-2.css',
      '/assets/home-3.js',
      '/assets/Feed-2.js',
    ]);
    expect(home.indexOf('/assets/index-abc123.js')).toBeLessThan(home.indexOf('/assets/home-3.js'));
    const postPage = (await t.client().get(`/${community.name}/post/${post.publicId}`)).text;
    expect(postPage).toContain('<link rel="modulepreload" crossorigin href="/assets/post-4.js" />');
    expect(postPage).not.toContain('vendor-1.js"');
    expect((await t.client().get('/about')).text).not.toContain('modulepreload');
  });
});

/**
 * A stand-in for the web build's server entry (packages/web/src/entry-server.tsx, which the browser
 * journeys run for real): it shows what it was given, so the tests see what the server asks for and
 * where the markup goes. A location with `explode` in it fails, as a render with a bug would.
 */
const SERVER_ENTRY = `
export const ready = Promise.resolve();
export function mobileFromUserAgent(userAgent, hint) {
  return hint ?? /iPhone|Android|Mobile/.test(userAgent);
}
export function renderFirstScreen(input) {
  if (input.location.includes('explode')) throw new Error('a render with a bug');
  globalThis.__firstScreenRenders = (globalThis.__firstScreenRenders ?? 0) + 1;
  const user = input.answers.find((answer) => answer.url === '/api/_initial').json.user;
  const urls = input.answers.map((answer) => answer.url).join(' ').replace(/&/g, '&amp;');
  return '<main data-rendered data-location="' + input.location.replace(/&/g, '&amp;') + '" data-mobile="' + input.mobile +
    '" data-user="' + (user ? user.username : '') + '" style="color: red; content: &quot;x&quot;">' + urls + '</main>';
}
`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What the page's `#root` holds, or null when it is empty. */
function rootMarkup(html: string): string | null {
  const match = /<div id="root"([^>]*)>([\s\S]*?)<\/div>/.exec(html);
  // Shown inert and hidden from assistive technology until the client takes it over (index-html.ts).
  expect(match?.[1]).toBe(match?.[2] ? ' inert aria-hidden="true"' : '');
  return match?.[2] ? match[2] : null;
}

const renders = () => (globalThis as { __firstScreenRenders?: number }).__firstScreenRenders ?? 0;

describe("the first screen's markup, from the web build's server entry", () => {
  let ssrDist: string;
  let s: TestApp;

  beforeAll(async () => {
    ssrDist = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-server-render-'));
    fs.writeFileSync(path.join(ssrDist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(ssrDist, '.vite'));
    fs.writeFileSync(path.join(ssrDist, '.vite/manifest.json'), JSON.stringify(VITE_MANIFEST));
    fs.mkdirSync(path.join(ssrDist, '.ssr'));
    fs.writeFileSync(path.join(ssrDist, '.ssr/entry-server.js'), SERVER_ENTRY);
    s = await createTestApp({ WEB_DIST_DIR: ssrDist }, { serveWeb: true });
  });

  afterAll(async () => {
    await s.close();
    fs.rmSync(ssrDist, { recursive: true, force: true });
  });

  it("puts the render of the page's answers in #root, allows its style attributes, and applies the route's styles", async () => {
    const res = await s.client().get('/');
    const markup = rootMarkup(res.text);
    expect(markup).toContain('data-location="/"');
    expect(/>([^<]*)<\/main>/.exec(markup!)?.[1]?.split(' ').sort()).toEqual([
      '/api/_initial',
      '/api/posts?sort=hot',
    ]);
    expect(markup).toContain('data-user=""');
    // The data still rides along: the client's first render reads it to take the markup over.
    expect([...blocks(res.text).keys()].sort()).toEqual(['/api/_initial', '/api/posts?sort=hot']);
    const csp = res.headers['content-security-policy'] as string;
    const hash = crypto.createHash('sha256').update('color: red; content: "x"').digest('base64');
    expect(csp).toMatch(
      new RegExp(`style-src 'self' 'nonce-[^']+' 'unsafe-hashes' 'sha256-${escapeRegExp(hash)}';`),
    );
    expect(csp).toContain("script-src 'self'");
    // Shown before the scripts run, so the route's styles apply before the first paint.
    expect(res.text).toContain('<link rel="stylesheet" crossorigin href="/assets/home-3.css" />');
    expect(res.text).not.toContain('rel="preload" as="style"');
  });

  it('renders a post page and a community page, and no other page', async () => {
    const community = await newCommunity((await member(s, { isAdmin: true })).client, uniqueName('sr'));
    const page = await s.client().get(`/${community.name}`);
    expect(rootMarkup(page.text)).toContain(`/api/communities/${community.name}?byName=true`);
    expect(rootMarkup((await s.client().get('/about')).text)).toBeNull();
    // Nothing to show but the bootstrap: the client asks, and shows what it finds.
    expect(rootMarkup((await s.client().get(`/${community.name}/post/zzzzzzzz`)).text)).toBeNull();
    expect(rootMarkup((await s.client().get('/nosuchcommunity')).text)).toBeNull();
    expect(rootMarkup((await s.client().get('/communities')).text)).toBeNull();
  });

  it('renders a page once for every guest while its answers stay the same', async () => {
    await s.client().get('/all?sort=new');
    const before = renders();
    const pages = await Promise.all([1, 2, 3].map(() => s.client().get('/all?sort=new')));
    expect(renders()).toBe(before);
    expect(new Set(pages.map((p) => rootMarkup(p.text))).size).toBe(1);
  });

  it("renders a member's page for them alone, and never gives it to a guest", async () => {
    const reader = await member(s);
    const mine = rootMarkup((await reader.client.get('/all')).text);
    expect(mine).toContain(`data-user="${reader.user.username}"`);
    const guest = rootMarkup((await s.client().get('/all')).text);
    expect(guest).toContain('data-user=""');
    expect(guest).not.toContain(reader.user.username);
  });

  it("renders a guest's page only at the addresses guests share: its own, with no query or a sort alone", async () => {
    expect(rootMarkup((await s.client().get('/?sort=week')).text)).toContain('data-location="/?sort=week"');
    expect(rootMarkup((await s.client().get('/?page=2')).text)).toBeNull();
    expect(rootMarkup((await s.client().get('/?sort=hot&x=1')).text)).toBeNull();
    // A sort that does not exist, or two, would each be a page of its own.
    expect(rootMarkup((await s.client().get('/?sort=top')).text)).toBeNull();
    expect(rootMarkup((await s.client().get(`/?sort=${'x'.repeat(3000)}`)).text)).toBeNull();
    expect(rootMarkup((await s.client().get('/?sort=hot&sort=week')).text)).toBeNull();
    const reader = await member(s);
    expect(rootMarkup((await reader.client.get('/?page=2')).text)).toContain('data-location="/?page=2"');

    // A post and a community at their own addresses only: not another case, not under another
    // community's name, not with a comment's id (any id would do, each a render).
    const owner = await member(s, { isAdmin: true });
    const community = await newCommunity(owner.client, `SR${uniqueName('x')}`.slice(0, 21));
    const post = (
      await owner.client.post('/api/posts', { type: 'text', title: 'Shared', community: community.name })
    ).json;
    const own = `/${community.name}/post/${post.publicId}`;
    expect(rootMarkup((await s.client().get(own)).text)).toContain(`data-location="${own}"`);
    expect(rootMarkup((await s.client().get(`/${community.name}`)).text)).not.toBeNull();
    const before = renders();
    for (const other of [
      `/${community.name.toLowerCase()}/post/${post.publicId}`,
      `/madeupname/post/${post.publicId}`,
      `${own}/${'a'.repeat(24)}`,
      `/${community.name.toLowerCase()}`,
    ]) {
      const page = await s.client().get(other);
      expect(page.status, other).toBe(200);
      expect(rootMarkup(page.text), other).toBeNull();
      // The data still rides along, so the client shows the page without asking.
      expect(blocks(page.text).size, other).toBe(other.includes('/post/') ? 2 : 3);
    }
    expect(renders()).toBe(before);
  });

  it("lays out for the device by the client's rule: the mobile hint, else the User-Agent", async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const get = (headers: Record<string, string>) => s.client().get('/', { headers });
    expect(rootMarkup((await get({ 'user-agent': iphone })).text)).toContain('data-mobile="true"');
    expect(rootMarkup((await get({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).text)).toContain(
      'data-mobile="false"',
    );
    expect(rootMarkup((await get({ 'user-agent': iphone, 'sec-ch-ua-mobile': '?0' })).text)).toContain(
      'data-mobile="false"',
    );
    // The page says the layout itself, for a browser that runs no script.
    expect((await get({ 'user-agent': iphone })).text).toContain('<html data-layout="mobile" lang="en">');
    expect((await get({ 'user-agent': iphone, 'sec-ch-ua-mobile': '?0' })).text).toContain(
      '<html data-layout="desktop" lang="en">',
    );
  });

  it("leaves the layout to the page's script when it sends no markup", async () => {
    const res = await s.client().get('/search?q=anything');
    expect(rootMarkup(res.text)).toBeNull();
    expect(res.text).toContain('<html lang="en">');
  });

  it('sends the page without markup when the render fails, with its data for the client', async () => {
    const community = await newCommunity((await member(s, { isAdmin: true })).client, uniqueName('explode'));
    const res = await s.client().get(`/${community.name}`);
    expect(res.status).toBe(200);
    expect(rootMarkup(res.text)).toBeNull();
    expect([...blocks(res.text).keys()]).toContain(`/api/communities/${community.name}?byName=true`);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-hashes');
  });

  it("never serves the server entry's files", async () => {
    const res = await s.client().get('/.ssr/entry-server.js');
    expect(res.text).not.toContain('renderFirstScreen');
  });
});
