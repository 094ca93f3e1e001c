// Built-in search (issue 16) on a database filled by bench/generate.mjs: p50, p99 and requests/s of
// `GET /api/search` for one-, two- and three-word queries under N connections on the real built server,
// each request a different query drawn from the generator's own words; and the cost the search upkeep
// adds to creating a post or a comment, with the search triggers on and off in alternating rounds: as
// bare single-row INSERTs, each its own transaction, and as the site makes them, `POST /api/posts` and
// `POST /api/posts/{id}/comments` by one member, one request at a time.
// Needs `node scripts/build.mjs`. The generator makes no comments: `--comments-per-post N` adds them
// (plain SQL, a few words each, with the triggers off and their search rows made in one statement, as
// migration 0014 makes them for an existing site) when the database has fewer.
// `--compare-main` and `--compare-database-url` run another build (e.g. a copy of the dist of main) on
// its own database beside this one, each scenario on both in turn: before and after in one run.
//
//   node bench/search.mjs --database-url postgres://postgres@127.0.0.1:5432/bench_100k \
//        [--comments-per-post 3] [--duration 10] [--connections 10] [--upkeep-rows 2000] [--rounds 3]
//        [--compare-main path/to/dist/main.js --compare-database-url postgres://…/bench_100k_base]
//        [--skip-upkeep] [--only posts,comments | --only posts-2-words-relevance] [--upkeep-requests 300]
//        [--upkeep-only]   (the upkeep alone, on the database as it is: no migration or fill)
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate } from '../packages/server/dist/db/migrate.js';
import { measure, ms, openDatabase, pct, random, startBare, startServer } from './lib.mjs';
import { adjectives, nouns, topics, verbs } from './words.mjs';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'comments-per-post': { type: 'string', default: '0' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'upkeep-rows': { type: 'string', default: '2000' },
    'upkeep-requests': { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    'compare-main': { type: 'string' },
    'compare-database-url': { type: 'string' },
    'skip-upkeep': { type: 'boolean', default: false },
    'upkeep-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (!flags['database-url']) throw new Error('--database-url is required');
const url = flags['database-url'];
const duration = Number(flags.duration);
const connections = Number(flags.connections);

async function counts(db) {
  const { rows } = await sql`SELECT (SELECT count(*) FROM posts)::int AS posts,
    (SELECT count(*) FROM comments)::int AS comments, (SELECT count(*) FROM users)::int AS users`.execute(db);
  return rows[0];
}

/**
 * Fills a search table in one statement with its GIN index dropped and built again afterwards (one bulk
 * build, as migration 0014 does), when there are many rows to add; otherwise through the index.
 */
async function fillSearchTable(db, table, index, insert, many) {
  if (!many) return insert.execute(db);
  const { rows } = await sql`SELECT pg_get_indexdef(${index}::regclass) AS def`.execute(db);
  await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  try {
    return await insert.execute(db);
  } finally {
    await sql.raw(rows[0].def).execute(db);
  }
}

/** Comments until each post has `perPost` on average: a few words of the generator's lists each. */
async function addComments(db, perPost) {
  const have = await counts(db);
  const want = have.posts * perPost;
  if (have.comments >= want) return;
  const words = [...nouns, ...verbs, ...adjectives, ...topics];
  const started = performance.now();
  // Triggers off (as bench/generate.mjs loads its rows): the search rows are made below, in bulk.
  await db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    for (let k = Math.floor(have.comments / have.posts); k < perPost; k++) {
      const pick = (salt) =>
        sql`(${sql.val(words)}::text[])[1 + abs(hashtext(p.id || ${salt} || ${k}::text)) % ${words.length}]`;
      // Ids made of the post's time plus an hour, so that they sort by time as real ids do.
      await sql`
        WITH authors AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE deleted_at IS NULL AND banned_at IS NULL)
        INSERT INTO comments (id, post_id, community_id, user_id, depth, body, created_at)
        SELECT lpad(to_hex((extract(epoch FROM p.created_at + interval '1 hour' + ${k} * interval '1 minute') * 1e9)::bigint), 16, '0')
                 || left(md5(p.id || ${k}::text), 8),
               p.id, p.community_id,
               a.ids[1 + abs(hashtext(p.id || ${k}::text)) % cardinality(a.ids)], 0,
               ${pick('a')} || ' ' || ${pick('b')} || ' and ' || ${pick('c')} || ', I think.',
               p.created_at + interval '1 hour' + ${k} * interval '1 minute'
        FROM posts p, authors a ON CONFLICT DO NOTHING`.execute(conn);
    }
    await sql`SET session_replication_role = DEFAULT`.execute(conn);
  });
  const made = await fillSearchTable(
    db,
    'comment_search',
    'comment_search_doc_idx',
    sql`INSERT INTO comment_search (created_at, deleted, comment_id, post_id, community_id, user_id, post_type, tags, doc)
      SELECT c.created_at, c.deleted_at IS NOT NULL, c.id, c.post_id, c.community_id, c.user_id, p.type,
             search_tags(c.id, c.community_id, c.user_id, p.type), comment_search_doc(c.body)
      FROM comments c JOIN posts p ON p.id = c.post_id ORDER BY c.id ON CONFLICT DO NOTHING`,
    want - have.comments > 100_000,
  );
  await sql`VACUUM ANALYZE comments`.execute(db);
  await sql`VACUUM ANALYZE comment_search`.execute(db);
  console.log(
    `added comments to ${perPost} a post (${made.numAffectedRows} search rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** `n` queries of `words` words each, from the lists titles and bodies are made of. */
function queries(n, words, seed) {
  const next = random(seed);
  const lists = [nouns, topics, verbs, adjectives];
  return Array.from({ length: n }, () =>
    Array.from({ length: words }, (_, i) => {
      const list = lists[i === 0 ? Math.floor(next() * 2) : Math.floor(next() * lists.length)];
      return list[Math.floor(next() * list.length)];
    }).join(' '),
  );
}

/**
 * A guest's session cookie, as a returning visitor sends it: without one, every request would be a
 * newcomer's, given a new session id and cookie.
 */
async function guestCookie(base) {
  const res = await fetch(`${base}/api/_initial`);
  await res.arrayBuffer();
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('SID='));
  if (!sid) throw new Error('The server set no session cookie.');
  return sid;
}

/** Results a page over the first few queries, read in full (the load below does not parse answers). */
async function resultsPerPage(base, params, cookie) {
  let results = 0;
  const sample = params.slice(0, 20);
  for (const q of sample) {
    const res = await fetch(`${base}/api/search?${new URLSearchParams(q)}`, { headers: { cookie } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    results += body.results.length;
  }
  return results / sample.length;
}

/**
 * `connections` keep-alive connections (autocannon), each sending the next query as soon as its answer
 * is in, for `duration` s, asking for compression as a browser does. The load generator shares the
 * machine's cores with the server, so it reads answers without decompressing or parsing them: a
 * browser on another machine costs this one nothing. (Until 2026-11-29 it used `fetch` and parsed
 * every answer: about 1.8 ms of CPU a request on the same two cores, a sixth of a search's.)
 */
async function load(base, params, cookie) {
  const { default: autocannon } = await import('autocannon');
  const latencies = [];
  let i = 0;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        headers: { 'accept-encoding': 'br, gzip', cookie },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/search?${new URLSearchParams(params[i++ % params.length])}`,
            }),
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
    });
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / result.duration,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
  };
}

/** The bare route's requests/s and p50, serving one search answer's bytes (Fastify, a worker thread). */
async function bareRoute(body) {
  const bare = await startBare(body);
  try {
    return await measure(
      { name: 'bare', url: `http://127.0.0.1:${bare.port}/bare`, headers: { 'accept-encoding': 'br, gzip' } },
      { connections, duration },
    );
  } finally {
    await bare.worker.terminate();
  }
}

/** A change as a signed percentage. */
const percent = (now, before) => `${now >= before ? '+' : ''}${(100 * (now / before - 1)).toFixed(1)}%`;

/** Median ms per created row over `rows` single-row inserts, each committed on its own. */
async function insertRows(db, kind, rows, tag) {
  const times = [];
  const post = (await sql`SELECT id, community_id, user_id FROM posts WHERE NOT deleted LIMIT 1`.execute(db))
    .rows[0];
  for (let i = 0; i < rows; i++) {
    const id = `ffff${tag}${String(i).padStart(6, '0')}`.padEnd(24, '0').slice(0, 24);
    const text = `${nouns[i % nouns.length]} ${verbs[i % verbs.length]} ${adjectives[i % adjectives.length]} ${topics[i % topics.length]} number ${i}`;
    const t0 = performance.now();
    if (kind === 'post') {
      await sql`INSERT INTO posts (id, type, public_id, user_id, community_id, title, body)
        VALUES (${id}, 'text', ${`${tag}${i.toString(36).padStart(6, '0')}`}, ${post.user_id},
                ${post.community_id}, ${text}, ${`${text}. ${text}, and more about it.`})`.execute(db);
    } else {
      await sql`INSERT INTO comments (id, post_id, community_id, user_id, depth, body)
        VALUES (${id}, ${post.id}, ${post.community_id}, ${post.user_id}, 0, ${text})`.execute(db);
    }
    times.push(performance.now() - t0);
  }
  await sql`DELETE FROM ${sql.table(kind === 'post' ? 'posts' : 'comments')} WHERE id LIKE ${`ffff${tag}%`}`.execute(
    db,
  );
  times.sort((a, b) => a - b);
  return pct(times, 0.5);
}

/**
 * `measure(round)` in alternating rounds, with the kind's search insert trigger on, then off: the median
 * of each side's results.
 */
async function triggerOnAgainstOff(db, kind, rounds, measure) {
  const table = kind === 'post' ? 'posts' : 'comments';
  const trigger = kind === 'post' ? 'posts_search_insert' : 'comments_search_insert';
  const on = [];
  const off = [];
  for (let r = 0; r < rounds; r++) {
    on.push(await measure(`a${r}`));
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(trigger)}`.execute(db);
    try {
      off.push(await measure(`b${r}`));
    } finally {
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(db);
    }
  }
  on.sort((a, b) => a - b);
  off.sort((a, b) => a - b);
  return { withIt: on[Math.floor(on.length / 2)], without: off[Math.floor(off.length / 2)] };
}

async function upkeep(db) {
  const rows = Number(flags['upkeep-rows']);
  const rounds = Number(flags.rounds);
  const out = {};
  for (const kind of ['post', 'comment']) {
    const { withIt, without } = await triggerOnAgainstOff(db, kind, rounds, (tag) =>
      insertRows(db, kind, rows, tag),
    );
    out[kind] = { withIt, without, added: withIt / without - 1 };
    console.log(
      `${kind} INSERT, median of ${rows} single-row transactions (median of ${rounds} rounds): ` +
        `${ms(withIt)} ms with the search upkeep, ${ms(without)} ms without: ${percent(withIt, without)}`,
    );
  }
  return out;
}

/**
 * What the upkeep adds to creating a post or comment as the site does it: `POST /api/posts` and
 * `POST /api/posts/{id}/comments` by one member, one request at a time, on the real server, with the
 * insert triggers on against off in alternating rounds (median ms a request, median of rounds). The
 * posts and comments made are deleted after.
 */
async function upkeepThroughApi(db) {
  const requests = Number(flags['upkeep-requests']);
  const rounds = Number(flags.rounds);
  const sessionId = 'bench_upkeep_member_session_00000001';
  const { rows } = await sql`
    SELECT u.id AS user_id, p.public_id, c.name AS community
    FROM posts p JOIN communities c ON c.id = p.community_id JOIN users u ON u.id = p.user_id
    WHERE NOT p.deleted AND NOT p.locked AND c.deleted_at IS NULL AND u.deleted_at IS NULL
      AND u.banned_at IS NULL AND NOT u.is_admin
      AND NOT EXISTS (SELECT 1 FROM community_banned b WHERE b.community_id = c.id AND b.user_id = u.id)
    ORDER BY p.id DESC LIMIT 1`.execute(db);
  const target = rows[0];
  await sql`INSERT INTO sessions (id, user_id, last_seen_at, created_at, expires_at)
    VALUES (${sessionId}, ${target.user_id}, now(), now(), now() + interval '1 day')
    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, expires_at = excluded.expires_at`.execute(db);
  const server = await startServer('postgres', url);
  const made = { post: [], comment: [] };
  try {
    const first = await fetch(`${server.url}/api/_user`, { headers: { cookie: `SID=${sessionId}` } });
    await first.text();
    const token = first.headers.get('csrf-token');
    const headers = {
      cookie: `SID=${sessionId}; csrftoken=${token}`,
      'x-csrf-token': token,
      'content-type': 'application/json',
    };
    let n = 0;
    const create = async (kind) => {
      const i = n++;
      const text = `${nouns[i % nouns.length]} ${verbs[i % verbs.length]} ${adjectives[i % adjectives.length]} ${topics[i % topics.length]} number ${i}`;
      const [path, body] =
        kind === 'post'
          ? [
              '/api/posts',
              {
                type: 'text',
                title: text,
                body: `${text}. ${text}, and more about it.`,
                community: target.community,
              },
            ]
          : [`/api/posts/${target.public_id}/comments`, { body: text }];
      const t0 = performance.now();
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const json = await res.json();
      const took = performance.now() - t0;
      if (res.status !== 200 && res.status !== 201)
        throw new Error(`${kind}: ${res.status} ${JSON.stringify(json)}`);
      made[kind].push(json.id);
      return took;
    };
    const medianOf = async (kind) => {
      const times = [];
      for (let i = 0; i < requests; i++) times.push(await create(kind));
      times.sort((a, b) => a - b);
      return pct(times, 0.5);
    };
    for (const kind of ['post', 'comment']) {
      for (let i = 0; i < 20; i++) await create(kind); // warm-up
      const { withIt, without } = await triggerOnAgainstOff(db, kind, rounds, () => medianOf(kind));
      console.log(
        `${kind === 'post' ? 'POST /api/posts' : 'POST /api/posts/{id}/comments'}, median of ${requests} requests ` +
          `(median of ${rounds} rounds): ${ms(withIt)} ms with the search upkeep, ${ms(without)} ms without: ` +
          percent(withIt, without),
      );
    }
  } finally {
    await server.stop();
    await sql`DELETE FROM comments WHERE id = ANY(${made.comment}::text[])`.execute(db);
    await sql`DELETE FROM posts WHERE id = ANY(${made.post}::text[])`.execute(db);
    await sql`DELETE FROM sessions WHERE id = ${sessionId}`.execute(db);
  }
}

async function main() {
  if (flags['upkeep-only']) {
    const only = await openDatabase({ engine: 'postgres', location: url }, 1);
    try {
      await upkeep(only.db);
      await upkeepThroughApi(only.db);
    } finally {
      await only.close();
    }
    return;
  }
  const database = await openDatabase({ engine: 'postgres', location: url }, 2);
  const { db } = database;
  try {
    await migrate(db);
    // bench/generate.mjs loads posts with triggers off (session_replication_role = replica): their search
    // rows are made here, as migration 0014 makes them for an existing site.
    const started = performance.now();
    const missing = (
      await sql`SELECT (SELECT count(*) FROM posts) - (SELECT count(*) FROM post_search) AS n`.execute(db)
    ).rows[0].n;
    if (Number(missing) > 0) {
      const filled = await fillSearchTable(
        db,
        'post_search',
        'post_search_doc_idx',
        sql`INSERT INTO post_search (created_at, deleted, post_id, community_id, user_id, type, tags, doc)
          SELECT created_at, deleted, id, community_id, user_id, type, search_tags(id, community_id, user_id, type),
                 post_search_doc(title, body)
          FROM posts ORDER BY id ON CONFLICT DO NOTHING`,
        Number(missing) > 100_000,
      );
      await sql`VACUUM ANALYZE post_search`.execute(db);
      console.log(
        `made ${filled.numAffectedRows} post search rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const perPost = Number(flags['comments-per-post']);
    if (perPost > 0) await addComments(db, perPost);
    console.log('database:', await counts(db));
  } finally {
    await database.close();
  }

  const servers = [{ name: 'this', server: await startServer('postgres', url) }];
  if (flags['compare-main']) {
    const other = flags['compare-database-url'] ?? url;
    servers.push({
      name: 'compared',
      server: await startServer('postgres', other, {}, flags['compare-main']),
    });
  }
  try {
    const only = flags.only ? flags.only.split(',') : null;
    const scenarios = [
      ['posts, 1 word, relevance', 1, { type: 'posts' }],
      ['posts, 2 words, relevance', 2, { type: 'posts' }],
      ['posts, 3 words, relevance', 3, { type: 'posts' }],
      ['posts, 1 word, new', 1, { type: 'posts', sort: 'new' }],
      ['posts, 2 words, new', 2, { type: 'posts', sort: 'new' }],
      ['comments, 1 word, relevance', 1, { type: 'comments' }],
      ['comments, 2 words, relevance', 2, { type: 'comments' }],
      ['communities, 1 word', 1, { type: 'communities' }],
    ].filter(
      ([name, , extra]) => !only || only.includes(extra.type) || only.includes(name.replace(/,? /g, '-')),
    );
    for (const entry of servers) entry.cookie = await guestCookie(entry.server.url);
    // Warm-up: the first queries fill the cache, as on any running site.
    for (const { server, cookie } of servers) {
      await load(
        server.url,
        queries(50, 1, 7).map((q) => ({ q })),
        cookie,
      );
    }
    // The bare route serves the bytes of a one-word search's answer, as it leaves the server unpacked.
    const bareBody = await (
      await fetch(`${servers[0].server.url}/api/search?${new URLSearchParams({ q: queries(1, 1, 7)[0] })}`)
    ).text();
    const bare = async (when) => {
      const r = await bareRoute(bareBody);
      console.log(
        `${`bare route, ${when}`.padEnd(30)} ${servers.length > 1 ? ''.padEnd(9) : ''}p50 ${ms(r.p50)} ms  ` +
          `p99 ${ms(r.p99)} ms  ${r.rps.toFixed(0)} req/s  (${Buffer.byteLength(bareBody)}-byte body)`,
      );
    };
    await bare('start');
    for (const [name, words, extra] of scenarios) {
      for (const { name: which, server, cookie } of servers) {
        // Enough that two- and three-word queries seldom come twice in a run (the server remembers each
        // text's tsquery); one word has only the generator's 160 nouns and topics to choose from.
        const params = queries(5000, words, words * 101).map((q) => ({ q, ...extra }));
        const r = await load(server.url, params, cookie);
        const results = await resultsPerPage(server.url, params, cookie);
        console.log(
          `${name.padEnd(30)} ${servers.length > 1 ? which.padEnd(9) : ''}p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  ` +
            `${r.rps.toFixed(0)} req/s  (${r.requests} requests, ${results.toFixed(1)} results a page, ` +
            `${connections} connections)`,
        );
      }
    }
    await bare('end');
  } finally {
    for (const { server } of servers) await server.stop();
  }
  if (flags['skip-upkeep']) return;

  const again = await openDatabase({ engine: 'postgres', location: url }, 1);
  try {
    await upkeep(again.db);
    await upkeepThroughApi(again.db);
  } finally {
    await again.close();
  }
}

await main();
