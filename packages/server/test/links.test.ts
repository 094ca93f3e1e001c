import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesRoot, originalPath } from '../src/images/image-store.js';
import { fetchLinkThumbnail } from '../src/links/link-info.js';
import { OutboundFailedError, OutboundRefusedError, safeFetch } from '../src/lib/safe-fetch.js';
import { loggedInClient, makeUser } from './factories.js';
import { createTestApp, type TestApp, type TestClient } from './harness.js';
import { INVALID_URL } from './api-errors.js';

/**
 * `GET /api/_link_info` and link thumbnails (API.md §16.5, DOMAIN §11): the outbound rules, against a
 * real HTTP server on this machine that only OUTBOUND_ALLOW lets the app reach.
 */

const MiB = 1024 * 1024;

let server: http.Server;
let origin: string;
let allowed: TestApp;
let strict: TestApp;
let member: TestClient;
let strictMember: TestClient;
let png: Buffer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-links-'));
/** Bytes the test server managed to write for each path, to see where the client stopped reading. */
const written = new Map<string, number>();

function page(head: string, body = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', origin);
  const html = (status: number, text: string, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
    res.end(text);
  };
  const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (redirect) {
    const n = Number(redirect[1]);
    res.writeHead(n % 2 === 0 ? 302 : 301, { Location: n === 1 ? '/page' : `/redirect/${n - 1}` });
    res.end();
    return;
  }
  switch (url.pathname) {
    case '/page':
      return html(
        200,
        page(
          `<title>Not the title</title>
           <meta property="og:title" content="Fish &amp; Chips &#8211; a guide">
           <meta property="og:image" content="${origin}/image.png">`,
        ),
      );
    case '/headers':
      return html(
        200,
        page(`<meta property="og:title" content="${encodeURIComponent(JSON.stringify(req.headers))}">`),
      );
    case '/no-og':
      return html(200, page('<title>Only a title</title>'));
    case '/latin1':
      res.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' });
      res.end(Buffer.from(page('<meta property="og:title" content="Café crème">'), 'latin1'));
      return;
    case '/not-found':
      return html(404, page('<meta property="og:title" content="Missing page">'));
    case '/json':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"x":"<meta property=\\"og:title\\" content=\\"json\\">"}');
      return;
    case '/slow':
      setTimeout(() => html(200, page('<meta property="og:title" content="Too late">')), 9000).unref();
      return;
    case '/slow-body': {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html><head>');
      const timer = setInterval(() => res.write(' '), 500);
      timer.unref();
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/slow-gzip': {
      const gzip = zlib.createGzip();
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      gzip.pipe(res);
      gzip.write('<html><head>');
      gzip.flush();
      const timer = setInterval(() => {
        gzip.write(' ');
        gzip.flush();
      }, 100);
      timer.unref();
      res.on('close', () => {
        clearInterval(timer);
        gzip.destroy();
      });
      return;
    }
    case '/huge':
    case '/huge-late': {
      const title = '<meta property="og:title" content="Big page">';
      const filler = `<p>${'x'.repeat(1020)}</p>`;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      let sent = 0;
      const total = 64 * MiB;
      const first =
        url.pathname === '/huge' ? `<html><head>${title}</head><body>` : '<html><head></head><body>';
      res.write(first);
      sent += first.length;
      const more = () => {
        while (sent < total) {
          sent += filler.length;
          written.set(url.pathname, sent);
          if (!res.write(filler)) return void res.once('drain', more);
        }
        res.end(url.pathname === '/huge-late' ? `${title}</body></html>` : '</body></html>');
      };
      res.on('error', () => {});
      more();
      return;
    }
    case '/gzip-bomb': {
      // 64 MiB of spaces in about 64 kB; the title comes after all of it.
      const inflated = Buffer.concat([
        Buffer.from('<html><head>'),
        Buffer.alloc(64 * MiB, ' '),
        Buffer.from('<meta property="og:title" content="Bomb"></head></html>'),
      ]);
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      res.end(zlib.gzipSync(inflated));
      return;
    }
    case '/gzip':
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      res.end(zlib.gzipSync(page('<meta property="og:title" content="Compressed">')));
      return;
    case '/image.png':
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
      res.end(png);
      return;
    case '/photo':
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(png); // the type lies; the decoder does not care
      return;
    case '/big.png':
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(Buffer.alloc(2 * MiB));
      return;
    case '/relative-image':
      return html(200, page('<meta property="og:image" content="/image.png">'));
    case '/missing-image':
      return html(200, page(`<meta property="og:image" content="${origin}/not-found">`));
    case '/big-image':
      return html(200, page(`<meta property="og:image" content="${origin}/big.png">`));
    case '/text-image':
      return html(200, page(`<meta property="og:image" content="${origin}/no-og">`));
    case '/metadata-image':
      return html(
        200,
        page('<meta property="og:image" content="http://169.254.169.254/latest/meta-data/x.png">'),
      );
    case '/redirect-outside':
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    case '/redirect-local-name':
      res.writeHead(302, { Location: 'http://LOCALHOST./page' });
      res.end();
      return;
    case '/redirect-other-port':
      res.writeHead(302, { Location: `http://127.0.0.1:${Number(new URL(origin).port) + 1}/page` });
      res.end();
      return;
    default:
      return html(404, 'not here');
  }
}

beforeAll(async () => {
  png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  allowed = await createTestApp({
    DATA_DIR: dataDir,
    OUTBOUND_ALLOW: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    MAX_IMAGE_SIZE: String(MiB),
  });
  strict = await createTestApp({ DATA_DIR: dataDir });
  member = await loggedInClient(allowed, await makeUser(allowed.db));
  strictMember = await loggedInClient(strict, await makeUser(strict.db));
});
afterAll(async () => {
  await allowed.close();
  await strict.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function linkInfo(client: TestClient, url: string) {
  return client.get(`/api/_link_info?url=${encodeURIComponent(url)}`);
}

describe('GET /api/_link_info', () => {
  it('answers the first og:title, decoded, and never the <title>', async () => {
    const res = await linkInfo(member, `${origin}/page`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.json).toEqual({ title: 'Fish & Chips – a guide' });
    expect((await linkInfo(member, `${origin}/no-og`)).json).toEqual({ title: '' });
  });

  it('reads the character set of the page, and compressed pages', async () => {
    expect((await linkInfo(member, `${origin}/latin1`)).json).toEqual({ title: 'Café crème' });
    expect((await linkInfo(member, `${origin}/gzip`)).json).toEqual({ title: 'Compressed' });
  });

  it('sends a desktop browser User-Agent and nothing of the visitor', async () => {
    const res = await member.get(`/api/_link_info?url=${encodeURIComponent(`${origin}/headers`)}`, {
      headers: { authorization: 'Bearer secret', 'x-forwarded-for': '1.2.3.4' },
    });
    const headers = JSON.parse(decodeURIComponent(res.json.title));
    expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\).*Chrome\//);
    expect(headers.host).toBe(new URL(origin).host);
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers['x-csrf-token']).toBeUndefined();
  });

  it('follows up to 5 redirects, and refuses a sixth', async () => {
    for (const n of [1, 5]) {
      expect((await linkInfo(member, `${origin}/redirect/${n}`)).json, String(n)).toEqual({
        title: 'Fish & Chips – a guide',
      });
    }
    expect((await linkInfo(member, `${origin}/redirect/6`)).json).toEqual(INVALID_URL);
  });

  it('checks every redirect again: refused addresses and pairs outside OUTBOUND_ALLOW', async () => {
    expect((await linkInfo(member, `${origin}/redirect-outside`)).json).toEqual(INVALID_URL);
    expect((await linkInfo(member, `${origin}/redirect-other-port`)).json).toEqual(INVALID_URL);
  });

  it('answers "" for pages that are not 2xx or not HTML', async () => {
    expect((await linkInfo(member, `${origin}/not-found`)).json).toEqual({ title: '' });
    expect((await linkInfo(member, `${origin}/json`)).json).toEqual({ title: '' });
    expect((await linkInfo(member, `${origin}/image.png`)).json).toEqual({ title: '' });
  });

  it('answers "" when the site cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const app = await createTestApp({ DATA_DIR: dataDir, OUTBOUND_ALLOW: `127.0.0.1:${port}` });
    try {
      const client = await loggedInClient(app, await makeUser(app.db));
      expect((await linkInfo(client, `http://127.0.0.1:${port}/`)).json).toEqual({ title: '' });
    } finally {
      await app.close();
    }
  });

  it('gives up after 6 seconds for the whole fetch, answering ""', { timeout: 20_000 }, async () => {
    for (const slow of ['/slow', '/slow-body']) {
      const started = Date.now();
      const res = await linkInfo(member, `${origin}${slow}`);
      const elapsed = Date.now() - started;
      expect(res.json, slow).toEqual({ title: '' });
      expect(elapsed, slow).toBeGreaterThanOrEqual(5900);
      expect(elapsed, slow).toBeLessThan(8500);
    }
  });

  it('reads at most 1 MiB of a page: a title in the first MiB is found, a later one is not', async () => {
    expect((await linkInfo(member, `${origin}/huge`)).json).toEqual({ title: 'Big page' });
    expect((await linkInfo(member, `${origin}/huge-late`)).json).toEqual({ title: '' });
    // The client hung up long before the 64 MiB were sent (socket buffers hold a few MiB more).
    expect(written.get('/huge-late')!).toBeLessThan(24 * MiB);
  });

  it('counts decompressed bytes: a gzip bomb stops at 1 MiB', async () => {
    expect((await linkInfo(member, `${origin}/gzip-bomb`)).json).toEqual({ title: '' });
  });

  it('refuses, with 400 invalid-url, what the outbound rules forbid', async () => {
    const port = new URL(origin).port;
    const refused = [
      `${origin}/page`, // loopback, and a port other than 80
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://localhost/',
      `http://localhost:${port}/page`,
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://224.0.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'https://example.com:8443/',
      'http://example.com:81/',
      'http://user:password@example.com/',
      'http://user@example.com/',
      'ftp://example.com/file',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://example.com/',
      'example.com/page',
      'http:///nohost',
      '',
    ];
    for (const url of refused) {
      const res = await linkInfo(strictMember, url);
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual(INVALID_URL);
    }
    expect((await strictMember.get('/api/_link_info')).json).toEqual(INVALID_URL);
  });

  it('refuses every spelling of this machine and of local networks, whatever the resolver knows', async () => {
    // Names the machine's resolver may not answer at all (which read as "unreachable", 200 ""): they are
    // refused by name, before any lookup. The IP spellings are brought to one form by the URL parser.
    const refused = [
      'http://LOCALHOST./',
      'http://localhost./',
      'http://localhost../',
      'http://LocalHost/',
      'http://%6Cocalhost./',
      'http://ｌｏｃａｌｈｏｓｔ/',
      'http://localhost.localdomain/',
      'http://api.localhost/',
      'http://ip6-localhost/',
      'http://printer.local./',
      'http://router.home.arpa/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://127.0.0.1./',
      'http://127.1/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:7f00:1]/',
    ];
    for (const url of refused) {
      const res = await linkInfo(strictMember, url);
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual(INVALID_URL);
    }
    // A redirect is judged by the same rule.
    expect((await linkInfo(member, `${origin}/redirect-local-name`)).json).toEqual(INVALID_URL);
  });

  it('lets OUTBOUND_ALLOW open exactly its host:port pairs', async () => {
    expect((await linkInfo(member, `${origin}/page`)).status).toBe(200);
    expect((await linkInfo(strictMember, `${origin}/page`)).json).toEqual(INVALID_URL);
    // Same port, another spelling of the host: not the pair.
    expect((await linkInfo(member, `http://localhost:${new URL(origin).port}/page`)).json).toEqual(
      INVALID_URL,
    );
  });

  it('needs a login', async () => {
    const anonymous = allowed.client();
    const res = await linkInfo(anonymous, `${origin}/page`);
    expect(res.json).toEqual({ status: 401, code: 'not_logged_in', message: 'User is not logged in.' });
  });

  it('allows 1000 lookups an hour per user', { timeout: 90_000 }, async () => {
    const limited = await createTestApp({ DATA_DIR: dataDir, RATE_LIMITS: 'on' });
    try {
      const client = await loggedInClient(limited, await makeUser(limited.db));
      const statuses = new Map<number, number>();
      for (let i = 0; i < 1001; i++) {
        const status = (await client.get('/api/_link_info?url=not-a-url')).status;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect([...statuses]).toEqual([
        [400, 1000],
        [429, 1],
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('safeFetch', () => {
  const allow = () => [new URL(origin).host];

  it('tells refused URLs from failed fetches', async () => {
    await expect(safeFetch('http://127.0.0.1/', { kind: 'page' })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(
      safeFetch(`${origin}/slow`, { kind: 'page', allow: allow(), timeoutMs: 300 }),
    ).rejects.toBeInstanceOf(OutboundFailedError);
    // The deadline also ends a body that keeps trickling in, compressed or not.
    for (const slow of ['/slow-body', '/slow-gzip']) {
      const started = Date.now();
      await expect(
        safeFetch(`${origin}${slow}`, { kind: 'page', allow: allow(), timeoutMs: 500 }),
      ).rejects.toThrow('no answer within 500 ms');
      expect(Date.now() - started).toBeLessThan(1500);
    }
    await expect(
      safeFetch(`${origin}/big.png`, { kind: 'image', allow: allow(), maxBytes: MiB }),
    ).rejects.toBeInstanceOf(OutboundFailedError);
  });

  it('connects to the address it checked, not to a second answer (DNS rebinding)', async () => {
    const port = new URL(origin).port;
    let lookups = 0;
    // A name no system resolver knows: the fetch can only reach the server through the pinned address.
    const rebinding = async (host: string) => {
      lookups++;
      expect(host).toBe('rebind.invalid');
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    const result = await safeFetch(`http://rebind.invalid:${port}/headers`, {
      kind: 'page',
      allow: [`rebind.invalid:${port}`],
      resolve: rebinding,
    });
    expect(result.status).toBe(200);
    expect(lookups).toBe(1);
    // The host name is kept for the Host header.
    expect(result.body.toString()).toContain(encodeURIComponent(`"host":"rebind.invalid:${port}"`));
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ];
    await expect(safeFetch('http://mixed.invalid/', { kind: 'page', resolve: mixed })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
  });

  it('returns the final URL, the status and the body of the kind asked for', async () => {
    const result = await safeFetch(`${origin}/redirect/2`, { kind: 'page', allow: allow() });
    expect(result).toMatchObject({
      status: 200,
      url: `${origin}/page`,
      contentType: 'text/html',
      accepted: true,
    });
    expect(result.body.toString()).toContain('og:title');
    const image = await safeFetch(`${origin}/image.png`, { kind: 'image', allow: allow(), maxBytes: MiB });
    expect(image.body.equals(png)).toBe(true);
    const notImage = await safeFetch(`${origin}/no-og`, { kind: 'image', allow: allow(), maxBytes: MiB });
    expect(notImage).toMatchObject({ accepted: false, body: Buffer.alloc(0) });
  });
});

describe('fetchLinkThumbnail', () => {
  async function stored(row: { id: string } | null) {
    expect(row).not.toBeNull();
    return sharp(fs.readFileSync(originalPath(imagesRoot(dataDir), row!.id))).metadata();
  }

  it('stores the og:image of a page as a 1280×720 JPEG', async () => {
    const row = await fetchLinkThumbnail(allowed, `${origin}/page`);
    expect(row).toMatchObject({ width: 1280, height: 720, format: 'jpeg' });
    expect(await stored(row)).toMatchObject({ width: 1280, height: 720, format: 'jpeg' });
  });

  it('takes the URL itself when it is an image, by type or by extension', async () => {
    expect(await stored(await fetchLinkThumbnail(allowed, `${origin}/photo`))).toMatchObject({ width: 1280 });
    expect(await stored(await fetchLinkThumbnail(allowed, `${origin}/image.png`))).toMatchObject({
      height: 720,
    });
  });

  it('gives null for every failure: no og:image, relative og:image, refused or missing or oversized images', async () => {
    for (const path of [
      '/no-og',
      '/relative-image',
      '/missing-image',
      '/big-image',
      '/text-image',
      '/metadata-image',
      '/json',
      '/not-found',
      '/slow-body',
    ]) {
      expect(await fetchLinkThumbnail(allowed, `${origin}${path}`), path).toBeNull();
    }
    expect(await fetchLinkThumbnail(strict, `${origin}/page`)).toBeNull();
  }, 20_000);
});
