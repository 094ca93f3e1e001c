// How long a phone takes to show a long comment thread, in Chromium: a post with 300 comments (a third
// top-level, the rest replies to recent comments up to depth 10, bodies of one to six paragraphs with
// some markdown), opened at 390 px wide as the browser tests' phone. Measured from navigation start:
// the first comment on screen, the whole thread in the page, and the long tasks (over 50 ms) from the
// first comment to the end, which are what makes scrolling stutter; and in the same run, the same page
// for a post without comments (what opening a post costs by itself). Needs `node scripts/build.mjs`.
//
//   node bench/comment-render.mjs [--comments 300] [--runs 5] [--width 390] [--cpu-throttle 1]
//        [--web-dist DIR]   (another build of the client, e.g. of an earlier commit, to compare)
//        [--profile]        (one more run under the CPU profiler: the functions with the most self time;
//                            names are readable with a build made by `vite build --minify false`)
//
// The server is the built one on a fresh embedded database in a temporary directory, removed at the end.
/* global window, document -- functions given to the page run there */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { ms, pct, random, startServer } from './lib.mjs';
import { adjectives, nouns, verbs } from './words.mjs';

const { values: flags } = parseArgs({
  options: {
    comments: { type: 'string', default: '300' },
    runs: { type: 'string', default: '5' },
    width: { type: 'string', default: '390' },
    'cpu-throttle': { type: 'string', default: '1' },
    'web-dist': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const total = Number(flags.comments);
const width = Number(flags.width);
const phone = width <= 768;

const rand = random(300);
const pick = (list) => list[Math.floor(rand() * list.length)];
const sentence = () =>
  `The ${pick(adjectives)} ${pick(nouns)} ${pick(verbs)} the ${pick(adjectives)} ${pick(nouns)}.`;
function body() {
  const paragraphs = 1 + Math.floor(rand() * rand() * 6);
  return Array.from({ length: paragraphs }, (_, i) => {
    const text = Array.from({ length: 1 + Math.floor(rand() * 4) }, sentence).join(' ');
    if (i === 1 && rand() < 0.3) return `- **${pick(nouns)}** ${sentence()}\n- ${sentence()}`;
    return rand() < 0.2 ? `${text} *${pick(adjectives)}* [link](https://example.org/${pick(nouns)})` : text;
  }).join('\n\n');
}

class Visitor {
  cookies = new Map();
  csrf = '';
  constructor(base) {
    this.base = base;
  }
  async call(method, url, json) {
    const headers = { 'content-type': 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrf) headers['x-csrf-token'] = this.csrf;
    const res = await fetch(this.base + url, {
      method,
      headers: json === undefined ? { ...headers, 'content-type': undefined } : headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    this.csrf = res.headers.get('csrf-token') ?? this.csrf;
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }
}

async function seed(base) {
  const people = [];
  for (let i = 0; i < 12; i++) {
    const visitor = new Visitor(base);
    await visitor.call('GET', '/api/_initial');
    await visitor.call('POST', '/api/_signup', {
      username: `reader${i}_${Date.now().toString(36).slice(-4)}`,
      password: 'correct horse',
      email: '',
      captchaToken: '',
    });
    people.push(visitor);
  }
  const community = await people[0].call('POST', '/api/communities', {
    name: `render${Date.now().toString(36).slice(-6)}`,
    about: 'Long threads.',
  });
  const post = await people[0].call('POST', '/api/posts', {
    type: 'text',
    title: `A thread of ${total} comments`,
    body: 'What do you think?',
    community: community.name,
  });
  const written = [];
  for (let i = 0; i < total; i++) {
    // A third start threads; the rest answer one of the last twenty comments, as discussions go.
    const recent = written.filter((c) => c.depth < 10).slice(-20);
    const parent = i < 3 || rand() < 1 / 3 || recent.length === 0 ? null : pick(recent);
    const comment = await pick(people).call('POST', `/api/posts/${post.publicId}/comments`, {
      body: body(),
      parentCommentId: parent?.id ?? null,
    });
    written.push(comment);
  }
  const empty = await people[0].call('POST', '/api/posts', {
    type: 'text',
    title: 'A post nobody answered',
    body: 'What do you think?',
    community: community.name,
  });
  return {
    thread: `/${community.name}/post/${post.publicId}`,
    empty: `/${community.name}/post/${empty.publicId}`,
  };
}

async function measureOnce(browser, url, { profile = false, expected = total } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: phone ? 844 : 860 },
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: phone ? 2 : 1,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (flags['cpu-throttle'] !== '1') {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(flags['cpu-throttle']) });
  }
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.addInitScript(() => {
    const w = window;
    w.__render = { longTasks: [], first: null, all: null };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.__render.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (expected) => {
      const r = window.__render;
      const count =
        expected === 0
          ? Number(document.body.innerText.includes('No comments yet.'))
          : document.querySelectorAll('li[id^="comment-"]').length;
      if (count > 0 && r.first === null) r.first = performance.now();
      if (count >= Math.max(expected, 1) && r.all === null) r.all = performance.now();
      return r.all !== null;
    },
    expected,
    { polling: 'raf', timeout: 60_000 },
  );
  // Long tasks that were still running when the last comment arrived finish first.
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => window.__render);
  if (profile) printProfile((await cdp.send('Profiler.stop')).profile);
  await context.close();
  const after = result.longTasks.filter((t) => t.start + t.duration > result.first);
  return {
    first: result.first,
    all: result.all,
    longTasks: after.length,
    longest: Math.max(0, ...after.map((t) => t.duration)),
    blocked: after.reduce((sum, t) => sum + t.duration - 50, 0),
  };
}

/** The 25 functions with the most self time in a CPU profile. */
function printProfile({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const self = new Map();
  samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [key, time] of top) console.log(`${ms(time).padStart(8)} ms  ${key}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-render-'));
const server = await startServer('embedded', dataDir, {
  SERVE_WEB: 'on',
  COMMUNITY_CREATION_REQ_POINTS: '0',
  ...(flags['web-dist'] ? { WEB_DIST_DIR: path.resolve(flags['web-dist']) } : {}),
});
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: CHROMIUM_ARGS,
});
try {
  const started = Date.now();
  const paths = await seed(server.url);
  const url = server.url + paths.thread;
  console.log(`seeded ${total} comments in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
  await measureOnce(browser, url); // warms the server's caches and the browser's
  const runs = [];
  const bare = [];
  for (let i = 0; i < Number(flags.runs); i++) {
    // The same page without a thread, in the same run: what opening a post costs by itself.
    bare.push((await measureOnce(browser, server.url + paths.empty, { expected: 0 })).all);
    const run = await measureOnce(browser, url);
    runs.push(run);
    console.log(
      `run ${i + 1}: first comment ${ms(run.first)} ms, all ${ms(run.all)} ms, ` +
        `${run.longTasks} long tasks after the first (longest ${ms(run.longest)} ms, blocking ${ms(run.blocked)} ms); ` +
        `post without comments ${ms(bare.at(-1))} ms`,
    );
  }
  if (flags.profile) await measureOnce(browser, url, { profile: true });
  const median = (values) =>
    pct(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const of = (key) => median(runs.map((r) => r[key]));
  console.log(
    `\n${total} comments at ${width} px, CPU throttle ${flags['cpu-throttle']}×, median of ${runs.length}: ` +
      `first comment ${ms(of('first'))} ms, whole thread ${ms(of('all'))} ms, ` +
      `${of('longTasks')} long tasks after the first comment (longest ${ms(of('longest'))} ms, ` +
      `blocking ${ms(of('blocked'))} ms); the post without comments ${ms(median(bare))} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
