// The first screen in a real browser (issue 15, "The first screen"): Chromium opens the home page and a
// post page of the real built server, under Lighthouse's usual conditions, and times from the start of
// the navigation to the first post title visible (home) and the first comment visible (post page).
// With --reference-dir it also times the reference product's own web client against the same server.
//   desktop: 1350×940, 40 ms round trip, 10 Mbit/s down
//   phone:   390×844, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower, a phone's
//            User-Agent (Android Chrome)
// Each run is a fresh browser context (empty cache, no service worker, a new guest), the median of
// `--runs` (3) is reported. With --server (another build's dist/main.js, e.g. main's), both servers
// run on the same database and every run takes turns between them, so both meet the same load.
// Needs `node scripts/build.mjs` and data from bench/generate.mjs; the post page's comments (100, in
// threads) are added once to a post of the generated data.
//
//   node bench/first-screen.mjs --database-url postgres://postgres@127.0.0.1:5432/bench_firstscreen \
//        [--server /work/main/packages/server/dist/main.js] [--runs 3] [--out bench/.data/results/first-screen.json] \
//        [--reference-dir /tmp/discuit/ui/dist] [--screenshots bench/.data/first-screen-shots]
//
// Without --reference-dir, issue 15's figures for the reference client are printed beside ours.
//
// --reference-dir: the reference product's web client (Discuit's ui/, built from its source, never kept
// in this repository) takes turns with ours, run by run, against this build's server and data. The
// script serves the built directory on a loopback port the way Discuit's Go server does (a file that
// exists, its `.gz` twin when the browser takes gzip; index.html, gzipped, for any other path) and
// proxies /api/* and /images/* to this build's server, so both clients talk to the same origin layout.
// How it was built for docs/performance.md (2026-11-26; discuitnet/discuit at 7d8ca323fc3b, Node 20.20,
// npm 11.19, from the npm registry only):
//
//   git --git-dir=<snapshot of discuitnet/discuit> archive 7d8ca323fc3b ui | tar -x -C /tmp/discuit
//   # ui-config.yaml is what Discuit's `discuit inject-config` prints; written by hand instead (no Go
//   # server here), next to ui/: addr ":8080", siteName "Discuit", captchaSiteKey "", the social URLs "",
//   # githubURL, disableImagePosts false, disableForumCreation true, forumCreationReqPoints 10,
//   # defaultFeedSort hot, maxImagesPerPost 10 (Discuit's config.default.yaml and defaults).
//   cd /tmp/discuit/ui && npm ci && npx tsc -b && npx vite build \
//     && npx vite build --config sw.vite.config.js && node scripts/copy-sw.js
//   # (its `npm run build` minus `generate-yaml`, which runs the Go binary)
//
// --screenshots: before the timed runs, one screenshot per client, page and device, taken once the
// page's first post title or comment is visible and the network has been quiet (not timed).
/* global window, document, requestAnimationFrame -- functions given to the page run there */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { newId } from '../packages/server/dist/lib/ids.js';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../scripts/find-chromium.mjs';
import { openDatabase, random, startServer, targetOf } from './lib.mjs';

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    server: { type: 'string', multiple: true, default: [] },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
    'reference-dir': { type: 'string' },
    screenshots: { type: 'string' },
  },
});

const PROFILES = {
  desktop: {
    viewport: { width: 1350, height: 940 },
    network: {
      latency: 40,
      downloadThroughput: (10 * 1024 * 1024) / 8,
      uploadThroughput: (10 * 1024 * 1024) / 8,
    },
    cpu: 1,
  },
  phone: {
    viewport: { width: 390, height: 844 },
    // A phone's browser says so, as Lighthouse's mobile profile does: the server lays its markup out for
    // a phone by it (decisions §52), as it would for a real one.
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    network: {
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
    cpu: 4,
  },
};

/** Issue 15's figures for the reference product's own web client, measured the same way. */
const REFERENCE = {
  'home · desktop': 817,
  'home · phone': 2554,
  'post page · desktop': 1004,
  'post page · phone': 2625,
};

/** What each client shows first: ours, and the reference client's (its PostCard and post page Comment). */
const SELECTORS = {
  ours: { home: 'section[aria-label="Posts"] article h2', post: 'li[id^="comment-"]' },
  reference: { home: '.post-card-title-main', post: '.post-comment' },
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/**
 * The reference client's built files on a loopback port, served as Discuit's Go server serves them
 * (serveSPA and its gzip file server), with /api/* and /images/* passed to `backend` unchanged.
 */
async function serveReferenceClient(dir, backend) {
  const rootDir = path.resolve(dir);
  if (!fs.existsSync(path.join(rootDir, 'index.html'))) throw new Error(`No index.html in ${rootDir}`);
  const backendUrl = new URL(backend);
  const sendFile = (request, response, file, cacheControl) => {
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && fs.existsSync(`${file}.gz`);
    const body = fs.readFileSync(gzip ? `${file}.gz` : file);
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': cacheControl,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(body);
  };
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost');
    if (pathname.startsWith('/api/') || pathname.startsWith('/images/')) {
      const upstream = http.request(
        {
          host: backendUrl.hostname,
          port: backendUrl.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode, answer.rawHeaders);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error) => response.destroy(error));
      request.pipe(upstream);
      return;
    }
    const file = path.join(rootDir, path.normalize(decodeURIComponent(pathname)));
    const isFile =
      pathname !== '/' &&
      file.startsWith(rootDir + path.sep) &&
      fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    if (isFile) sendFile(request, response, file, 'public, max-age=3600, immutable');
    else sendFile(request, response, path.join(rootDir, 'index.html'), 'no-store');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

const COMMENTS = 100;
const TITLE = `First screen bench: ${COMMENTS} comments`;

/** A post with COMMENTS comments in threads, in a generated community, made once. */
async function preparePost(db) {
  const existing = await db
    .selectFrom('posts')
    .innerJoin('communities', 'communities.id', 'posts.community_id')
    .select(['posts.public_id', 'communities.name'])
    .where('posts.title', '=', TITLE)
    .executeTakeFirst();
  if (existing) return `/${existing.name}/post/${existing.public_id}`;
  const post = await db
    .selectFrom('posts')
    .innerJoin('communities', 'communities.id', 'posts.community_id')
    .select(['posts.id', 'posts.community_id', 'communities.name', 'posts.public_id'])
    .where('posts.deleted_at', 'is', null)
    .orderBy('posts.points', 'desc')
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('users').select('id').where('deleted_at', 'is', null).limit(50).execute();
  const rand = random(15);
  const start = Date.now() - COMMENTS * 60_000;
  const rows = [];
  for (let i = 0; i < COMMENTS; i++) {
    const parent = i > 0 && rand() > 0.4 ? rows[i - 1 - Math.floor(rand() * Math.min(i, 10))] : null;
    const usable = parent && parent.depth < 8 ? parent : null;
    const createdAt = new Date(start + i * 60_000);
    rows.push({
      id: newId(),
      post_id: post.id,
      community_id: post.community_id,
      user_id: users[Math.floor(rand() * users.length)].id,
      parent_id: usable?.id ?? null,
      depth: usable ? usable.depth + 1 : 0,
      ancestors: usable ? [...(usable.ancestors ?? []), usable.id] : null,
      body: `Comment ${i + 1}: I would water the tomatoes before noon and leave the basil in the shade.`,
      upvotes: 1 + Math.floor(rand() * 30),
      points: 0,
      created_at: createdAt,
      no_replies: 0,
      no_replies_direct: 0,
    });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    row.points = row.upvotes;
    if (row.parent_id) byId.get(row.parent_id).no_replies_direct++;
    for (const a of row.ancestors ?? []) byId.get(a).no_replies++;
  }
  await db.insertInto('comments').values(rows).execute();
  const closure = rows.flatMap((r) => (r.ancestors ?? []).map((a) => ({ ancestor_id: a, comment_id: r.id })));
  if (closure.length) await db.insertInto('comment_replies').values(closure).execute();
  await db
    .updateTable('posts')
    .set({ title: TITLE, no_comments: COMMENTS })
    .where('id', '=', post.id)
    .execute();
  return `/${post.name}/post/${post.public_id}`;
}

/**
 * One page load in a fresh context: ms from navigation start to `selector` visible, and API requests
 * made. With `screenshot`, a file path: once it is visible and the network quiet, the page is saved there.
 */
async function firstScreen(browser, url, selector, profile, screenshot) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile === PROFILES.phone,
    hasTouch: profile === PROFILES.phone,
    ...(profile.userAgent ? { userAgent: profile.userAgent } : {}),
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    const api = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) api.push(pathname);
    });
    // Checked on every frame from the very start, so the time is that of the frame that shows it.
    await page.addInitScript((wanted) => {
      const check = () => {
        const element = document.querySelector(wanted);
        if (element && element.getBoundingClientRect().height > 0) {
          window.__firstScreenMs = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, selector);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstScreenMs !== undefined, null, { timeout: 60_000 });
    const ms = await page.evaluate(() => window.__firstScreenMs);
    const before = [...api];
    if (screenshot) {
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      await page.screenshot({ path: screenshot });
    }
    return { ms, api: before };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const target = targetOf(flags);
  const database = await openDatabase(target);
  let postPath;
  try {
    postPath = await preparePost(database.db);
  } finally {
    await database.close();
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`No Chromium found: ${INSTALL_HINT}`);

  const builds = [
    { label: 'this build', main: undefined },
    ...flags.server.map((main) => ({ label: path.relative(process.cwd(), main) || main, main })),
  ];
  const servers = [];
  let reference = null;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    for (const build of builds) {
      servers.push({
        ...build,
        server: await startServer(target.engine, target.location, { SERVE_WEB: 'on' }, build.main),
      });
    }
    // Every client to time: ours as each build serves it, and the reference client on this build's server.
    const clients = servers.map((s) => ({ label: s.label, url: s.server.url, selectors: SELECTORS.ours }));
    if (flags['reference-dir']) {
      reference = await serveReferenceClient(flags['reference-dir'], servers[0].server.url);
      clients.push({ label: 'reference client', url: reference.url, selectors: SELECTORS.reference });
    }
    const scenarios = [
      { name: 'home', path: '/', selector: 'home' },
      { name: 'post page', path: postPath, selector: 'post' },
    ];
    const times = new Map();
    // A load of each page with each client first, not counted: code paths warm, caches as a reader finds them.
    for (const c of clients)
      for (const scenario of scenarios)
        await firstScreen(browser, c.url + scenario.path, c.selectors[scenario.selector], PROFILES.desktop);
    if (flags.screenshots) {
      fs.mkdirSync(flags.screenshots, { recursive: true });
      for (const c of clients)
        for (const scenario of scenarios)
          for (const [device, profile] of Object.entries(PROFILES)) {
            const file = path.join(
              flags.screenshots,
              `${c.label}-${scenario.name}-${device}.png`.replace(/[^\w.-]+/g, '-'),
            );
            const r = await firstScreen(
              browser,
              c.url + scenario.path,
              c.selectors[scenario.selector],
              profile,
              file,
            );
            console.log(
              `screenshot ${file} (${r.ms.toFixed(0)} ms; API requests before it: ${r.api.join(', ')})`,
            );
          }
    }
    const runs = Number(flags.runs);
    for (let run = 1; run <= runs; run++) {
      for (const scenario of scenarios) {
        for (const [device, profile] of Object.entries(PROFILES)) {
          for (const c of clients) {
            const r = await firstScreen(
              browser,
              c.url + scenario.path,
              c.selectors[scenario.selector],
              profile,
            );
            const key = `${scenario.name} · ${device}`;
            const list = times.get(`${c.label}|${key}`) ?? [];
            list.push(r.ms);
            times.set(`${c.label}|${key}`, list);
            console.log(
              `run ${run} · ${key} · ${c.label}: ${r.ms.toFixed(0)} ms; API requests before it: ${r.api.join(', ') || 'none'} (load ${os.loadavg()[0].toFixed(2)})`,
            );
          }
        }
      }
    }
    const results = [];
    console.log(
      `\nMedian of ${runs}, ms (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}):`,
    );
    const ours = clients.filter((c) => c.selectors === SELECTORS.ours);
    const referenceLabel = reference ? 'Reference client (measured here)' : 'Reference client (issue 15)';
    console.log(`| | ${ours.map((c) => c.label).join(' | ')} | ${referenceLabel} | Ratio to it |`);
    console.log(`|---|${ours.map(() => '---|').join('')}---|---|`);
    for (const key of Object.keys(REFERENCE)) {
      const medians = ours.map((c) => median(times.get(`${c.label}|${key}`)));
      const referenceMs = reference ? median(times.get(`reference client|${key}`)) : REFERENCE[key];
      results.push({
        scenario: key,
        reference: referenceMs,
        referenceMeasured: Boolean(reference),
        medians: Object.fromEntries(ours.map((c, i) => [c.label, medians[i]])),
      });
      console.log(
        `| ${key} | ${medians.map((m) => m.toFixed(0)).join(' | ')} | ${referenceMs.toFixed(0)} | ${(medians[0] / referenceMs).toFixed(2)}× |`,
      );
    }
    if (flags.out) {
      fs.mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
      fs.writeFileSync(
        flags.out,
        JSON.stringify({ loadavg: os.loadavg(), results, times: Object.fromEntries(times) }, null, 2),
      );
    }
  } finally {
    await browser.close();
    await reference?.stop();
    for (const s of servers) await s.server.stop();
  }
}

await main();
