// Fills a fresh database with realistic data for the feed benchmark (bench/feeds.mjs), with SQL only:
// generate_series and set-based INSERT … SELECT in batches, never through the API. The same numbers
// come out on every engine and every run (pseudo-random values are hashes of row numbers); only the
// times move with the clock. Needs `node scripts/build.mjs` (the migrations and engine come from dist).
//
//   node bench/generate.mjs --size 10k|100k|300k|1m --engine embedded --data-dir bench/.data/embedded-10k
//   node bench/generate.mjs --size 1m --engine postgres --database-url postgres://postgres@127.0.0.1:5432/bench_1m
//   node bench/generate.mjs --posts 50000 --users 5000 --communities 250 --votes 500000 …
//
// --data-dir is the server's DATA_DIR: the site's embedded PostgreSQL is started in it (DIR/postgres)
// as the CLI starts it, and stopped at the end. --reset starts again from an empty database (embedded:
// removes DIR/postgres; PostgreSQL: drops and re-creates it, only for a database named bench…).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate } from '../packages/server/dist/db/migrate.js';
import { createPostgresDatabase, openDatabase, targetOf } from './lib.mjs';
import { adjectives, hosts, nouns, places, topics, verbs } from './words.mjs';

export const SIZES = {
  '10k': { posts: 10_000, users: 1_000, communities: 50, votes: 100_000 },
  '100k': { posts: 100_000, users: 10_000, communities: 500, votes: 1_000_000 },
  '300k': { posts: 300_000, users: 30_000, communities: 1_500, votes: 3_000_000 },
  '1m': { posts: 1_000_000, users: 100_000, communities: 5_000, votes: 10_000_000 },
};

/** The generated user that the logged-in scenarios use (its session id is in `sessions`). */
export const VIEWER_USERNAME = 'bench_viewer';
/** The same viewer's twin (memberships, hidden posts, mutes) who also muted 50 words. */
export const WORDS_VIEWER_USERNAME = 'bench_viewer_words';
/**
 * The twin's muted words: mostly words the generated text never uses (the regex then reads every
 * candidate's title and body to the end, the costly case), some phrases, and five nouns of the titles,
 * so that some posts do leave the feeds and the scan reads further. Letters and spaces only: their
 * pattern (the server's mutedWordPattern) is the word with each space as \s+.
 */
const MUTED_WORDS = [
  ...(
    'election referendum senator parliament crypto bitcoin blockchain stocks inflation recession ' +
    'celebrity gossip horoscope lottery casino betting tabloid scandal influencer giveaway ' +
    'spoiler trailer sequel reboot franchise sponsored advertisement coupon discount clickbait ' +
    'outrage conspiracy rumor leaked verdict lawsuit'
  ).split(' '),
  'breaking news',
  'hot take',
  'you will not believe',
  'this one trick',
  'limited time offer',
  'kayak',
  'drone',
  'mortgage',
  'podcast',
  'sourdough',
  'final season',
  'season finale',
  'box office',
  'world cup',
];
/** One placeholder for every generated account: not a valid argon2id hash, so no password logs in. */
const PLACEHOLDER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtZ2VuZXJhdGVk$bm90LWEtcmVhbC1oYXNoLWJlbmNoLW9ubHk';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_';
const DAY_US = 86_400_000_000;

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string' },
    posts: { type: 'string' },
    users: { type: 'string' },
    communities: { type: 'string' },
    votes: { type: 'string' },
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    reset: { type: 'boolean', default: false },
    'batch-posts': { type: 'string' },
  },
});

const base = flags.size ? SIZES[flags.size] : SIZES['10k'];
if (!base) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
const P = Number(flags.posts ?? base.posts);
const U = Number(flags.users ?? base.users);
const C = Number(flags.communities ?? base.communities);
const V = Math.max(Number(flags.votes ?? base.votes), P); // every post has its author's upvote
for (const [name, n] of Object.entries({ posts: P, users: U, communities: C, votes: V })) {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
}
if (U < 50 || C < 3) throw new Error('Use at least 50 users and 3 communities.');
const POST_BATCH = Number(flags['batch-posts'] ?? 100_000);

const NOW_US = Date.now() * 1000;
const POST_SPAN_US = 730 * DAY_US; // two years of posts
const USER_START_US = NOW_US - 800 * DAY_US;
const COMMUNITY_START_US = NOW_US - 800 * DAY_US;

const lit = (s) => `'${String(s).replaceAll("'", "''")}'`;
/** The 16 hex characters of an id's time part: nanoseconds from microseconds, plus n mod 1000. */
const hex16 = (us, n) => `lpad(to_hex((${us}) * 1000 + (${n}) % 1000), 16, '0')`;
const array = (list) => `ARRAY[${list.map(lit).join(',')}]::text[]`;

const timings = [];
async function step(label, fn) {
  const started = performance.now();
  process.stdout.write(`${label}… `);
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  timings.push([label, seconds]);
  console.log(`${seconds.toFixed(1)} s`);
  return result;
}

// --- Opening the database -------------------------------------------------------------------------

const target = targetOf(flags);

async function openTarget() {
  if (target.engine === 'embedded' && flags.reset) {
    for (const name of ['postgres', 'postgres.log'])
      fs.rmSync(path.join(target.location, name), { recursive: true, force: true });
  }
  if (target.engine === 'postgres') await createPostgresDatabase(target.location, { reset: flags.reset });
  return openDatabase(target);
}

// --- Helper functions (schema "bench", dropped at the end) -------------------------------------------

/** Primes for the voters' stride: coprime with U, so each post's voters are distinct users. */
function strides() {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  const out = [7919, 104_729, 15_485_863, 32_452_843, 49_979_687, 67_867_967, 86_028_121].filter(
    (p) => gcd(p, U) === 1,
  );
  if (out.length === 0) throw new Error('No stride coprime with --users; pick another number of users.');
  return out;
}

function helperSql() {
  const wordFn = (name, list) => `
    CREATE FUNCTION bench.${name}(n bigint, salt integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (${array(list)})[1 + floor(bench.r(n, salt) * ${list.length})::int] $$;`;
  const communityWords = [...topics, ...nouns];
  // Title templates: n is the post number; each salt gives an independent choice.
  const N = (s) => `bench.noun(n, ${s})`;
  const A = (s) => `bench.adj(n, ${s})`;
  const Vb = (s) => `bench.verb(n, ${s})`;
  const T = (s) => `bench.topic(n, ${s})`;
  const Pl = (s) => `bench.place(n, ${s})`;
  const titles = [
    `'How do I ' || ${Vb(1)} || ' my ' || ${A(2)} || ' ' || ${N(3)} || '?'`,
    `'What is the best ' || ${A(1)} || ' ' || ${N(2)} || ' for ' || ${T(3)} || '?'`,
    `initcap(${T(1)}) || ' project announces a ' || ${A(2)} || ' ' || ${N(3)}`,
    `'I finally managed to ' || ${Vb(1)} || ' the ' || ${A(2)} || ' ' || ${N(3)} || ' in my ' || ${N(4)}`,
    `'TIL the ' || ${N(1)} || ' in ' || ${Pl(2)} || ' is surprisingly ' || ${A(3)}`,
    `'Is it still worth it to ' || ${Vb(1)} || ' the ' || ${N(2)} || ' in ' || (2016 + floor(bench.r(n, 3) * 10))::int || '?'`,
    `initcap(${A(1)}) || ' ' || ${N(2)} || ' vs ' || ${A(3)} || ' ' || ${N(4)} || ': which one would you pick?'`,
    `'Photos from a weekend in ' || ${Pl(1)} || ' with my ' || ${A(2)} || ' ' || ${N(3)}`,
    `'Weekly discussion thread: ' || ${T(1)} || ', ' || ${T(2)} || ' and ' || ${A(3)} || ' ' || ${N(4)} || 's'`,
    `'[' || ${T(1)} || '] ' || initcap(${A(2)}) || ' ' || ${N(3)} || ' spotted near ' || ${Pl(4)}`,
    `'Does anyone know how to ' || ${Vb(1)} || ' an old ' || ${N(2)} || ' without breaking the ' || ${N(3)} || '?'`,
    `initcap(${N(1)}) || ' ' || ${N(2)} || ' for ' || ${T(3)} || ': ' || ${A(4)} || ', ' || ${A(5)} || ' and ' || ${A(6)}`,
  ];
  const sentences = [
    `'I have been trying to ' || ${Vb(1)} || ' the ' || ${N(2)} || ' for ' || (2 + floor(bench.r(n, 3) * 9))::int || ' weeks now.'`,
    `'The ' || ${N(1)} || ' turned out to be a lot more ' || ${A(2)} || ' than I expected.'`,
    `'Has anyone here tried to ' || ${Vb(1)} || ' a ' || ${A(2)} || ' ' || ${N(3)} || ' at home?'`,
    `'In ' || ${Pl(1)} || ' most people just ' || ${Vb(2)} || ' their ' || ${N(3)} || ' and move on.'`,
    `'Edit: thanks for all the ' || ${A(1)} || ' replies, I will ' || ${Vb(2)} || ' the ' || ${N(3)} || ' tomorrow.'`,
    `'My ' || ${A(1)} || ' ' || ${N(2)} || ' is ' || (2 + floor(bench.r(n, 3) * 30))::int || ' years old and still works fine.'`,
    `'Here is what I learned: ' || ${Vb(1)} || ' the ' || ${N(2)} || ' first, then ' || ${Vb(3)} || ' the ' || ${N(4)} || '.'`,
    `'Not sure if this belongs here, but ' || ${T(1)} || ' seems to get more ' || ${A(2)} || ' every year.'`,
    `'There is a good write-up at https://' || bench.host(n, 1) || '/' || ${N(2)} || '-' || ${Vb(3)} || ' if you want the details.'`,
    `'It took about ' || (1 + floor(bench.r(n, 1) * 12))::int || ' hours and cost less than a ' || ${A(2)} || ' ' || ${N(3)} || '.'`,
  ];
  const cases = (list, salt) =>
    `CASE floor(bench.r(n, ${salt}) * ${list.length})::int ${list.map((t, i) => `WHEN ${i} THEN ${t}`).join(' ')} END`;
  const pow63 = Array.from({ length: 8 }, (_, k) => 63n ** BigInt(k));
  return `
    CREATE SCHEMA bench;
    -- A uniform number in [0, 1) from (n, salt): the same on every engine and every run.
    CREATE FUNCTION bench.r(n bigint, salt integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (hashint8extended(n, salt) & 281474976710655)::double precision / 281474976710656 $$;
    CREATE FUNCTION bench.hex8(n bigint, salt integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT lpad(to_hex(hashint8extended(n, salt) & 4294967295), 8, '0') $$;
    CREATE FUNCTION bench.ts(us bigint) RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT timestamptz 'epoch' + us * interval '1 microsecond' $$;
    ${wordFn('noun', nouns)}
    ${wordFn('adj', adjectives)}
    ${wordFn('verb', verbs)}
    ${wordFn('topic', topics)}
    ${wordFn('place', places)}
    ${wordFn('host', hosts)}
    ${wordFn('cword', communityWords)}
    -- Users: rank 0 is the oldest (and, below, the most prolific). Ids: 16 hex of nanosecond time + 8 hex.
    CREATE FUNCTION bench.user_us(k bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${USER_START_US}::bigint + floor((k + bench.r(k, 1)) * ${799 * DAY_US}::double precision / ${U})::bigint $$;
    CREATE FUNCTION bench.user_id(k bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${hex16('bench.user_us(k)', 'k')} || bench.hex8(k, 2) $$;
    -- Communities: rank 0 is the biggest and oldest.
    CREATE FUNCTION bench.community_us(c bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${COMMUNITY_START_US}::bigint + floor((c + bench.r(c, 3)) * ${400 * DAY_US}::double precision / ${C})::bigint $$;
    CREATE FUNCTION bench.community_id(c bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${hex16('bench.community_us(c)', 'c')} || bench.hex8(c, 4) $$;
    -- Eight characters of [0-9A-Za-z_], distinct for distinct n (an affine map modulo 63^8).
    CREATE FUNCTION bench.public_id(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${pow63.map((p) => `substr('${ALPHABET}', (((n * 99999999977 + 7777777) % ${63n ** 8n}) / ${p} % 63)::int + 1, 1)`).join(' || ')} $$;
    CREATE FUNCTION bench.title(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT left(${cases(titles, 100)}
        || CASE WHEN bench.r(n, 101) < 0.15 THEN ' (update: the ' || ${N(7)} || ' is ' || ${A(8)} || ' now)' ELSE '' END, 255) $$;
    CREATE FUNCTION bench.sentence(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ${cases(sentences, 200)} $$;
  `;
}

// --- Generation ---------------------------------------------------------------------------------------

async function generate(db) {
  const run = (text) => sql.raw(text).execute(db);
  const one = async (text) => (await sql.raw(text).execute(db)).rows[0];
  const STRIDES = strides();
  const alpha = 2.2; // Lomax tail of votes per post: most posts get a few, a handful get thousands
  const extraVotes = (V - P) / P; // besides the author's own upvote

  await step('helper functions', () => run(helperSql()));

  // Session settings for a bulk load: no FK triggers (the rows are consistent by construction).
  // The same on both engines, so generation times compare: nothing here has to survive a crash.
  await run(`SET session_replication_role = replica`);
  await run(`SET synchronous_commit = off; SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'`);

  // Secondary indexes of the big tables are dropped for the load and re-created, exactly, afterwards.
  const indexes = await step('drop secondary indexes for the load', async () => {
    const { rows } = await sql
      .raw(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
         AND tablename IN ('posts', 'post_votes', 'post_windows', 'community_members')
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      )
      .execute(db);
    for (const row of rows) await run(`DROP INDEX ${row.indexname}`);
    return rows;
  });

  await step(`users (${U})`, () =>
    run(`
      INSERT INTO users (id, username, email, password, points, is_admin, created_at, last_seen,
                         welcome_notification_sent, about_me)
      SELECT bench.user_id(k),
             left(CASE WHEN bench.r(k, 5) < 0.5 THEN initcap(bench.adj(k, 6)) ELSE bench.adj(k, 6) END
                  || CASE WHEN bench.r(k, 7) < 0.3 THEN '_' ELSE '' END || bench.noun(k, 8), 21 - length(k::text)) || k,
             CASE WHEN bench.r(k, 9) < 0.6 THEN 'user' || k || '@example.invalid' END,
             ${lit(PLACEHOLDER_HASH)}, 1, k = 0, bench.ts(bench.user_us(k)),
             bench.ts(${NOW_US}::bigint - floor(bench.r(k, 10) * ${30 * DAY_US})::bigint),
             true,
             CASE WHEN bench.r(k, 11) < 0.2 THEN 'I like ' || bench.topic(k, 12) || ' and ' || bench.topic(k, 13) || '.' END
      FROM generate_series(0, ${U - 1}) k`),
  );

  await step(`communities (${C})`, () =>
    run(`
      INSERT INTO communities (id, user_id, name, about, created_at)
      SELECT bench.community_id(c), bench.user_id(floor(power(bench.r(c, 20), 2) * ${Math.ceil(U / 5)})::bigint),
             CASE WHEN c < ${topics.length + nouns.length}
                  THEN (${array([...topics, ...nouns])})[c + 1]
                  ELSE left(bench.cword(c, 21) || bench.cword(c, 22), 21 - length(c::text)) || c END,
             'A place for ' || bench.topic(c, 23) || ', ' || bench.noun(c, 24) || 's and everything ' || bench.adj(c, 25) || '.',
             bench.ts(bench.community_us(c))
      FROM generate_series(0, ${C - 1}) c`),
  );

  await step('moderators and memberships', async () => {
    await run(`
      INSERT INTO community_mods (community_id, user_id, position, created_at)
      SELECT c.id, c.user_id, 0, c.created_at FROM communities c`);
    // The bigger tenth of the communities has one or two more moderators.
    await run(`
      INSERT INTO community_mods (community_id, user_id, position, created_at)
      SELECT bench.community_id(c), bench.user_id((floor(power(bench.r(c, 20), 2) * ${Math.ceil(U / 5)})::bigint
               + 1 + floor(bench.r(c * 4 + j, 26) * ${U - 1})::bigint) % ${U}), j, bench.ts(bench.community_us(c) + ${DAY_US})
      FROM generate_series(0, ${Math.max(0, Math.ceil(C / 10) - 1)}) c CROSS JOIN generate_series(1, 2) j
      WHERE j = 1 OR bench.r(c, 27) < 0.5
      ON CONFLICT DO NOTHING`);
    // Each user joins a few communities (about 5.5 on average), mostly big ones (Zipf, s = 1).
    await run(`
      INSERT INTO community_members (community_id, user_id, created_at)
      SELECT bench.community_id(floor(power(${C + 1}, bench.r(k * 64 + j, 31)))::bigint - 1), bench.user_id(k),
             bench.ts(greatest(bench.user_us(k), bench.community_us(floor(power(${C + 1}, bench.r(k * 64 + j, 31)))::bigint - 1))
               + floor(bench.r(k * 64 + j, 32) * ${20 * DAY_US})::bigint)
      FROM generate_series(0, ${U - 1}) k
      CROSS JOIN LATERAL generate_series(0, least(49, floor(-ln(1 - bench.r(k, 33)) * 4.5)::int)) j
      ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO community_members (community_id, user_id, created_at)
      SELECT community_id, user_id, created_at FROM community_mods ON CONFLICT DO NOTHING`);
  });

  // The plan: one row per post, in time order (n = 0 oldest), with its author, community and votes.
  await step(`post plan (${P})`, () =>
    run(`
      CREATE UNLOGGED TABLE bench.plan (
        n integer PRIMARY KEY, id text NOT NULL, us bigint NOT NULL, author bigint NOT NULL,
        community bigint NOT NULL, votes integer NOT NULL, up integer NOT NULL, kind integer NOT NULL, deleted boolean NOT NULL);
      INSERT INTO bench.plan
      SELECT n, ${hex16('us', 'n')} || bench.hex8(n, 5), us, author, community, votes,
             1 + round((votes - 1) * CASE WHEN bench.r(n, 10) < 0.03 THEN 0.2 + 0.5 * bench.r(n, 11)
                                          ELSE 1 - 0.35 * power(bench.r(n, 11), 3) END)::int,
             CASE WHEN bench.r(n, 12) < 0.55 THEN 0 ELSE 1 END, bench.r(n, 13) < 0.01
      FROM (
        SELECT n,
               -- Age in [0, 2 years), denser towards now (age = 2 years × u^1.5), strictly decreasing in n.
               ${NOW_US - 60_000_000}::bigint
                 - floor(power((${P} - n - bench.r(n, 6)) / ${P}::double precision, 1.5) * ${POST_SPAN_US})::bigint AS us,
               floor(${U} * power(bench.r(n, 7), 2))::bigint AS author,
               floor(power(${C + 1}, bench.r(n, 8)))::bigint - 1 AS community,
               least(${U - 1}, 1 + round((power(1 - bench.r(n, 9), ${-1 / alpha}) - 1) * ${extraVotes * (alpha - 1)}))::int AS votes
        FROM generate_series(0, ${P - 1}) n) s`),
  );

  await step('bodies (4096 to pick from)', () =>
    run(`
      CREATE UNLOGGED TABLE bench.bodies (i integer PRIMARY KEY, body text);
      INSERT INTO bench.bodies
      SELECT i, CASE WHEN bench.r(i, 40) < 0.15 THEN NULL ELSE
               (SELECT string_agg(bench.sentence(i * 64 + j) || CASE WHEN j % 3 = 2 THEN E'\\n\\n' ELSE ' ' END, '' ORDER BY j)
                FROM generate_series(0, floor(power(bench.r(i, 41), 2.5) * 30)::int) j) END
      FROM generate_series(0, 4095) i;
      UPDATE bench.bodies SET body = rtrim(body, E' \\n')`),
  );

  for (let from = 0; from < P; from += POST_BATCH) {
    const to = Math.min(P, from + POST_BATCH);
    await step(`posts ${from}–${to - 1}`, () =>
      run(`
        INSERT INTO posts (id, type, public_id, user_id, community_id, title, body, link_url, link_hostname,
                           upvotes, downvotes, points, hotness, created_at, last_activity_at,
                           deleted, deleted_at, deleted_by, deleted_as)
        SELECT p.id, CASE p.kind WHEN 0 THEN 'text' ELSE 'link' END, bench.public_id(p.n), bench.user_id(p.author),
               bench.community_id(p.community), bench.title(p.n),
               CASE WHEN p.kind = 0 THEN b.body END,
               CASE WHEN p.kind = 1 THEN 'https://' || bench.host(p.n, 50) || '/' || bench.noun(p.n, 51) || '-'
                                         || bench.verb(p.n, 52) || '-' || p.n END,
               CASE WHEN p.kind = 1 THEN bench.host(p.n, 50) END,
               p.up, p.votes - p.up, 2 * p.up - p.votes, hot_score(p.up, bench.ts(p.us)),
               bench.ts(p.us), bench.ts(p.us),
               p.deleted, CASE WHEN p.deleted THEN bench.ts(p.us) + interval '2 hours' END,
               CASE WHEN p.deleted THEN bench.user_id(p.author) END, CASE WHEN p.deleted THEN 'normal' END
        FROM bench.plan p LEFT JOIN bench.bodies b ON b.i = (hashint8extended(p.n, 42) & 4095)::int
        WHERE p.n >= ${from} AND p.n < ${to}
        ORDER BY p.n`),
    );
  }

  // Votes: the author's own upvote first (i = 0), then distinct users with a stride coprime with U.
  const voteBatch = Math.max(1000, Math.floor(1_000_000 / (V / P)));
  for (let from = 0; from < P; from += voteBatch) {
    const to = Math.min(P, from + voteBatch);
    await step(`votes of posts ${from}–${to - 1}`, () =>
      run(`
        INSERT INTO post_votes (post_id, user_id, up, is_user_new, created_at)
        SELECT p.id, bench.user_id((p.author + i * (${array(STRIDES.map(String))})[1 + p.n % ${STRIDES.length}]::bigint) % ${U}),
               i < p.up, false,
               bench.ts(p.us + floor(power(i::double precision / p.votes, 2) * least(${NOW_US} - p.us, ${2 * DAY_US}))::bigint)
        FROM bench.plan p CROSS JOIN LATERAL generate_series(0, p.votes - 1) i
        WHERE p.n >= ${from} AND p.n < ${to}
        ORDER BY p.n, i`),
    );
  }

  await step('post_windows (day, week, month, year)', () =>
    run(`
      INSERT INTO post_windows (window_name, post_id, community_id, points, created_at)
      SELECT w.name, p.id, p.community_id, p.points, p.created_at
      FROM (VALUES ('day', 1), ('week', 7), ('month', 30), ('year', 365)) w(name, days)
      JOIN posts p ON p.created_at >= bench.ts(${NOW_US}) - w.days * interval '1 day' AND NOT p.deleted
      ORDER BY w.name, p.id`),
  );

  await step(`re-create ${indexes.length} indexes`, async () => {
    for (const row of indexes) await run(row.indexdef);
  });
  await run(`SET session_replication_role = DEFAULT`);

  await step('counters (community sizes, user post counts and karma)', async () => {
    await run(`
      UPDATE communities c SET posts_count = s.n FROM (SELECT community_id, count(*)::int n FROM posts GROUP BY 1) s
      WHERE c.id = s.community_id`);
    await run(`
      UPDATE communities c SET no_members = s.n FROM (SELECT community_id, count(*)::int n FROM community_members GROUP BY 1) s
      WHERE c.id = s.community_id`);
    // Karma: every upvote but the author's own (DOMAIN §3.2).
    await run(`
      UPDATE users u SET no_posts = s.n, points = 1 + s.karma
      FROM (SELECT user_id, count(*)::int n, sum(upvotes - 1)::int karma FROM posts GROUP BY 1) s WHERE u.id = s.user_id`);
  });

  await step('pinned posts', async () => {
    // Two site-wide pins (recent text posts of big communities), and one pin in each of the 20 biggest.
    await run(`
      WITH chosen AS (
        SELECT p.id FROM bench.plan pl JOIN posts p ON p.id = pl.id
        WHERE pl.kind = 0 AND NOT pl.deleted AND pl.community < 10 ORDER BY pl.n DESC OFFSET 50 LIMIT 2)
      , pin AS (UPDATE posts SET is_pinned_site = true WHERE id IN (SELECT id FROM chosen) RETURNING id)
      INSERT INTO pinned_posts (post_id, community_id, is_site_wide) SELECT id, NULL, true FROM pin ORDER BY id`);
    await run(`
      WITH chosen AS (
        SELECT DISTINCT ON (pl.community) pl.id FROM bench.plan pl
        WHERE pl.kind = 0 AND NOT pl.deleted AND pl.community < 20 ORDER BY pl.community, pl.n DESC)
      , pin AS (UPDATE posts SET is_pinned = true WHERE id IN (SELECT id FROM chosen) RETURNING id, community_id)
      INSERT INTO pinned_posts (post_id, community_id, is_site_wide) SELECT id, community_id, false FROM pin ORDER BY id`);
  });

  const viewer = await step('the logged-in viewer: session, hidden posts, mutes', async () => {
    const rank = Math.min(10, U - 1);
    const { id } = await one(`SELECT bench.user_id(${rank}) AS id`);
    await run(`UPDATE users SET username = ${lit(VIEWER_USERNAME)} WHERE id = ${lit(id)}`);
    const sessionId = Array.from(crypto.randomBytes(36), (b) => ALPHABET[b % 63]).join('');
    await run(`
      INSERT INTO sessions (id, user_id, last_seen_at, created_at, expires_at)
      VALUES (${lit(sessionId)}, ${lit(id)}, now(), now(), now() + interval '300 days')`);
    // A member of the 20 biggest communities.
    await run(`
      INSERT INTO community_members (community_id, user_id)
      SELECT bench.community_id(c), ${lit(id)} FROM generate_series(0, ${Math.min(20, C) - 1}) c ON CONFLICT DO NOTHING`);
    // Hidden posts where the feeds will meet them: among the top of hot, latest, top-week and the biggest
    // community, plus some anywhere (a few hundred in all).
    await run(`
      INSERT INTO hidden_posts (user_id, post_id, created_at)
      SELECT ${lit(id)}, id, now() - random() * interval '30 days' FROM (
        (SELECT id FROM (SELECT id, row_number() OVER () r FROM (SELECT id FROM posts WHERE NOT deleted ORDER BY hotness DESC, id DESC LIMIT 200) a) b WHERE r % 2 = 0)
        UNION (SELECT id FROM (SELECT id, row_number() OVER () r FROM (SELECT id FROM posts WHERE NOT deleted ORDER BY id DESC LIMIT 180) a) b WHERE r % 3 = 0)
        UNION (SELECT id FROM (SELECT post_id AS id, row_number() OVER () r FROM (SELECT post_id FROM post_windows WHERE window_name = 'week' ORDER BY points DESC, post_id DESC LIMIT 120) a) b WHERE r % 2 = 0)
        UNION (SELECT id FROM (SELECT id, row_number() OVER () r FROM (SELECT id FROM posts WHERE community_id = bench.community_id(0) AND NOT deleted ORDER BY hotness DESC, id DESC LIMIT 120) a) b WHERE r % 3 = 0)
        UNION (SELECT id FROM bench.plan WHERE n % ${Math.max(1, Math.floor(P / 40))} = 7)
      ) h ON CONFLICT DO NOTHING`);
    // Muted: 15 authors who are high on the hot feed, 15 others; the 2nd and 3rd biggest communities and 8 others.
    await run(`
      INSERT INTO muted_users (user_id, muted_user_id)
      SELECT ${lit(id)}, user_id FROM (
        (SELECT user_id FROM (SELECT user_id, min(r) r FROM (SELECT user_id, row_number() OVER () r FROM
           (SELECT user_id FROM posts WHERE NOT deleted ORDER BY hotness DESC, id DESC LIMIT 300) a) b GROUP BY 1) c
         WHERE user_id <> ${lit(id)} ORDER BY r LIMIT 15)
        UNION (SELECT bench.user_id(${Math.floor(U / 3)} + k * 7) FROM generate_series(0, 14) k)
      ) m WHERE user_id <> ${lit(id)} ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO muted_communities (user_id, community_id)
      SELECT ${lit(id)}, bench.community_id(c) FROM (
        SELECT c FROM generate_series(1, ${Math.min(2, C - 1)}) c
        UNION SELECT (${Math.floor(C / 2)} + k * 3) % ${C} FROM generate_series(0, 7) k) s ON CONFLICT DO NOTHING`);
    const counts = await one(`
      SELECT (SELECT count(*) FROM hidden_posts WHERE user_id = ${lit(id)})::int AS hidden,
             (SELECT count(*) FROM muted_users WHERE user_id = ${lit(id)})::int AS muted_users,
             (SELECT count(*) FROM muted_communities WHERE user_id = ${lit(id)})::int AS muted_communities`);
    return { id, sessionId, ...counts };
  });

  const wordsViewer = await step('its twin with 50 muted words', async () => {
    if (MUTED_WORDS.length !== 50) throw new Error(`${MUTED_WORDS.length} muted words, not 50`);
    const rank = Math.min(11, U - 1);
    const { id } = await one(`SELECT bench.user_id(${rank}) AS id`);
    await run(`UPDATE users SET username = ${lit(WORDS_VIEWER_USERNAME)} WHERE id = ${lit(id)}`);
    const sessionId = Array.from(crypto.randomBytes(36), (b) => ALPHABET[b % 63]).join('');
    await run(`
      INSERT INTO sessions (id, user_id, last_seen_at, created_at, expires_at)
      VALUES (${lit(sessionId)}, ${lit(id)}, now(), now(), now() + interval '300 days')`);
    const from = lit(viewer.id);
    await run(`
      INSERT INTO community_members (community_id, user_id)
      SELECT community_id, ${lit(id)} FROM community_members WHERE user_id = ${from} ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO hidden_posts (user_id, post_id, created_at)
      SELECT ${lit(id)}, post_id, created_at FROM hidden_posts WHERE user_id = ${from} ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO muted_users (user_id, muted_user_id)
      SELECT ${lit(id)}, muted_user_id FROM muted_users WHERE user_id = ${from} AND muted_user_id <> ${lit(id)}
      ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO muted_communities (user_id, community_id)
      SELECT ${lit(id)}, community_id FROM muted_communities WHERE user_id = ${from} ON CONFLICT DO NOTHING`);
    await run(`
      INSERT INTO muted_words (user_id, word, pattern)
      VALUES ${MUTED_WORDS.map((w) => `(${lit(id)}, ${lit(w)}, ${lit(w.replaceAll(' ', '\\s+'))})`).join(', ')}`);
    const counts = await one(`
      SELECT (SELECT count(*) FROM muted_words WHERE user_id = ${lit(id)})::int AS muted_words,
             (SELECT count(*) FROM posts p WHERE NOT deleted AND lower(concat_ws(E'\\n', p.title, p.body)) ~
                (SELECT '(?:^|[^[:alnum:]])(?:' || lower(string_agg(pattern, '|')) || ')(?:[^[:alnum:]]|$)'
                 FROM muted_words WHERE user_id = ${lit(id)}))::int AS matching_posts`);
    return { id, sessionId, ...counts };
  });

  await step('VACUUM ANALYZE', () => run('VACUUM ANALYZE'));

  const checks = await step('checks', async () => {
    const sample = Math.max(1, Math.floor(P / 2000));
    const votes = await one(`
      SELECT count(*)::int AS checked,
             count(*) FILTER (WHERE p.upvotes <> v.up OR p.downvotes <> v.down OR p.points <> v.up - v.down
                                 OR p.hotness <> hot_score(v.up, p.created_at))::int AS bad
      FROM bench.plan pl JOIN posts p ON p.id = pl.id
      CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE up)::int AS up, count(*) FILTER (WHERE NOT up)::int AS down
                          FROM post_votes WHERE post_id = p.id) v
      WHERE pl.n % ${sample} = 0`);
    const totals = await one(`
      SELECT (SELECT sum(upvotes + downvotes) FROM posts)::bigint AS counted, (SELECT count(*) FROM post_votes)::bigint AS rows`);
    const windows = await one(`
      SELECT count(*)::int AS bad FROM post_windows w JOIN posts p ON p.id = w.post_id
      WHERE w.points <> p.points OR w.community_id <> p.community_id OR p.deleted`);
    const communities = await one(`
      SELECT (SELECT sum(posts_count) FROM communities)::bigint AS counted, (SELECT count(*) FROM posts)::bigint AS rows`);
    const problems = [];
    if (votes.bad) problems.push(`${votes.bad} of ${votes.checked} sampled posts disagree with their votes`);
    if (Number(totals.counted) !== Number(totals.rows))
      problems.push(`vote counters ${totals.counted} ≠ vote rows ${totals.rows}`);
    if (windows.bad) problems.push(`${windows.bad} window rows disagree with their post`);
    if (Number(communities.counted) !== Number(communities.rows))
      problems.push('community post counts disagree');
    if (problems.length) throw new Error(`Checks failed: ${problems.join('; ')}`);
    return { sampled: votes.checked, votes: Number(totals.rows) };
  });

  await step('drop the helper schema', () => run('DROP SCHEMA bench CASCADE'));
  return { viewer, wordsViewer, checks };
}

async function report(db) {
  const { rows: tables } = await sql
    .raw(
      `SELECT relname AS table, n_live_tup::bigint AS rows, pg_total_relation_size(relid) AS bytes
       FROM pg_stat_user_tables WHERE relname IN ('users', 'communities', 'community_members', 'community_mods', 'posts',
         'post_windows', 'post_votes', 'pinned_posts', 'hidden_posts', 'muted_users', 'muted_communities', 'sessions')
       ORDER BY pg_total_relation_size(relid) DESC`,
    )
    .execute(db);
  const { rows: exact } = await sql
    .raw(
      `SELECT 'users' t, count(*) n FROM users UNION ALL SELECT 'communities', count(*) FROM communities
       UNION ALL SELECT 'community_members', count(*) FROM community_members UNION ALL SELECT 'community_mods', count(*) FROM community_mods
       UNION ALL SELECT 'posts', count(*) FROM posts UNION ALL SELECT 'post_windows', count(*) FROM post_windows
       UNION ALL SELECT 'pinned_posts', count(*) FROM pinned_posts UNION ALL SELECT 'hidden_posts', count(*) FROM hidden_posts
       UNION ALL SELECT 'muted_users', count(*) FROM muted_users UNION ALL SELECT 'muted_communities', count(*) FROM muted_communities
       UNION ALL SELECT 'sessions', count(*) FROM sessions`,
    )
    .execute(db);
  const counts = new Map(exact.map((r) => [r.t, Number(r.n)]));
  console.log('\nTable               rows        size');
  for (const t of tables) {
    const n = counts.get(t.table) ?? Number(t.rows);
    console.log(
      `${t.table.padEnd(19)} ${String(n).padStart(10)}  ${(Number(t.bytes) / 1048576).toFixed(0).padStart(6)} MB`,
    );
  }
  const { rows: shape } = await sql
    .raw(
      `SELECT (SELECT max(posts_count) FROM communities) AS biggest,
              (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY posts_count) FROM communities) AS median,
              (SELECT min(posts_count) FROM communities) AS smallest,
              (SELECT count(*) FROM posts WHERE type = 'text') AS text_posts,
              (SELECT max(upvotes + downvotes) FROM posts) AS most_votes,
              (SELECT pg_database_size(current_database())) AS db_bytes`,
    )
    .execute(db);
  const s = shape[0];
  console.log(
    `\nPosts per community: biggest ${s.biggest}, median ${s.median}, smallest ${s.smallest}; text posts ${s.text_posts}; ` +
      `most votes on one post ${s.most_votes}; database ${(Number(s.db_bytes) / 1048576).toFixed(0)} MB`,
  );
}

const started = performance.now();
const database = await openTarget();
try {
  const applied = await migrate(database.db);
  console.log(
    `${target.engine} at ${database.where}: migrations applied: ${applied.join(', ') || 'none pending'}`,
  );
  const existing =
    await sql`SELECT (SELECT count(*) FROM posts)::int + (SELECT count(*) FROM users)::int AS n`.execute(
      database.db,
    );
  if (existing.rows[0].n > 0) throw new Error('The database is not empty: use --reset, or another database.');
  console.log(`Generating ${P} posts, ${U} users, ${C} communities, about ${V} votes.`);
  const { viewer, wordsViewer, checks } = await database.db.connection().execute((db) => generate(db));
  await report(database.db);
  console.log(
    `Logged-in viewer: ${VIEWER_USERNAME} (${viewer.id}), cookie SID=${viewer.sessionId}; ` +
      `${viewer.hidden} hidden posts, ${viewer.muted_users} muted users, ${viewer.muted_communities} muted communities.`,
  );
  console.log(
    `Its twin: ${WORDS_VIEWER_USERNAME} (${wordsViewer.id}), cookie SID=${wordsViewer.sessionId}; the same and ` +
      `${wordsViewer.muted_words} muted words, which ${wordsViewer.matching_posts} live posts contain.`,
  );
  console.log(
    `Checks passed: ${checks.sampled} sampled posts match their ${checks.votes} vote rows; ANALYZE done.`,
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
} finally {
  await database.close();
}
