import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { makeUser, uniqueName } from './factories.js';
import { createTestApp, type TestApp, type TestResponse } from './harness.js';

/** The app shell and the built client's files (API.md §17.1, §17.2). */

const THEME_SCRIPT = `
      (function () {
        var theme;
        try {
          theme = localStorage.getItem('theme');
        } catch (e) {}
        if (theme !== 'light' && theme !== 'dark') {
          theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
        }
        document.documentElement.dataset.theme = theme;
      })();
    `;

/** The shape of packages/web/index.html after a build. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <!--app-head-->
    <title>Commons</title>
    <meta name="description" content="A community discussion and link-sharing site." />
    <!--/app-head-->
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" type="image/png" href="/favicon.png?v=2" />
    <link rel="manifest" href="/manifest.json" />
    <script>${THEME_SCRIPT}</script>
    <script id="site-config" type="application/json">{}</script>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const BUNDLE = 'console.log("the app");\n'.repeat(200);
const MANIFEST = '{"name":"Commons","start_url":"/"}';
const WORKER = 'self.addEventListener("fetch", () => {});\n'.repeat(60);

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), BUNDLE);
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(BUNDLE));
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(BUNDLE));
  fs.writeFileSync(path.join(dir, 'manifest.json'), MANIFEST);
  fs.writeFileSync(path.join(dir, 'service-worker.js'), WORKER);
  fs.writeFileSync(path.join(dir, 'service-worker.js.br'), zlib.brotliCompressSync(WORKER));
  fs.writeFileSync(path.join(dir, 'service-worker.js.gz'), zlib.gzipSync(WORKER));
  fs.writeFileSync(
    path.join(dir, 'robots.txt'),
    'User-agent: *\nDisallow: /search?q=*\nDisallow: /*/modtools/*\n',
  );
  fs.writeFileSync(path.join(dir, 'favicon.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The content of one meta tag (`attr` is name or property), HTML-escaped as sent. */
function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const matches = [
    ...html.matchAll(new RegExp(`<meta ${attr}="${escapeRegExp(key)}" content="([^"]*)" />`, 'g')),
  ];
  expect(matches.length, `${attr}=${key}`).toBeLessThanOrEqual(1);
  return matches[0]?.[1];
}

function title(html: string): string | undefined {
  const matches = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(matches).toHaveLength(1);
  return matches[0]?.[1];
}

function siteConfig(html: string): Record<string, unknown> {
  const match = /<script id="site-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const DESCRIPTION =
  'A community discussion and link-sharing site. No ads, no tracking, funded by its members.';

function expectPreview(
  html: string,
  expected: { title: string; shareTitle: string; description: string; url: string; image: string },
) {
  expect(title(html)).toBe(expected.title);
  expect(meta(html, 'name', 'description')).toBe(expected.description);
  expect(meta(html, 'property', 'og:title')).toBe(expected.shareTitle);
  expect(meta(html, 'property', 'og:description')).toBe(expected.description);
  expect(meta(html, 'property', 'og:url')).toBe(expected.url);
  expect(meta(html, 'property', 'og:image')).toBe(expected.image);
  expect(meta(html, 'name', 'twitter:title')).toBe(expected.shareTitle);
  expect(meta(html, 'name', 'twitter:description')).toBe(expected.description);
  expect(meta(html, 'name', 'twitter:image')).toBe(expected.image);
}

function expectShellHeaders(res: TestResponse) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('private, no-store');
  const sid = res.cookies.find((c) => c.name === 'SID');
  expect(sid?.value).toMatch(/^[0-9A-Za-z_]{36}$/);
  expect(sid?.httpOnly).toBe(true);
  const token = res.headers['csrf-token'];
  expect(typeof token).toBe('string');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
  expect(res.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(token);
}

describe('the app shell', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp(
      {
        WEB_DIST_DIR: dist,
        CONTACT_EMAIL: 'hello@example.org',
        GITHUB_URL: 'https://github.com/example/commons',
        IMAGE_POSTS_DISABLED: 'on',
        MAX_IMAGES_PER_POST: '4',
      },
      { serveWeb: true },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('GET / and deep links', () => {
    it("serves / as the shell with no-store and the session cookies; the worker's copy without data or X-Service-Worker-Cache", async () => {
      const res = await t.client().get('/');
      expectShellHeaders(res);
      // It carries the first screen's data (first-screen.test.ts): the worker must not keep it.
      expect(res.headers['x-service-worker-cache']).toBe('no-store');
      expect(res.text).toContain('<div id="root"></div>');
      const shell = await t.client().get('/', { headers: { 'x-commons-shell': '1' } });
      expectShellHeaders(shell);
      expect(shell.headers['x-service-worker-cache']).toBeUndefined();
      expect(shell.text).not.toContain('data-api=');
    });

    it('serves every other path as the shell too, with X-Service-Worker-Cache: no-store', async () => {
      for (const url of ['/about', '/some/unknown/path', '/@ghost', '/general/post/aB3_x9Qz', '/about?x=1']) {
        const res = await t.client().get(url);
        expectShellHeaders(res);
        expect(res.headers['x-service-worker-cache'], url).toBe('no-store');
        expect(res.text, url).toContain('<div id="root"></div>');
      }
    });

    it('gives a first-time visitor a working session and CSRF token on the page response', async () => {
      const client = t.client();
      await client.get('/about');
      const res = await client.post('/api/_login', { username: 'ghost', password: 'not the password' });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('wrong-password'); // the CSRF check passed
    });

    it('answers a request for "*" (no path) as any unknown page, not with a 500', async () => {
      // Sent as it is, on a socket: the test client makes every target a path.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const statusLine = await new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = net.connect(Number(new URL(address).port), '127.0.0.1', () =>
          socket.write('GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
        );
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer.split('\r\n')[0]!));
        socket.on('error', reject);
      });
      expect(statusLine).toMatch(/^HTTP\/1\.1 [234]\d\d /);
    });

    it('redirects a trailing slash with 301 to the path without it', async () => {
      for (const [from, to] of [
        ['/about/', '/about'],
        ['/some/path//', '/some/path'],
        ['/about/?x=1', '/about?x=1'],
        // A search's words may hold a NUL, which it drops, so its redirect carries them on as well.
        ['/search/?q=%00a', '/search?q=%00a'],
        // Never to another site: `//host/…` is one to a browser.
        ['//cone//attacker.example/login/?next=1', '/cone//attacker.example/login?next=1'],
        ['//attacker.example/', '/attacker.example'],
      ]) {
        const res = await t.client().get(from!);
        expect(res.status, from).toBe(301);
        expect(res.headers.location, from).toBe(to);
      }
    });

    it('compresses the shell of / when the client accepts it', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('<title>Commons</title>');
    });

    it('compresses the shell of every page, deep links included', async () => {
      for (const url of ['/', '/about', '/some/unknown/path']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('gzip');
      }
    });

    it('answers a missing bundle with 404, not the shell', async () => {
      const res = await t.client().get('/assets/app-old123.js');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('does not serve index.html as a raw file', async () => {
      const res = await t.client().get('/index.html');
      expectShellHeaders(res);
      expect(res.text).not.toContain('<!--app-head-->');
      expect(res.text).not.toContain('<!--/app-head-->');
      expect(siteConfig(res.text).siteName).toBe('Commons');
    });

    it('answers a POST to an unknown non-API path with 404', async () => {
      for (const url of ['/nope', '/about', '/']) {
        const res = await t.client().post(url, { a: 1 });
        expect(res.status, url).toBe(404);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(res.text).toBe('Not Found');
      }
    });

    it('keeps answering unknown /api/ paths with the JSON 404, never the shell', async () => {
      const res = await t.client().get('/api/nope');
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ status: 404, message: 'API endpoint not found' });
    });
  });

  describe('titles and link previews', () => {
    const page = (p: string) => `http://localhost${p}`;
    const image = 'http://localhost/og-image.png';

    it('gives / the site name and description', async () => {
      const res = await t.client().get('/');
      expectPreview(res.text, {
        title: 'Commons',
        shareTitle: 'Commons',
        description: DESCRIPTION,
        url: page('/'),
        image,
      });
      expect(meta(res.text, 'property', 'og:site_name')).toBe('Commons');
    });

    it('titles the static pages', async () => {
      const pages: Array<[string, string]> = [
        ['/about', 'About Commons'],
        ['/terms', 'Terms and conditions of Commons'],
        ['/privacy-policy', 'Privacy policy of Commons'],
        ['/guidelines', 'Guidelines on using Commons'],
      ];
      for (const [p, pageTitle] of pages) {
        const res = await t.client().get(p);
        expectPreview(res.text, {
          title: `${pageTitle} - Commons`,
          shareTitle: pageTitle,
          description: DESCRIPTION,
          url: page(p),
          image,
        });
      }
    });

    it('titles a profile with the real username, whatever the case in the path', async () => {
      const user = await makeUser(t.db, { username: uniqueName('Profile') });
      const res = await t.client().get(`/@${user.username.toLowerCase()}`);
      expectPreview(res.text, {
        title: `@${user.username} - Commons`,
        shareTitle: `@${user.username} on Commons`,
        description: `${user.username}&#39;s profile.`,
        url: page(`/@${user.username.toLowerCase()}`),
        image,
      });
    });

    it('keeps the real username of a deleted account', async () => {
      const user = await makeUser(t.db, { deleted: true });
      const res = await t.client().get(`/@${user.username}`);
      expect(title(res.text)).toBe(`@${user.username} - Commons`);
    });

    it('gives an unknown user the site defaults', async () => {
      const res = await t.client().get(`/@${uniqueName('nosuch')}`);
      expect(res.status).toBe(200);
      expect(title(res.text)).toBe('Commons');
      expect(meta(res.text, 'property', 'og:title')).toBe('Commons');
      expect(meta(res.text, 'name', 'description')).toBe(DESCRIPTION);
    });

    it('names a public list, and never a private or missing one', async () => {
      const user = await makeUser(t.db, { username: uniqueName('Lister') });
      const [shared] = await t.db
        .insertInto('lists')
        .values([
          { user_id: user.id, name: 'Shared_reads', display_name: 'Reads & notes', public: true },
          {
            user_id: user.id,
            name: 'described',
            display_name: 'Described',
            public: true,
            description: 'Good <b>',
          },
          { user_id: user.id, name: 'secret_plans', display_name: 'Secret plans' },
        ])
        .returning('id')
        .execute();
      await t.db.updateTable('lists').set({ num_items: 1 }).where('id', '=', shared!.id).execute();

      const path = `/@${user.username.toLowerCase()}/lists/Shared_reads`;
      expectPreview((await t.client().get(path)).text, {
        title: 'Reads &amp; notes - Commons',
        shareTitle: `Reads &amp; notes by @${user.username} on Commons`,
        description: `1 item saved by @${user.username}.`,
        url: page(path),
        image,
      });
      const described = await t.client().get(`/@${user.username}/lists/described`);
      expect(meta(described.text, 'property', 'og:description')).toBe('Good &lt;b&gt;');

      // Private, unknown, or named in another case (names match exactly): the site's own tags.
      for (const other of ['secret_plans', 'nosuch', 'shared_reads']) {
        const res = await t.client().get(`/@${user.username}/lists/${other}`);
        expect(res.status, other).toBe(200);
        expect(title(res.text), other).toBe('Commons');
        expect(meta(res.text, 'name', 'description'), other).toBe(DESCRIPTION);
        expect(res.text).not.toContain('Secret plans');
      }
    });

    it('links the Atom feed of All, a community, a profile and a public list, and of nothing else', async () => {
      const feedLinks = (html: string) =>
        [
          ...html.matchAll(
            /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)" \/>/g,
          ),
        ].map((m) => [m[1], m[2]]);
      const user = await makeUser(t.db, { username: uniqueName('Feeder') });
      const name = uniqueName('c');
      await t.db.insertInto('communities').values({ id: newId(), name, user_id: user.id }).execute();
      await t.db
        .insertInto('lists')
        .values([
          { user_id: user.id, name: 'open', display_name: 'Open & shut', public: true },
          { user_id: user.id, name: 'closed', display_name: 'Closed' },
        ])
        .execute();
      const cases: [string, [string, string][]][] = [
        ['/', [['All posts - Commons', page('/api/feeds/all')]]],
        ['/all?sort=week', [['All posts - Commons', page('/api/feeds/all?sort=week')]]],
        [`/${name}?sort=bogus`, [[`${name} - Commons`, page(`/api/feeds/communities/${name}`)]]],
        [
          `/@${user.username}`,
          [[`Posts by @${user.username} - Commons`, page(`/api/feeds/users/${user.username}`)]],
        ],
        [
          `/@${user.username}/lists/open`,
          [
            [
              `Open &amp; shut by @${user.username} - Commons`,
              page(`/api/feeds/users/${user.username}/lists/open`),
            ],
          ],
        ],
        [`/@${user.username}/lists/closed`, []],
        ['/about', []],
      ];
      for (const [path, links] of cases) {
        expect(feedLinks((await t.client().get(path)).text), path).toEqual(links);
      }
    });

    it('replaces the head of the file instead of adding to it', async () => {
      const res = await t.client().get('/about');
      expect(res.text).not.toContain('<title>Commons</title>');
      expect(res.text.match(/<meta name="description"/g)).toHaveLength(1);
      expect(res.text).toContain('<meta name="color-scheme" content="light dark" />'); // the rest stays
    });

    it('escapes the request path in og:url', async () => {
      const res = await t.client().get('/about?q="><script>alert(1)</script>');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(meta(res.text, 'property', 'og:url')).toMatch(/^http:\/\/localhost\/about\?q=/);
    });
  });

  describe('site config and content security policy', () => {
    it('writes siteName, the links, the image settings and the style nonce into the site-config block', async () => {
      const res = await t.client().get('/');
      const config = siteConfig(res.text);
      expect(config).toEqual({
        siteName: 'Commons',
        links: {
          contactEmail: 'hello@example.org',
          blog: null,
          discord: null,
          github: 'https://github.com/example/commons',
          docs: null,
        },
        styleNonce: expect.any(String),
        imagePostsDisabled: true,
        maxImagesPerPost: 4,
        maxImageSize: 26_214_400,
        // Built-in search unless SEARCH=external (below, with the hostile settings).
        externalSearch: false,
      });
    });

    it("allows the inline theme script by its hash and styles by the page's nonce, without 'unsafe-inline'", async () => {
      const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
      const nonces = new Set<string>();
      for (const url of ['/', '/about']) {
        const res = await t.client().get(url);
        const csp = String(res.headers['content-security-policy']);
        const nonce = siteConfig(res.text).styleNonce as string;
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        nonces.add(nonce);
        expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
        expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).not.toContain('unsafe-eval');
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
      }
      expect(nonces.size).toBe(2); // a new nonce for each page
    });

    it('puts the inline script hash into the policy of API responses too', async () => {
      const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
      const res = await t.client().get('/api/_initial');
      expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    });
  });

  describe("the client's files", () => {
    it('serves hashed assets as immutable for a year', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(BUNDLE);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('serves the .br sibling with Content-Encoding br when the client accepts br', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(BUNDLE);
    });

    it('serves the .gz sibling when the client accepts only gzip', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(BUNDLE);
    });

    it('tells caches that the file depends on Accept-Encoding', async () => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/assets/app-abc123.js',
          headers: { 'accept-encoding': encoding },
        });
        expect(String(res.headers.vary).toLowerCase(), encoding).toContain('accept-encoding');
      }
    });

    it('serves manifest.json with Cache-Control no-cache and the site name', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(res.json()).toEqual({
        ...JSON.parse(MANIFEST),
        name: t.config.siteName,
        short_name: t.config.siteName,
        description: t.config.siteDescription,
      });
    });

    it('serves the service worker uncached, compressed or not (API.md §17.1)', async () => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/service-worker.js',
          headers: { 'accept-encoding': encoding },
        });
        expect(res.statusCode, encoding).toBe(200);
        expect(res.headers['cache-control'], encoding).toBe('private, max-age=0');
        expect(res.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
      }
    });

    it('serves other files with the default cache rule', async () => {
      for (const [url, type] of [
        ['/robots.txt', 'text/plain; charset=utf-8'],
        ['/favicon.png', 'image/png'],
      ]) {
        const res = await t.app.inject({ method: 'GET', url: url! });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe(type);
        expect(res.headers['cache-control'], url).toBe('public, max-age=3600, immutable');
      }
    });
  });
});

describe('the app shell with hostile settings, and the external web search', () => {
  const SITE_NAME = `Tom's <script>alert("x")</script> & "Co"`;
  const ESCAPED = 'Tom&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot;';
  const SITE_DESCRIPTION = `Read <b>this</b> & "that"`;
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp(
      {
        WEB_DIST_DIR: dist,
        SITE_NAME,
        SITE_DESCRIPTION,
        PUBLIC_URL: 'https://forum.example.org',
        SEARCH: 'external',
      },
      { serveWeb: true },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names the installable app after the site (manifest.json), as JSON text', async () => {
    const res = await t.client().get('/manifest.json');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: SITE_NAME, short_name: SITE_NAME, description: SITE_DESCRIPTION });
    expect(res.json.start_url).toBe('/');
  });

  it('HTML-escapes every inserted value', async () => {
    const res = await t.client().get('/about');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).not.toContain('<b>this</b>');
    expectPreview(res.text, {
      title: `About ${ESCAPED} - ${ESCAPED}`,
      shareTitle: `About ${ESCAPED}`,
      description: 'Read &lt;b&gt;this&lt;/b&gt; &amp; &quot;that&quot;',
      url: 'https://forum.example.org/about',
      image: 'https://forum.example.org/og-image.png',
    });
    expect(meta(res.text, 'property', 'og:site_name')).toBe(ESCAPED);
    expect(meta(res.text, 'name', 'application-name')).toBe(ESCAPED);
  });

  it('keeps the site-config block valid JSON that cannot close its script element', async () => {
    const res = await t.client().get('/');
    const block = /<script id="site-config" type="application\/json">([\s\S]*?)<\/script>/.exec(
      res.text,
    )![1]!;
    expect(block).not.toMatch(/[<>&]/);
    expect(siteConfig(res.text).siteName).toBe(SITE_NAME);
  });

  it('tells the client to keep the external web search (SEARCH=external)', async () => {
    const config = siteConfig((await t.client().get('/search?q=x')).text);
    expect(config.externalSearch).toBe(true);
  });

  it('escapes the site name in profile titles', async () => {
    const user = await makeUser(t.db);
    const res = await t.client().get(`/@${user.username}`);
    expect(title(res.text)).toBe(`@${user.username} - ${ESCAPED}`);
    expect(meta(res.text, 'property', 'og:title')).toBe(`@${user.username} on ${ESCAPED}`);
  });

  it('uses PUBLIC_URL for og:url and marks the cookies Secure', async () => {
    const res = await t.client().get('/terms');
    expect(meta(res.text, 'property', 'og:url')).toBe('https://forum.example.org/terms');
    expect(res.cookies.find((c) => c.name === 'SID')?.secure).toBe(true);
  });
});
