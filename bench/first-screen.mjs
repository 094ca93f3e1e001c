// The first screen in a real browser (issue 15, "The first screen"): Chromium opens the home page and a
// post page of the real built server, under Lighthouse's usual conditions, and times from the start of
// the navigation to the first post title visible (home) and the first comment visible (post page).
//   desktop: 1350×940, 40 ms round trip, 10 Mbit/s down
//   phone:   390×844, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower
// Each run is a fresh browser context (empty cache, no service worker, a new guest), the median of
// `--runs` (3) is reported. With --server (another build's dist/main.js, e.g. main's), both servers
// run on the same database and every run takes turns between them, so both meet the same load.
// Needs `node scripts/build.mjs` and data from bench/generate.mjs; the post page's comments (100, in
// threads) are added once to a post of the generated data.
//
//   node bench/first-screen.mjs --database-url postgres://postgres@127.0.0.1:5432/bench_firstscreen \
//        [--server /work/main/packages/server/dist/main.js] [--runs 3] [--out bench/.data/results/first-screen.json]
//
// The reference client's own times (issue 15) are printed beside ours for comparison; it is not run here.
/* global window, document, requestAnimationFrame -- functions given to the page run there */
import fs from 'node:fs';
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

/** One page load in a fresh context: ms from navigation start to `selector` visible, and API requests made. */
async function firstScreen(browser, url, selector, profile) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile === PROFILES.phone,
    hasTouch: profile === PROFILES.phone,
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
    return { ms, api: [...api] };
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
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    for (const build of builds) {
      servers.push({
        ...build,
        server: await startServer(target.engine, target.location, { SERVE_WEB: 'on' }, build.main),
      });
    }
    const scenarios = [
      { name: 'home', path: '/', selector: 'section[aria-label="Posts"] article h2' },
      { name: 'post page', path: postPath, selector: 'li[id^="comment-"]' },
    ];
    const times = new Map();
    // A load of each page on each server first, not counted: code paths warm, caches as a reader finds them.
    for (const s of servers)
      for (const scenario of scenarios)
        await firstScreen(browser, s.server.url + scenario.path, scenario.selector, PROFILES.desktop);
    const runs = Number(flags.runs);
    for (let run = 1; run <= runs; run++) {
      for (const scenario of scenarios) {
        for (const [device, profile] of Object.entries(PROFILES)) {
          for (const s of servers) {
            const r = await firstScreen(browser, s.server.url + scenario.path, scenario.selector, profile);
            const key = `${scenario.name} · ${device}`;
            const list = times.get(`${s.label}|${key}`) ?? [];
            list.push(r.ms);
            times.set(`${s.label}|${key}`, list);
            console.log(
              `run ${run} · ${key} · ${s.label}: ${r.ms.toFixed(0)} ms; API requests before it: ${r.api.join(', ') || 'none'} (load ${os.loadavg()[0].toFixed(2)})`,
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
    console.log(
      `| | ${servers.map((s) => s.label).join(' | ')} | Reference client (issue 15) | Ratio to it |`,
    );
    console.log(`|---|${servers.map(() => '---|').join('')}---|---|`);
    for (const key of Object.keys(REFERENCE)) {
      const medians = servers.map((s) => median(times.get(`${s.label}|${key}`)));
      results.push({
        scenario: key,
        reference: REFERENCE[key],
        medians: Object.fromEntries(servers.map((s, i) => [s.label, medians[i]])),
      });
      console.log(
        `| ${key} | ${medians.map((m) => m.toFixed(0)).join(' | ')} | ${REFERENCE[key]} | ${(medians[0] / REFERENCE[key]).toFixed(2)}× |`,
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
    for (const s of servers) await s.server.stop();
  }
}

await main();
