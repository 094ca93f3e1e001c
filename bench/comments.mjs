// Load on a post page's first batch of comments: two posts, one with 500 comments and one with 10,000,
// threaded the way discussions are (a third top-level, the rest replies to recent comments, up to depth
// 15; upvotes skewed, a reply's usually a share of its parent's). Measures `GET /api/posts/{publicId}`
// (the post with its first page of comments, what opening a post costs) and
// `GET /api/posts/{publicId}/comments`, anonymous and compressed as a browser asks for it, on the real
// built server, and checks that the larger post costs at most 1.5× the smaller. Needs
// `node scripts/build.mjs`.
//
//   node bench/comments.mjs --engine embedded --data-dir bench/.data/comments-embedded
//   node bench/comments.mjs --engine postgres --database-url postgres://postgres@127.0.0.1:5432/bench_comments
//        [--duration 10] [--connections 10] [--warmup 2] [--out bench/.data/results/comments-embedded.json]
//        [--server bench/.data/before/packages/server/dist/main.js --label before --server packages/server/dist/main.js --label after]
//        (several builds on the same data, side by side: each scenario on each in turn, alternating which goes first)
//
// In the same run, a bare route (Fastify in a worker thread, serving the smaller post page's answer as a
// fixed, uncompressed body) is measured at the start and the end, to read the others as ratios to it.
//
// The data directory or database is created when missing and filled once; later runs reuse it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate } from '../packages/server/dist/db/migrate.js';
import { newId, randomString } from '../packages/server/dist/lib/ids.js';
import {
  createPostgresDatabase,
  measure,
  ms,
  openDatabase,
  random,
  startBare,
  startServer,
  targetOf,
} from './lib.mjs';
import { adjectives, nouns, verbs } from './words.mjs';

const SIZES = [500, 10_000];
const TITLE = (n) => `Comment bench: ${n} comments`;
/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    out: { type: 'string' },
    server: { type: 'string', multiple: true },
    label: { type: 'string', multiple: true },
  },
});

const target = targetOf(flags);

/** Comments of one post: ids in time order, parents among recent comments, skewed upvotes. */
function thread(count, postId, communityId, userIds, seed) {
  const rand = random(seed);
  const start = Date.now() - count * 60_000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(start + i * 60_000);
    let parent = null;
    if (i > 0 && rand() > 0.33) {
      // Replies go mostly to recent comments.
      const back = Math.min(i, 1 + Math.floor(rand() ** 3 * Math.min(i, 200)));
      parent = rows[i - back];
      if (parent.depth >= 15) parent = null;
    }
    const pick = (list) => list[Math.floor(rand() * list.length)];
    rows.push({
      id: `${createdAt.getTime().toString(16).padStart(16, '0')}${i.toString(16).padStart(8, '0')}`,
      post_id: postId,
      community_id: communityId,
      user_id: pick(userIds),
      parent_id: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      ancestors: parent ? [...(parent.ancestors ?? []), parent.id] : null,
      body: `I would ${pick(verbs)} the ${pick(adjectives)} ${pick(nouns)} first, then the ${pick(nouns)}.`,
      // Top-level comments: a few popular, most not. A reply is read by fewer people than what it
      // answers, so it usually gets a share of its parent's votes; one in ten stands out on its own.
      upvotes:
        !parent || rand() < 0.1
          ? 1 + (Math.floor(1 / (0.02 + rand() ** 2)) % 400)
          : 1 + Math.floor(parent.upvotes * rand() ** 1.5),
      created_at: createdAt,
      no_replies: 0,
      no_replies_direct: 0,
    });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const row of rows) {
    if (row.parent_id) byId.get(row.parent_id).no_replies_direct++;
    for (const a of row.ancestors ?? []) byId.get(a).no_replies++;
  }
  return rows.map((r) => ({ ...r, points: r.upvotes }));
}

/** The two posts, made once: a user, a community, the posts and their comments, straight into SQL. */
async function prepare(db) {
  const existing = await db
    .selectFrom('posts')
    .select(['public_id', 'title'])
    .where('title', 'in', SIZES.map(TITLE))
    .execute();
  if (existing.length === SIZES.length) return new Map(existing.map((p) => [p.title, p.public_id]));

  const userIds = [];
  for (let i = 0; i < 50; i++) {
    const id = newId();
    userIds.push(id);
    await db
      .insertInto('users')
      .values({ id, username: `cb_${randomString(8)}`, password: 'x', points: 1 })
      .execute();
  }
  const communityId = newId();
  await db
    .insertInto('communities')
    .values({ id: communityId, name: `cb${randomString(6)}`, user_id: userIds[0], no_members: 1 })
    .execute();
  const publicIds = new Map();
  for (const [i, size] of SIZES.entries()) {
    const postId = newId();
    const publicId = randomString(8);
    publicIds.set(TITLE(size), publicId);
    await db
      .insertInto('posts')
      .values({
        id: postId,
        type: 'text',
        public_id: publicId,
        user_id: userIds[0],
        community_id: communityId,
        title: TITLE(size),
        body: 'A long discussion.',
        upvotes: 1,
        points: 1,
        no_comments: size,
      })
      .execute();
    const rows = thread(size, postId, communityId, userIds, 1000 + i);
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      await db.insertInto('comments').values(batch).execute();
      const closure = batch.flatMap((r) =>
        (r.ancestors ?? []).map((a) => ({ ancestor_id: a, comment_id: r.id })),
      );
      if (closure.length) await db.insertInto('comment_replies').values(closure).execute();
    }
  }
  return publicIds;
}

async function main() {
  if (target.engine === 'postgres') await createPostgresDatabase(target.location);
  const database = await openDatabase(target);
  let publicIds;
  try {
    await migrate(database.db);
    const started = performance.now();
    publicIds = await prepare(database.db);
    // Fresh bulk rows have no planner statistics until autovacuum analyzes them (and the PostgreSQL
    // server of the development machine runs without it); a site that grew to this would have them.
    await sql`ANALYZE`.execute(database.db);
    console.log(`Data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }

  const mains = flags.server ?? [undefined];
  const labels = mains.map((main, i) => flags.label?.[i] ?? main ?? 'this build');
  const servers = [];
  for (const main of mains) servers.push(await startServer(target.engine, target.location, {}, main));
  const options = { connections: Number(flags.connections), duration: Number(flags.duration) };
  const results = [];
  const log = (label, name, r, extra = '') =>
    console.log(
      `${servers.length > 1 ? `[${label}] ` : ''}${name}:${extra} p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ${r.rps.toFixed(0)} req/s (load ${os.loadavg()[0].toFixed(2)})`,
    );
  const bareBody = await (
    await fetch(`${servers[0].url}/api/posts/${publicIds.get(TITLE(SIZES[0]))}`)
  ).text();
  const bare = await startBare(bareBody);
  const bareScenario = { url: `http://127.0.0.1:${bare.port}/bare`, headers: {} };
  const runBare = async (when) => {
    const name = `bare route, ${when} (${Buffer.byteLength(bareBody)}-byte body)`;
    if (Number(flags.warmup) > 0)
      await measure({ ...bareScenario, name }, { ...options, duration: Number(flags.warmup) });
    const r = await measure({ ...bareScenario, name }, options);
    results.push({ name, label: null, bare: true, p50: r.p50, p99: r.p99, rps: r.rps });
    log('bare', name, r);
  };
  try {
    await runBare('start');
    let turn = 0;
    for (const size of SIZES) {
      const publicId = publicIds.get(TITLE(size));
      for (const what of ['post page', 'comments']) {
        const order = servers.map((_, i) => i);
        if (turn++ % 2 === 1) order.reverse();
        for (const i of order) {
          const url = `${servers[i].url}/api/posts/${publicId}${what === 'comments' ? '/comments' : ''}`;
          const res = await fetch(url);
          const json = await res.json();
          const count = (json.comments ?? []).length;
          // As a browser asks: the answer is compressed, as every reader gets it.
          const s = {
            name: `${what} · ${size} comments`,
            url,
            headers: { 'accept-encoding': BROWSER_ENCODINGS },
          };
          if (Number(flags.warmup) > 0) await measure(s, { ...options, duration: Number(flags.warmup) });
          const r = await measure(s, options);
          results.push({
            name: s.name,
            label: labels[i],
            size,
            what,
            returned: count,
            p50: r.p50,
            p99: r.p99,
            rps: r.rps,
          });
          log(labels[i], s.name, r, ` ${count} comments in the answer,`);
        }
      }
    }
    await runBare('end');
  } finally {
    await bare.worker.terminate();
    for (const server of servers) await server.stop();
  }
  let over = 0;
  const bareRps = results.filter((r) => r.bare).reduce((sum, r, _, all) => sum + r.rps / all.length, 0);
  for (const label of labels) {
    for (const what of ['post page', 'comments']) {
      const [small, large] = SIZES.map((size) =>
        results.find((r) => r.size === size && r.what === what && r.label === label),
      );
      const ratio = large.p50 / small.p50;
      if (ratio > 1.5) over++;
      console.log(
        `${servers.length > 1 ? `[${label}] ` : ''}${what}: p50 ${ms(small.p50)} → ${ms(large.p50)} ms (${ratio.toFixed(2)}×) ${ratio <= 1.5 ? 'within' : 'OVER'} 1.5×; ` +
          `req/s ÷ the bare route's: ${(small.rps / bareRps).toFixed(3)}× and ${(large.rps / bareRps).toFixed(3)}×`,
      );
    }
  }
  if (flags.out) {
    fs.mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
    fs.writeFileSync(
      flags.out,
      JSON.stringify({ engine: target.engine, date: new Date().toISOString(), results }, null, 2),
    );
  }
  if (over) process.exitCode = 1;
}

await main();
