import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server';
import { freshPostgres } from './databases';

/**
 * The scale path: two server processes on one PostgreSQL and one Redis, behind a round-robin
 * balancer, behave as one site. Sessions, CSRF tokens, rate limits, counters and periodic jobs are
 * shared; nothing depends on which process answers.
 */

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('The process-scale tests need TEST_REDIS_URL.');

const PASSWORD = 'password123';
/** The periodic jobs, and the table each one's DELETE statement touches on every run. */
const JOB_TABLES: Record<string, string> = {
  'delete-expired-sessions': 'sessions',
  'delete-used-captchas': 'used_captchas',
  'purge-post-windows': 'post_windows',
  'delete-temporary-images': 'temp_images',
};

/**
 * A load balancer: each request goes to the next process in turn, on a new connection, with the
 * client's address appended to X-Forwarded-For. `x-served-by` names the process that answered.
 */
class RoundRobin {
  readonly served: number[];
  private next = 0;
  private readonly server: http.Server;
  url = '';

  constructor(readonly upstreams: string[]) {
    this.served = upstreams.map(() => 0);
    this.server = http.createServer((req, res) => {
      const slot = this.next++ % this.upstreams.length;
      this.served[slot]!++;
      const target = new URL(this.upstreams[slot]!);
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor, connection: 'close' },
          agent: false,
        },
        (answer) => {
          const { connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-served-by': String(slot) });
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'x-served-by': String(slot) });
        res.end(String(error));
      });
      req.pipe(upstream);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface Answer {
  status: number;
  json: any;
  /** Which process answered (the balancer's slot). */
  servedBy: number;
  csrfToken: string | null;
}

/**
 * A browser stand-in that reaches the site through the balancer from its own client address (sent as
 * X-Forwarded-For, as a CDN in front of the balancer would): cookies, the CSRF token, JSON.
 */
class Visitor {
  private readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(
    private readonly base: () => string,
    readonly address: string,
  ) {}

  request(method: string, path: string, body?: unknown, options: { csrf?: boolean } = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken && options.csrf !== false) headers['x-csrf-token'] = this.csrfToken;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.base()}${path}`, { method, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          for (const cookie of res.headers['set-cookie'] ?? []) {
            const [pair] = cookie.split(';');
            const eq = pair!.indexOf('=');
            this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
          }
          const token = res.headers['csrf-token'];
          if (typeof token === 'string') this.csrfToken = token;
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({
            status: res.statusCode ?? 0,
            json,
            servedBy: Number(res.headers['x-served-by']),
            csrfToken: typeof token === 'string' ? token : null,
          });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Signs up, after a first visit for the session and token when this visitor has none yet. */
  async signup(username: string): Promise<Answer> {
    if (!this.csrfToken) await this.request('GET', '/api/_initial');
    return this.request('POST', '/api/_signup', { username, password: PASSWORD, email: '' });
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds; the assertions after it say what was wrong if it never does. */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < deadline) await pause(100);
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

describe('two processes on one PostgreSQL and Redis, behind a round-robin balancer', () => {
  const started = Date.now();
  const timings: string[] = [];
  const lap = (() => {
    let last = Date.now();
    return (what: string) => {
      timings.push(`${what} ${((Date.now() - last) / 1000).toFixed(1)} s`);
      last = Date.now();
    };
  })();

  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let env: Record<string, string>;
  let servers: RunningServer[] = [];
  let balancer: RoundRobin;
  let sql: pg.Client;
  // Client addresses of this run: Redis keeps rate-limit windows across runs, so each run has its own.
  const network = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
  let hosts = 0;
  const visitor = () => new Visitor(() => balancer.url, `${network}.${++hosts}`);
  const unique = crypto.randomBytes(3).toString('hex');

  const startBoth = async () => {
    servers = await Promise.all([startServer(env), startServer(env)]);
    servers.forEach((server, slot) => (balancer.upstreams[slot] = server.url));
  };

  beforeAll(async () => {
    database = await freshPostgres();
    env = {
      ...database.env,
      REDIS_URL: redisUrl,
      RATE_LIMITS: 'on',
      CAPTCHA: 'off',
      READ_CACHE_SECONDS: '60',
      SERVE_WEB: 'off',
      TRUST_PROXY: '127.0.0.1',
      COMMUNITY_CREATION_REQ_POINTS: '0',
    };
    balancer = new RoundRobin(['', '']);
    await balancer.listen();
    // Both start at once on an empty database: migrations, the generated secret and the seed race.
    await startBoth();
    sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await sql.connect();
    lap('start');
  });

  afterAll(async () => {
    await sql?.end();
    await Promise.all(servers.map((s) => s.stop()));
    await balancer?.close();
    await database?.drop();
    console.info(
      `scale: ${timings.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s in all; ` +
        `requests served ${balancer?.served.join(' + ')}`,
    );
  });

  let member: Visitor;

  it('honours on one process the session and CSRF token made on the other', async () => {
    member = visitor();
    const first = await member.request('GET', '/api/_initial');
    expect(first.status).toBe(200);
    expect(first.csrfToken).toBeTruthy();

    // The session and token made by one process sign up on the other…
    const signup = await member.signup(`member_${unique}`);
    expect(signup.servedBy).not.toBe(first.servedBy);
    expect(signup.status).toBe(201);
    // …whose session is logged in on the first, with the same token: one secret for both.
    const me = await member.request('GET', '/api/_user');
    expect(me.servedBy).toBe(first.servedBy);
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(`member_${unique}`);
    expect(me.csrfToken).toBe(signup.csrfToken);

    // A write without the token is refused by either process; with it, accepted by either.
    const community = `c${unique}`;
    const writes: Array<[string, unknown]> = [
      ['/api/communities', { name: community }],
      ['/api/posts', { type: 'text', title: 'Made on either process', community }],
    ];
    const refusedBy = new Set<number>();
    const acceptedBy = new Set<number>();
    for (const [path, body] of writes) {
      const without = await member.request('POST', path, body, { csrf: false });
      expect(without.status).toBe(401);
      refusedBy.add(without.servedBy);
      const withToken = await member.request('POST', path, body);
      expect(withToken.status).toBe(200);
      acceptedBy.add(withToken.servedBy);
      // One read between, so that the next pair of writes goes the other way round.
      expect((await member.request('GET', '/api/_user')).status).toBe(200);
    }
    expect(refusedBy).toEqual(new Set([0, 1]));
    expect(acceptedBy).toEqual(new Set([0, 1]));
    lap('sessions and CSRF');
  });

  it('counts a rate limit once for both processes', async () => {
    // signupIp: 2 a minute from one address. Counted per process, 2 would pass on each.
    const attacker = `${network}.250`;
    const visitors = Array.from({ length: 40 }, () => new Visitor(() => balancer.url, attacker));
    await Promise.all(visitors.map((v) => v.request('GET', '/api/_initial')));
    const attempts = await Promise.all(visitors.map((v, i) => v.signup(`rl${i}_${unique}`)));
    const passed = attempts.filter((a) => a.status === 201);
    const refused = attempts.filter((a) => a.status === 429);
    expect(passed).toHaveLength(2);
    expect(refused).toHaveLength(38);
    expect(new Set(attempts.map((a) => a.servedBy))).toEqual(new Set([0, 1]));
    expect(new Set(refused.map((a) => a.servedBy))).toEqual(new Set([0, 1]));
    console.info(`scale: signupIp let ${passed.length} of ${attempts.length} parallel signups through`);
    lap('rate limit');
  });

  it('keeps exact counts under 200 votes at once spread over both processes', async () => {
    const authors = [visitor(), visitor()];
    for (const [i, author] of authors.entries()) {
      expect((await author.signup(`author${i}_${unique}`)).status).toBe(201);
    }
    const community = `v${unique}`;
    expect((await authors[0]!.request('POST', '/api/communities', { name: community })).status).toBe(200);
    const posts: any[] = [];
    for (const author of authors) {
      const res = await author.request('POST', '/api/posts', { type: 'text', title: 'Count us', community });
      expect(res.status).toBe(200);
      posts.push(res.json);
    }
    const voters = Array.from({ length: 100 }, () => visitor());
    const signups = await inBatches(voters, 20, (v) => v.signup(`vt${v.address.split('.').pop()}_${unique}`));
    expect(signups.map((s) => s.status)).toEqual(voters.map(() => 201));
    const pointsOf = async (username: string) =>
      (await sql.query('SELECT points FROM users WHERE username = $1', [username])).rows[0].points as number;
    const authorNames = [`author0_${unique}`, `author1_${unique}`];
    const pointsBefore = await Promise.all(authorNames.map(pointsOf));
    lap('100 signups');

    // Post 0: three up for every down; post 1: four up for every down.
    const up = (post: number, voter: number) => (post === 0 ? voter % 4 !== 0 : voter % 5 !== 0);
    const votes = voters.flatMap((v, i) =>
      posts.map((p, k) => () => v.request('POST', '/api/_postVote', { postId: p.id, up: up(k, i) })),
    );
    const voteStart = Date.now();
    const answers = await Promise.all(votes.map((vote) => vote()));
    const voteMs = Date.now() - voteStart;
    expect(answers.map((a) => a.status)).toEqual(votes.map(() => 200));
    expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set([0, 1]));

    const reader = visitor();
    for (const [k, post] of posts.entries()) {
      const ups = voters.filter((_, i) => up(k, i)).length;
      const downs = voters.length - ups;
      // The author's own upvote is the first.
      const expected = { upvotes: 1 + ups, downvotes: downs, points: 1 + ups - downs };
      const seen = await reader.request('GET', `/api/posts/${post.publicId}`);
      expect(seen.json).toMatchObject({ upvotes: expected.upvotes, downvotes: expected.downvotes });
      const row = await sql.query('SELECT upvotes, downvotes, points FROM posts WHERE id = $1', [post.id]);
      expect(row.rows[0]).toEqual(expected);
      const windows = await sql.query('SELECT points FROM post_windows WHERE post_id = $1', [post.id]);
      expect(windows.rows.map((w) => w.points)).toEqual(windows.rows.map(() => expected.points));
      const rows = await sql.query(
        'SELECT count(*) FILTER (WHERE up)::int AS up, count(*) FILTER (WHERE NOT up)::int AS down FROM post_votes WHERE post_id = $1',
        [post.id],
      );
      expect(rows.rows[0]).toEqual({ up: 1 + ups, down: downs });
      // Upvotes from others are the author's points; downvotes cost nothing (DOMAIN §3.2).
      expect(await pointsOf(authorNames[k]!)).toBe(pointsBefore[k]! + ups);
    }
    console.info(
      `scale: ${answers.length} votes at once in ${voteMs} ms, ` +
        `${answers.filter((a) => a.servedBy === 0).length} on one process and ${answers.filter((a) => a.servedBy === 1).length} on the other; counts exact`,
    );
    lap('200 votes');
  });

  it("clears a guest's page cached by one process when the other locks or deletes the post", async () => {
    // Each process keeps its own guests' read cache (decisions §41); a write on one must reach the other's
    // at once, not after READ_CACHE_SECONDS (60 here, so an expired entry cannot explain a fresh page).
    const author = new Visitor(() => servers[0]!.url, `${network}.240`);
    const guest = new Visitor(() => servers[1]!.url, `${network}.241`);
    expect((await author.signup(`cache_${unique}`)).status).toBe(201);
    const community = `k${unique}`;
    const made = await author.request('POST', '/api/communities', { name: community });
    expect(made.status).toBe(200);
    const communityId = (made.json as { id: string }).id;
    const post = await author.request('POST', '/api/posts', {
      type: 'text',
      title: 'Cached twice',
      community,
    });
    expect(post.status).toBe(200);
    const { id, publicId } = post.json as { id: string; publicId: string };
    const feedPath = `/api/posts?sort=latest&communityId=${communityId}`;
    const postPath = `/api/posts/${publicId}`;
    const feedIds = async () =>
      ((await guest.request('GET', feedPath)).json as { posts: { id: string }[] }).posts;

    expect((await feedIds()).map((p) => p.id)).toEqual([id]);
    expect((await guest.request('GET', postPath)).json).toMatchObject({
      title: 'Cached twice',
      locked: false,
    });
    // A change behind the app's back (no route, so no clearing) shows that the second process answers
    // from its cache.
    await sql.query(`UPDATE posts SET title = 'Changed in the database' WHERE id = $1`, [id]);
    expect((await guest.request('GET', postPath)).json).toMatchObject({ title: 'Cached twice' });

    // Writes go to the first process, reads to the second: the time until the second shows each write.
    const seenAfter: number[] = [];
    const lockedAt = Date.now();
    expect((await author.request('PUT', `${postPath}?action=lock&lockAs=mods`)).status).toBe(200);
    await until(async () => (await guest.request('GET', postPath)).json.locked === true, 2_000);
    seenAfter.push(Date.now() - lockedAt);
    expect((await guest.request('GET', postPath)).json).toMatchObject({
      title: 'Changed in the database',
      locked: true,
    });

    await pause(1_100); // updateContent: one edit, action or deletion a second per member
    const deletedAt = Date.now();
    expect((await author.request('DELETE', `${postPath}?deleteAs=normal`)).status).toBe(200);
    await until(async () => (await feedIds()).length === 0, 2_000);
    seenAfter.push(Date.now() - deletedAt);
    expect(await feedIds()).toEqual([]);
    console.info(
      `scale: the other process showed the lock after ${seenAfter[0]} ms, the deletion after ${seenAfter[1]} ms`,
    );
    lap('read cache across processes');
  });

  it('shows a member their own new post and edit at once, whichever process they write and read on', async () => {
    // A member reads on one process and writes on the other: each process keeps shared runs of feed
    // pages (60 s here), which the write's database notice clears a moment after its answer. The
    // member's next read may come first; the cookie the write hands out tells that process anyway.
    let on = 0;
    const members: Visitor[] = [];
    for (let i = 0; i < 6; i++) {
      const m = new Visitor(() => servers[on]!.url, `${network}.${200 + i}`);
      on = 0;
      expect((await m.signup(`own_${i}_${unique}`)).status).toBe(201);
      members.push(m);
    }
    const community = `o${unique}`;
    const made = await members[0]!.request('POST', '/api/communities', { name: community });
    expect(made.status).toBe(200);
    const feedPath = `/api/posts?feed=community&communityId=${(made.json as { id: string }).id}&sort=latest`;
    const titles = async (m: Visitor) => {
      const res = await m.request('GET', feedPath);
      expect(res.status).toBe(200);
      return new Map(
        (res.json as { posts: { id: string; title: string }[] }).posts.map((p) => [p.id, p.title]),
      );
    };
    for (const [i, m] of members.entries()) {
      on = 1;
      await titles(m); // this process now holds the feed's shared run
      on = 0;
      const post = await m.request('POST', '/api/posts', { type: 'text', title: `New ${i}`, community });
      expect(post.status).toBe(200);
      const { id, publicId } = post.json as { id: string; publicId: string };
      on = 1;
      expect((await titles(m)).get(id), `member ${i}'s new post`).toBe(`New ${i}`);
      on = 0;
      const edit = await m.request('PUT', `/api/posts/${publicId}`, { title: `Edited ${i}`, body: '' });
      expect(edit.status).toBe(200);
      on = 1;
      expect((await titles(m)).get(id), `member ${i}'s edit`).toBe(`Edited ${i}`);
    }
    lap("members' own writes across processes");
  });

  it('runs each periodic job once per period in all, across restarts', async () => {
    const jobRuns = async () =>
      // The hourly jobs: the notification jobs of every 10 s and every minute run again within the test.
      (
        await sql.query(
          'SELECT name, runs::int AS runs, ran_by FROM job_runs WHERE name = ANY($1) ORDER BY name',
          [Object.keys(JOB_TABLES)],
        )
      ).rows as Array<{
        name: string;
        runs: number;
        ran_by: string;
      }>;
    const ranBy = () => new Set(servers.map((s) => `${os.hostname()}:${s.process.pid}`));

    // Both processes checked every job at start: each ran once, on one process or the other.
    // Generous waits: on a loaded two-core machine a process's first checks can come many seconds late.
    await until(async () => (await jobRuns()).length >= Object.keys(JOB_TABLES).length, 45_000);
    const first = await jobRuns();
    expect(first.map((j) => j.name)).toEqual(expect.arrayContaining(Object.keys(JOB_TABLES)));
    for (const job of first) {
      expect(job.runs, job.name).toBe(1);
      expect(ranBy().has(job.ran_by), job.ran_by).toBe(true);
    }

    // From here on, every run of a job leaves a row: each runs one DELETE on its table.
    await sql.query(`
      CREATE TABLE probe_job_deletes (table_name text NOT NULL);
      CREATE FUNCTION probe_job_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO probe_job_deletes VALUES (TG_TABLE_NAME);
        RETURN NULL;
      END $$;
      ${Object.values(JOB_TABLES)
        .map(
          (t) =>
            `CREATE TRIGGER probe AFTER DELETE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION probe_job_delete();`,
        )
        .join('\n')}`);
    const deletes = async () =>
      Object.fromEntries(
        (
          await sql.query('SELECT table_name, count(*)::int AS n FROM probe_job_deletes GROUP BY table_name')
        ).rows.map((r) => [r.table_name, r.n]),
      );

    // A restarted process finds every job done within the period, and runs none.
    await servers[1]!.stop();
    servers[1] = await startServer(env);
    balancer.upstreams[1] = servers[1].url;
    await pause(1500);
    expect(await deletes()).toEqual({});
    expect((await jobRuns()).map((j) => j.runs)).toEqual(first.map(() => 1));

    // A period later, both processes start at the same moment and check every job at once: each
    // runs on exactly one of them.
    await sql.query(`UPDATE job_runs SET last_started_at = last_started_at - interval '1 hour'`);
    await Promise.all(servers.map((s) => s.stop()));
    await startBoth();
    await until(async () => (await jobRuns()).every((j) => j.runs >= 2), 45_000);
    await pause(1000); // time for a second run, were there one
    const second = await jobRuns();
    for (const job of second) {
      expect(job.runs, job.name).toBe(2);
      expect(ranBy().has(job.ran_by), job.ran_by).toBe(true);
    }
    expect(await deletes()).toEqual(Object.fromEntries(Object.values(JOB_TABLES).map((table) => [table, 1])));

    // Sessions live in the database: the member is still logged in on the new processes.
    const me = await member.request('GET', '/api/_user');
    expect(me.status).toBe(200);
    expect(balancer.served.every((n) => n > 0)).toBe(true);
    lap('jobs and restarts');
  });
});
