// Load on the feeds (`GET /api/posts`) of databases filled by bench/generate.mjs: the real built server
// (packages/server/dist/main.js) on a free loopback port, measured with autocannon, each scenario for a
// fixed time. In the same run, a bare route (Fastify in a worker thread of this process, serving one real
// feed response of that database as a fixed body) measured the same way, at the start and at the end.
// Given several databases (two sizes, or the same size on both engines, or both), it starts a server on
// each and runs every scenario on each in turn, so all meet the same load from whatever else runs on the
// machine; then it prints the checks between them: 1.3× on p50 from a small to a large database of one
// engine, and 0.9× on requests/s from the PostgreSQL server to the embedded engine at one size.
// Needs `node scripts/build.mjs`.
//
//   node bench/feeds.mjs --engine postgres --database-url postgres://postgres@127.0.0.1:5432/bench_10k \
//        --database-url postgres://postgres@127.0.0.1:5432/bench_1m --out 10k.json --out 1m.json
//   node bench/feeds.mjs --engine embedded --data-dir bench/.data/embedded-10k [--data-dir bench/.data/embedded-1m]
//   node bench/feeds.mjs --data-dir bench/.data/embedded-10k --database-url postgres://…/bench_10k   (both engines)
//        [--duration 10] [--connections 10] [--warmup 2] [--rounds 1] [--pages 5] [--only 'hot.*anon']
//        [--label 'embedded, 10k posts'] [--out bench/.data/results/embedded-10k.json]   (per database, in order)
//        [--server bench/.data/before/packages/server/dist/main.js]   (per database, in order: another build;
//        the same database given twice with two builds compares them side by side)
//   node bench/feeds.mjs --compare a.json b.json     the checks between two saved runs
//
// Viewers: a guest (`anon`, a returning one: a session id that is not stored); `member`, the generated
// viewer, whose hidden posts and mutes remove most of the posts the feeds show first; `words`, its twin
// with 50 muted words; `ordinary`, the non-admin member with the most points who hides and mutes nothing.
//
// Each --data-dir is a site's DATA_DIR (its server starts its own embedded PostgreSQL there), each
// --database-url a database on a PostgreSQL server; --engine, when given, must agree with all of them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  checkEngine,
  formatMemory,
  getJson,
  measure,
  ms,
  openDatabase,
  pct,
  startBare,
  startServer,
} from './lib.mjs';

async function main() {
  const {
    values: flags,
    positionals,
    tokens,
  } = parseArgs({
    tokens: true,
    options: {
      engine: { type: 'string' },
      'data-dir': { type: 'string', multiple: true },
      'database-url': { type: 'string', multiple: true },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '1' },
      pages: { type: 'string', default: '5' },
      'small-target': { type: 'string', default: '100' },
      only: { type: 'string' },
      out: { type: 'string', multiple: true },
      label: { type: 'string', multiple: true },
      server: { type: 'string', multiple: true },
      compare: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (flags.compare) return compare(...positionals);

  const duration = Number(flags.duration);
  const connections = Number(flags.connections);
  const warmup = Number(flags.warmup);
  const rounds = Number(flags.rounds);
  // The databases in the order given: --out and --label go with them in that order.
  const locations = tokens
    .filter((t) => t.kind === 'option' && ['data-dir', 'database-url'].includes(t.name))
    .map((t) =>
      t.name === 'data-dir'
        ? { engine: 'embedded', location: path.resolve(t.value) }
        : { engine: 'postgres', location: t.value },
    );
  if (locations.length === 0)
    throw new Error('Give --data-dir DIR (embedded) or --database-url URL (PostgreSQL), once or more.');
  for (const l of locations) checkEngine(flags.engine, l);

  // One server per database; every scenario runs on each in turn, so that all meet the same load from
  // whatever else runs on the machine.
  const targets = [];
  for (const [i, { engine, location }] of locations.entries()) {
    const info = await inspectDatabase({ engine, location }, Number(flags['small-target']));
    console.log(
      `${engine}: ${info.posts} posts; big community ${info.big.name} (${info.big.posts_count} posts), ` +
        `small ${info.small.name} (${info.small.posts_count} posts); ${info.serverVersion}`,
    );
    targets.push({
      ...info,
      engine,
      location,
      label: flags.label?.[i] ?? `${engine} ${info.posts} posts`,
      main: flags.server?.[i] ? path.resolve(flags.server[i]) : undefined,
      results: [],
    });
  }
  const loadBefore = os.loadavg();
  console.log(`Load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);

  try {
    for (const t of targets) {
      t.server = await startServer(t.engine, t.location, {}, t.main);
      await prepareScenarios(t, flags);
      t.bare = await startBare(t.bareBody);
      t.bareScenario = {
        name: `bare route (${Buffer.byteLength(t.bareBody)}-byte body)`,
        url: `http://127.0.0.1:${t.bare.port}/bare`,
        headers: {},
        bytes: Buffer.byteLength(t.bareBody),
        bare: true,
      };
    }
    const samples = new Map(); // target index and scenario name → measurements of each round
    const run = async (ti, s) => {
      if (warmup > 0) await measure(s, { connections, duration: warmup });
      const r = await measure(s, { connections, duration });
      const key = `${ti}\u0000${s.name}`;
      if (!samples.has(key)) samples.set(key, { scenario: s, runs: [] });
      samples.get(key).runs.push({ ...r, load: os.loadavg()[0] });
      // Read at once: the pool closes connections idle for 10 s, so a reading after the whole run
      // would miss the backends the load used.
      if (!s.bare) {
        const m = targets[ti].server.memory();
        if (!targets[ti].memory || m.total > targets[ti].memory.total) targets[ti].memory = m;
      }
      console.log(
        `${targets.length > 1 ? `[${targets[ti].label}] ` : ''}${s.name}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ` +
          `${r.rps.toFixed(0)} req/s (load ${os.loadavg()[0].toFixed(2)})`,
      );
    };
    const scenarioNames = targets[0].scenarios.map((s) => s.name);
    console.log(
      `\n${duration} s per scenario, ${connections} connections, ${warmup} s warm-up each, ${rounds} round(s).`,
    );
    for (let round = 0; round < rounds; round++) {
      for (const [ti, t] of targets.entries())
        await run(ti, { ...t.bareScenario, name: 'bare route, start' });
      for (const [i, name] of scenarioNames.entries()) {
        // Alternate which database goes first.
        const order = targets.map((_, ti) => ti);
        if (i % 2 === 1) order.reverse();
        for (const ti of order) {
          const s = targets[ti].scenarios.find((x) => x.name === name);
          if (s && !s.skipped) await run(ti, s);
        }
      }
      for (const [ti, t] of targets.entries()) await run(ti, { ...t.bareScenario, name: 'bare route, end' });
    }
    for (const [ti, t] of targets.entries()) {
      for (const [key, { scenario, runs }] of samples) {
        if (!key.startsWith(`${ti}\u0000`)) continue;
        t.results.push({ ...pick(scenario), ...pool(runs) });
      }
    }
  } finally {
    for (const t of targets) {
      await t.bare?.worker.terminate();
      await t.server?.stop();
    }
  }
  const loadAfter = os.loadavg();

  const reports = targets.map((t) => ({
    label: t.label,
    engine: t.engine,
    serverVersion: t.serverVersion,
    posts: t.posts,
    big: t.big,
    small: t.small,
    duration,
    connections,
    rounds,
    pairedWith: targets.filter((x) => x !== t).map((x) => x.label),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
    date: new Date().toISOString(),
    loadBefore,
    loadAfter,
    siteMemory: t.memory ?? null,
    skipped: t.scenarios.filter((s) => s.skipped).map((s) => s.name),
    results: t.results,
  }));
  for (const report of reports) printReport(report);
  console.log(
    `Load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
  for (const [i, report] of reports.entries()) {
    const out = flags.out?.[i];
    if (!out) continue;
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(report, null, 2));
    console.log(`Saved ${out}`);
  }
  compareAll(reports);
  for (const report of reports) compareMutedWords(report);
}

/**
 * The scenarios of one server (`t.server`, and `t.big`, `t.small`, `t.sessionId` from inspectDatabase):
 * URLs, with the cursor of a deep page found by following `next` as that viewer; `t.bareBody` too.
 */
export async function prepareScenarios(t, flags) {
  const base = t.server.url;
  const anon = await viewerCookie(
    base,
    crypto.randomBytes(27).toString('base64url').replaceAll('-', '_'),
    false,
  );
  const member = await viewerCookie(base, t.sessionId, true);
  // The member's twin with 50 muted words (generate.mjs), when the database has one.
  const words = t.wordsSessionId ? await viewerCookie(base, t.wordsSessionId, true) : null;
  const ordinary = await viewerCookie(base, t.ordinarySessionId, true);
  const cookies = { anon, member, words, ordinary };
  t.scenarios = [];
  for (const sort of ['hot', 'latest', 'week']) {
    for (const scope of ['all', 'big', 'small']) {
      // Viewers inside pages: the member and their twin with muted words run one after the other.
      for (const page of ['first', 'deep']) {
        for (const viewer of ['anon', 'member', ...(words ? ['words'] : []), 'ordinary']) {
          const name = `${sort} · ${scope} · ${viewer} · ${page === 'first' ? 'page 1' : `page ${Number(flags.pages) + 1}`}`;
          if (flags.only && !new RegExp(flags.only).test(name)) continue;
          t.scenarios.push({ name, sort, scope, viewer, page });
        }
      }
    }
  }
  for (const s of t.scenarios) {
    const headers = { cookie: cookies[s.viewer].cookie };
    const community = s.scope === 'all' ? null : t[s.scope].id;
    const url = (next) =>
      `${base}/api/posts?sort=${s.sort}${community ? `&communityId=${community}` : ''}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
    let next = null;
    if (s.page === 'deep') {
      for (let i = 0; i < Number(flags.pages); i++) {
        const feed = await getJson(url(next), headers);
        next = feed.next;
        if (!next) break;
      }
      if (!next) {
        s.skipped = 'no page that deep';
        continue;
      }
    }
    s.url = url(next);
    s.headers = headers;
    const res = await fetch(s.url, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${text.slice(0, 200)}`);
    const feed = JSON.parse(text);
    s.posts = feed.posts.length;
    s.bytes = Buffer.byteLength(text);
    if (s.viewer !== 'anon' && feed.posts.some((p) => p.userVoted === null))
      throw new Error(`${s.name}: not logged in`);
    if (s.viewer === 'anon' && feed.posts.some((p) => p.userVoted !== null))
      throw new Error(`${s.name}: not anonymous`);
    // The bare route serves the first page of the default feed, as an anonymous visitor sees it.
    if (!t.bareBody || (s.sort === 'hot' && s.scope === 'all' && s.viewer === 'anon' && s.page === 'first')) {
      t.bareBody = text;
    }
  }
  if (!t.bareBody) {
    const res = await fetch(`${base}/api/posts`, { headers: { cookie: anon.cookie } });
    t.bareBody = await res.text();
  }
}

/** Rounds of one scenario together: every response time in one distribution, requests over the total time. */
function pool(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((a, r) => a + r.requests, 0);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return {
    requests,
    rps: requests / seconds,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
    bytesPerResponse: Math.round(runs.reduce((a, r) => a + r.bytes, 0) / requests),
    load: runs.reduce((a, r) => a + r.load, 0) / runs.length,
    rounds: runs.map((r) => ({ p50: r.p50, p99: r.p99, rps: r.rps, load: r.load })),
  };
}

function printReport(report) {
  console.log(`\n${report.label} (${report.posts} posts), ${report.serverVersion}`);
  if (report.siteMemory)
    console.log(`Memory (Pss), the highest right after a scenario: ${formatMemory(report.siteMemory)}`);
  console.log(header());
  const bares = report.results.filter((r) => r.bare);
  const bare = { p50: avg(bares, 'p50'), rps: avg(bares, 'rps') };
  for (const r of report.results) print(r, bare);
  for (const name of report.skipped) console.log(`${name.padEnd(34)} skipped: no page that deep`);
}

const avg = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;

function pick(s) {
  const { name, sort, scope, viewer, page, bytes, posts, bare } = s;
  return { name, sort, scope, viewer, page, bytes, posts, bare: bare ?? false };
}

// --- The database: which communities and which session -----------------------------------------------

/** The communities and the session the scenarios use. The embedded server is stopped again after. */
export async function inspectDatabase(target, smallTarget) {
  const { sql } = await import('kysely');
  const database = await openDatabase(target);
  try {
    const q = async (text) => (await sql.raw(text).execute(database.db)).rows;
    const [big] = await q(
      `SELECT id, name, posts_count FROM communities WHERE deleted_at IS NULL ORDER BY posts_count DESC, id LIMIT 1`,
    );
    const [small] = await q(
      `SELECT id, name, posts_count FROM communities WHERE deleted_at IS NULL
       ORDER BY abs(posts_count - ${Number(smallTarget)}), id LIMIT 1`,
    );
    const [session] = await q(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'bench_viewer' AND s.expires_at > now()`,
    );
    const [words] = await q(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'bench_viewer_words' AND s.expires_at > now()`,
    );
    // An ordinary member beside the generated viewer, whose hides and mutes remove most of the posts
    // the feeds show first: the non-admin with the most points (votes, memberships) who hides no post
    // and mutes no one, given a session of a fixed id (made once, for a year).
    const ordinarySessionId = 'bench_ordinary_member_session_000001';
    await q(`INSERT INTO sessions (id, user_id, last_seen_at, created_at, expires_at)
      SELECT '${ordinarySessionId}', u.id, now(), now(), now() + interval '1 year' FROM users u
      WHERE NOT u.is_admin AND u.deleted_at IS NULL AND u.banned_at IS NULL AND u.username NOT LIKE 'bench_viewer%'
        AND NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM muted_communities m WHERE m.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM muted_words m WHERE m.user_id = u.id)
      ORDER BY u.points DESC, u.id LIMIT 1
      ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at`);
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM posts`);
    const [{ version }] = await q(`SELECT version()`);
    if (!big || !session)
      throw new Error(
        'Not a database made by bench/generate.mjs (no communities or no bench_viewer session).',
      );
    return {
      big,
      small,
      sessionId: session.id,
      wordsSessionId: words?.id ?? null,
      ordinarySessionId,
      posts: n,
      serverVersion: version.split(' on ')[0].split(',')[0],
    };
  } finally {
    await database.close();
  }
}

/** The cookies a returning browser sends: the session id and the CSRF token the server gave it. */
async function viewerCookie(base, sessionId, member) {
  const res = await fetch(`${base}/api/posts?limit=1`, { headers: { cookie: `SID=${sessionId}` } });
  await res.text();
  const token = res.headers.get('csrf-token');
  if (res.status !== 200 || !token)
    throw new Error(`Could not start the ${member ? 'member' : 'anonymous'} session`);
  return { cookie: `SID=${sessionId}; csrftoken=${token}` };
}

function header() {
  return `${'scenario'.padEnd(34)} ${'bytes'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'p50/bare'.padStart(9)} ${'rps/bare'.padStart(9)} ${'load'.padStart(5)}`;
}

function print(r, bare) {
  const ratio = bare && !r.bare ? `${(r.p50 / bare.p50).toFixed(1)}×`.padStart(9) : ''.padStart(9);
  const share = bare && !r.bare ? `${((100 * r.rps) / bare.rps).toFixed(1)}%`.padStart(9) : ''.padStart(9);
  console.log(
    `${r.name.slice(0, 34).padEnd(34)} ${String(r.bytesPerResponse).padStart(7)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${ratio} ${share} ${r.load.toFixed(2).padStart(5)}`,
  );
}

// --- The checks between databases ------------------------------------------------------------------------

function compare(...files) {
  if (files.length !== 2) throw new Error('--compare needs two result files');
  compareAll(files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8'))));
}

/** The member with 50 muted words against the same member without, scenario by scenario: the 1.3× rule on p50. */
function compareMutedWords(report) {
  const pairs = report.results
    .filter((r) => r.viewer === 'words')
    .map((w) => [
      report.results.find((m) => m.viewer === 'member' && m.name === w.name.replace('words', 'member')),
      w,
    ])
    .filter(([m]) => m);
  if (pairs.length === 0) return;
  console.log(`\n${report.label}: a member with 50 muted words against the same member with none`);
  console.log(
    `${'scenario'.padEnd(34)} ${'p50 0'.padStart(8)} ${'p50 50'.padStart(8)} ${'ratio'.padStart(6)} ${'p99 0'.padStart(8)} ${'p99 50'.padStart(8)} ${'rps 0'.padStart(7)} ${'rps 50'.padStart(7)}  1.3× rule`,
  );
  let over = 0;
  for (const [m, w] of pairs) {
    const ratio = w.p50 / m.p50;
    if (ratio > 1.3) over++;
    console.log(
      `${m.name.replace(' · member', '').padEnd(34)} ${ms(m.p50).padStart(8)} ${ms(w.p50).padStart(8)} ${ratio.toFixed(2).padStart(6)} ${ms(m.p99).padStart(8)} ${ms(w.p99).padStart(8)} ${m.rps.toFixed(0).padStart(7)} ${w.rps.toFixed(0).padStart(7)}  ${ratio <= 1.3 ? 'within' : 'OVER'}`,
    );
  }
  console.log(over ? `${over} scenario(s) over 1.3×` : 'Every scenario within 1.3×');
}

/** Every pair of one engine at two sizes gets the 1.3× check; every pair of engines at one size the 0.9× one. */
function compareAll(reports) {
  for (const [i, a] of reports.entries()) {
    for (const b of reports.slice(i + 1)) {
      if (a.engine === b.engine && a.posts !== b.posts) {
        console.log('');
        compareSizes(...(a.posts < b.posts ? [a, b] : [b, a]));
      }
      if (a.engine !== b.engine && a.posts === b.posts) {
        console.log('');
        compareEngines(...(a.engine === 'postgres' ? [a, b] : [b, a]));
      }
    }
  }
}

const bareOf = (run) => {
  const bares = run.results.filter((r) => r.bare);
  return { p50: avg(bares, 'p50'), rps: avg(bares, 'rps') };
};

function compareSizes(small, large) {
  const [bs, bl] = [bareOf(small), bareOf(large)];
  console.log(`${small.label} (${small.posts} posts) → ${large.label} (${large.posts} posts)`);
  console.log(
    `bare route p50 ${ms(bs.p50)} → ${ms(bl.p50)} ms, ${bs.rps.toFixed(0)} → ${bl.rps.toFixed(0)} req/s`,
  );
  console.log(
    `${'scenario'.padEnd(34)} ${'p50 small'.padStart(9)} ${'p50 large'.padStart(9)} ${'ratio'.padStart(6)} ${'p99 ratio'.padStart(9)} ${'rps ratio'.padStart(9)}  1.3× rule`,
  );
  let failures = 0;
  for (const r of large.results.filter((x) => !x.bare)) {
    const s = small.results.find((x) => x.name === r.name);
    if (!s) continue;
    const ratio = r.p50 / s.p50;
    const ok = ratio <= 1.3;
    if (!ok) failures++;
    console.log(
      `${r.name.padEnd(34)} ${ms(s.p50).padStart(9)} ${ms(r.p50).padStart(9)} ${ratio.toFixed(2).padStart(6)} ${(r.p99 / s.p99).toFixed(2).padStart(9)} ${(s.rps / r.rps).toFixed(2).padStart(9)}  ${ok ? 'within' : 'OVER'}`,
    );
  }
  console.log(failures ? `${failures} scenario(s) over 1.3×` : 'Every scenario within 1.3×');
}

/** The embedded engine's requests/s as a share of the PostgreSQL server's, scenario by scenario. */
function compareEngines(server, embedded) {
  const [bs, be] = [bareOf(server), bareOf(embedded)];
  console.log(`${server.label} → ${embedded.label} (${server.posts} posts)`);
  console.log(
    `bare route ${bs.rps.toFixed(0)} / ${be.rps.toFixed(0)} req/s, p50 ${ms(bs.p50)} / ${ms(be.p50)} ms`,
  );
  console.log(
    `${'scenario'.padEnd(34)} ${'rps server'.padStart(10)} ${'rps embed.'.padStart(10)} ${'ratio'.padStart(6)} ${'p50 server'.padStart(10)} ${'p50 embed.'.padStart(10)}  0.9× rule`,
  );
  let below = 0;
  const ratios = [];
  for (const e of embedded.results.filter((x) => !x.bare)) {
    const s = server.results.find((x) => x.name === e.name);
    if (!s) continue;
    const ratio = e.rps / s.rps;
    ratios.push(ratio);
    if (ratio < 0.9) below++;
    console.log(
      `${e.name.padEnd(34)} ${s.rps.toFixed(0).padStart(10)} ${e.rps.toFixed(0).padStart(10)} ${ratio.toFixed(2).padStart(6)} ${ms(s.p50).padStart(10)} ${ms(e.p50).padStart(10)}  ${ratio >= 0.9 ? 'at or above' : 'BELOW'}`,
    );
  }
  const geomean = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  console.log(
    `${below ? `${below} scenario(s) below 0.9×` : 'Every scenario at or above 0.9×'}; geometric mean ${geomean.toFixed(2)}×`,
  );
}

if (process.argv[1] === import.meta.filename) await main();
