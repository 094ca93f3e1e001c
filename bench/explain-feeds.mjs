// The query plans behind each feed scenario of bench/feeds.mjs. It runs the server's own code for one
// request (the session lookup, then getFeed from packages/server/dist with its presenter queries) on a
// Kysely that records every statement, then runs each recorded statement again under
// EXPLAIN (ANALYZE, BUFFERS) with the same parameters. Needs `node scripts/build.mjs`.
//
//   node bench/explain-feeds.mjs --engine postgres --database-url postgres://postgres@127.0.0.1:5432/bench_1m
//   node bench/explain-feeds.mjs --engine embedded --data-dir bench/.data/embedded-1m [--pages 5] [--only hot] [--verbose]
//        [--out bench/.data/results/plans-postgres-1m.json]
//   node bench/explain-feeds.mjs --compare plans-10k.json plans-1m.json   rows and buffers, side by side
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgTypes } from '../packages/server/dist/db/engine.js';
import { createReadCache } from '../packages/server/dist/cache/read-cache.js';
import { getFeed, parseFeedQuery } from '../packages/server/dist/feeds/feeds.service.js';
import { findSessionWithUser } from '../packages/server/dist/sessions/sessions.repository.js';
import { reach, targetOf } from './lib.mjs';

const { values: flags, positionals } = parseArgs({
  options: {
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    pages: { type: 'string', default: '5' },
    'small-target': { type: 'string', default: '100' },
    only: { type: 'string' },
    out: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

/** Every node of a plan, depth first. */
function* nodes(plan) {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** One line per plan: node types with their index or table, and what the scans read. */
function summarize(plan) {
  const shape = (p) => {
    const what = p['Index Name'] ?? p['Relation Name'] ?? '';
    const self = `${p['Node Type']}${what ? ` ${what}` : ''}${p['Node Type'].includes('Scan') || p['Node Type'] === 'Sort' ? ` (${Math.round(p['Actual Rows'] * (p['Actual Loops'] ?? 1))} rows${p['Rows Removed by Filter'] ? `, ${Math.round(p['Rows Removed by Filter'] * (p['Actual Loops'] ?? 1))} filtered out` : ''})` : ''}`;
    const kids = (p.Plans ?? []).map(shape);
    return kids.length ? `${self} ← ${kids.length > 1 ? `[${kids.join('; ')}]` : kids[0]}` : self;
  };
  let rowsRead = 0;
  const seqScans = [];
  const sorts = [];
  for (const n of nodes(plan)) {
    const loops = n['Actual Loops'] ?? 1;
    if (n['Node Type'].includes('Scan'))
      rowsRead += Math.round((n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * loops);
    if (n['Node Type'] === 'Seq Scan') seqScans.push(n['Relation Name']);
    if (n['Node Type'] === 'Sort') sorts.push(n['Sort Method']);
  }
  return {
    shape: shape(plan),
    rowsRead,
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    seqScans,
    sorts,
  };
}

/** A short name for a statement: its first table, and "feed" for the feed page itself. */
function label(text) {
  if (/ORDER BY .*LIMIT/s.test(text) && /from (posts p|post_windows w|unnest)/i.test(text))
    return 'feed page';
  const table = /from "?(\w+)"?/i.exec(text)?.[1] ?? '?';
  return table === 'sessions' ? 'session and user' : table === 'pinned_posts' ? 'pinned posts' : table;
}

async function main() {
  const target = targetOf(flags);
  const reached = await reach(target);
  // The server's type parsing (int8 and numeric as numbers), so the code under test sees the same rows.
  const pool = new pg.Pool({ ...reached.connection, max: 1, types: pgTypes });
  const recorded = [];
  let recording = false;
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (recording && event.level === 'query') {
        recorded.push({
          sql: event.query.sql,
          parameters: event.query.parameters,
          ms: event.queryDurationMillis,
        });
      }
    },
  });
  const query = async (text, values = []) => (await pool.query(text, values)).rows;
  try {
    const [big] = await query(
      `SELECT id, name, posts_count FROM communities WHERE deleted_at IS NULL ORDER BY posts_count DESC, id LIMIT 1`,
    );
    const [small] = await query(
      `SELECT id, name, posts_count FROM communities WHERE deleted_at IS NULL ORDER BY abs(posts_count - $1), id LIMIT 1`,
      [Number(flags['small-target'])],
    );
    const [session] = await query(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'bench_viewer'`,
    );
    // The member's twin with 50 muted words (generate.mjs), when the database has one.
    const [wordsSession] = await query(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'bench_viewer_words'`,
    );
    // The ordinary member of feeds.mjs (which adds its session), when a run of it has.
    const [ordinarySession] = await query(
      `SELECT id FROM sessions WHERE id = 'bench_ordinary_member_session_000001'`,
    );
    const [{ n: posts }] = await query(`SELECT count(*)::int AS n FROM posts`);
    const deps = {
      db,
      secrets: { imageKey: Buffer.alloc(32) },
      clock: () => new Date(),
      config: {},
      // A member's page reads shared runs from the read cache: a minute, so that the recorded request
      // finds what the request before it (not recorded) put there, as under load.
      readCache: createReadCache(60_000),
    };
    const report = { engine: target.engine, posts, scenarios: [] };
    console.log(`${target.engine}: ${posts} posts; big community ${big.name}, small ${small.name}\n`);

    for (const sort of ['hot', 'latest', 'week']) {
      for (const scope of ['all', 'big', 'small']) {
        for (const viewerKind of [
          'anon',
          'member',
          ...(wordsSession ? ['words'] : []),
          ...(ordinarySession ? ['ordinary'] : []),
        ]) {
          for (const page of ['first', 'deep']) {
            const name = `${sort} · ${scope} · ${viewerKind} · ${page === 'first' ? 'page 1' : `page ${Number(flags.pages) + 1}`}`;
            if (flags.only && !new RegExp(flags.only).test(name)) continue;
            const params = {
              sort,
              ...(scope === 'all' ? {} : { communityId: (scope === 'big' ? big : small).id }),
            };
            const sessionOf = async () =>
              viewerKind === 'anon'
                ? null
                : ((
                    await findSessionWithUser(
                      db,
                      { words: wordsSession, ordinary: ordinarySession }[viewerKind]?.id ?? session.id,
                    )
                  )?.user ?? null);
            let next = null;
            if (page === 'deep') {
              for (let i = 0; i < Number(flags.pages); i++) {
                const feed = await getFeed(
                  deps,
                  await sessionOf(),
                  parseFeedQuery({ ...params, ...(next ? { next } : {}) }),
                );
                next = feed.next;
                if (!next) break;
              }
              if (!next) {
                console.log(`${name}: no page that deep\n`);
                continue;
              }
            }
            // Once unrecorded: a member's shared parts are then in the read cache, as on a busy site.
            if (viewerKind !== 'anon') {
              await getFeed(
                deps,
                await sessionOf(),
                parseFeedQuery({ ...params, ...(next ? { next } : {}) }),
              );
            }
            recorded.length = 0;
            recording = true;
            // An anonymous request looks its (unstored) session up too.
            const viewer =
              viewerKind !== 'anon'
                ? await sessionOf()
                : ((await findSessionWithUser(db, 'x'.repeat(36))) ?? null);
            await getFeed(deps, viewer, parseFeedQuery({ ...params, ...(next ? { next } : {}) }));
            recording = false;
            const statements = [];
            for (const r of recorded) {
              const [
                {
                  'QUERY PLAN': [result],
                },
              ] = await query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${r.sql}`, r.parameters);
              statements.push({
                what: label(r.sql),
                sql: r.sql,
                parameters: r.parameters.map((p) => (Array.isArray(p) ? `[${p.length} values]` : p)),
                executionMs: result['Execution Time'],
                planningMs: result['Planning Time'],
                ...summarize(result.Plan),
              });
            }
            report.scenarios.push({ name, statements });
            printScenario(name, statements);
          }
        }
      }
    }
    if (flags.out) {
      fs.mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
      fs.writeFileSync(flags.out, JSON.stringify(report, null, 2));
      console.log(`Saved ${flags.out}`);
    }
  } finally {
    await db.destroy();
    await reached.stop();
  }
}

function printScenario(name, statements) {
  const total = (k) => statements.reduce((a, s) => a + s[k], 0);
  console.log(
    `${name}: ${statements.length} statements, ${total('rowsRead')} rows read, ${total('buffers')} buffers, ` +
      `${total('executionMs').toFixed(2)} ms executing, ${total('planningMs').toFixed(2)} ms planning`,
  );
  for (const s of statements) {
    const flagsText = [
      s.seqScans.length ? `SEQ SCAN ${s.seqScans.join(', ')}` : '',
      s.sorts.length ? `sort (${s.sorts.join(', ')})` : '',
    ]
      .filter(Boolean)
      .join('; ');
    console.log(
      `  ${s.what.padEnd(18)} ${String(s.rowsRead).padStart(6)} rows ${String(s.buffers).padStart(5)} buf ${s.executionMs.toFixed(2).padStart(7)} ms  ${flags.verbose ? s.shape : s.shape.slice(0, 150)}${flagsText ? `  [${flagsText}]` : ''}`,
    );
    if (flags.verbose)
      console.log(`      ${s.sql.replace(/\s+/g, ' ')}\n      ${JSON.stringify(s.parameters)}`);
  }
  console.log('');
}

function compare(smallFile, largeFile) {
  const small = JSON.parse(fs.readFileSync(smallFile, 'utf8'));
  const large = JSON.parse(fs.readFileSync(largeFile, 'utf8'));
  console.log(
    `${small.engine} ${small.posts} posts → ${large.engine} ${large.posts} posts: rows read and buffers per request`,
  );
  console.log(
    `${'scenario'.padEnd(34)} ${'rows'.padStart(7)} ${'rows'.padStart(7)} ${'buffers'.padStart(8)} ${'buffers'.padStart(8)}  feed page plan (large)`,
  );
  for (const l of large.scenarios) {
    const s = small.scenarios.find((x) => x.name === l.name);
    if (!s) continue;
    const sum = (sc, k) => sc.statements.reduce((a, x) => a + x[k], 0);
    const feed = l.statements.find((x) => x.what === 'feed page');
    console.log(
      `${l.name.padEnd(34)} ${String(sum(s, 'rowsRead')).padStart(7)} ${String(sum(l, 'rowsRead')).padStart(7)} ${String(sum(s, 'buffers')).padStart(8)} ${String(sum(l, 'buffers')).padStart(8)}  ${feed ? feed.shape.slice(0, 110) : ''}`,
    );
  }
}

if (flags.compare) compare(...positionals);
else await main();
