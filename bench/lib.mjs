// What the benchmarks share: where the database is (the site's embedded PostgreSQL in a data directory,
// or a PostgreSQL server), the real built server on a free loopback port, the memory of the whole site,
// a bare route serving a fixed body with the same framework (in a worker thread), and exact response
// times under autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const root = path.resolve(import.meta.dirname, '..');

/** A small deterministic generator, so every run and engine gets the same data. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pct = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
export const ms = (v) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

// --- The database --------------------------------------------------------------------------------------

/**
 * Which database a script works on: `--data-dir DIR` is the site's embedded PostgreSQL in DIR (the
 * server's DATA_DIR; the cluster is DIR/postgres), `--database-url URL` a PostgreSQL server. `--engine`
 * (embedded or postgres) is optional and must agree.
 */
export function targetOf(flags) {
  const dir = flags['data-dir'];
  const url = flags['database-url'];
  if (Boolean(dir) === Boolean(url))
    throw new Error(
      'Give --data-dir DIR (the embedded database) or --database-url URL (a PostgreSQL server).',
    );
  const target = dir
    ? { engine: 'embedded', location: path.resolve(dir) }
    : { engine: 'postgres', location: url };
  checkEngine(flags.engine, target);
  return target;
}

export function checkEngine(engine, target) {
  if (engine && !['embedded', 'postgres'].includes(engine))
    throw new Error('--engine must be embedded or postgres');
  if (engine && engine !== target.engine) {
    throw new Error(
      `--engine ${engine} does not go with ${target.engine === 'embedded' ? '--data-dir' : '--database-url'}`,
    );
  }
}

/**
 * How to connect to a target. The embedded server is started the way the CLI starts it (or joined, when
 * a running site already started it); `stop` stops it again.
 */
export async function reach(target) {
  if (target.engine === 'postgres') {
    const url = new URL(target.location);
    return {
      connection: { connectionString: target.location },
      where: `${url.host}${url.pathname}`,
      async stop() {},
    };
  }
  const { startEmbedded } = await import('../packages/server/dist/db/embedded/embedded-postgres.js');
  const embedded = await startEmbedded(target.location, 'cli');
  for (const note of embedded.notes) console.log(note);
  return {
    connection: embedded.connection,
    where: embedded.layout.clusterDir,
    stop: () => embedded.stop(60_000),
  };
}

/** A Kysely on the target, with the server's own type parsing; `close` also stops what `reach` started. */
export async function openDatabase(target, poolSize = 1) {
  const { openPostgres } = await import('../packages/server/dist/db/engine.js');
  const reached = await reach(target);
  const database = openPostgres(reached.connection, poolSize);
  return {
    db: database.db,
    where: reached.where,
    async close() {
      try {
        await database.close();
      } finally {
        await reached.stop();
      }
    },
  };
}

/**
 * Makes the database of a PostgreSQL URL when it is missing. `reset` drops it first: only databases
 * whose name starts with "bench", so a slip cannot drop real data.
 */
export async function createPostgresDatabase(url, { reset = false } = {}) {
  const { default: pg } = await import('pg');
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (reset) {
      if (!name.startsWith('bench'))
        throw new Error(`--reset only drops databases named bench…, not "${name}"`);
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

// --- Memory of the whole site ---------------------------------------------------------------------------

/**
 * Proportional set size (shared pages divided among the processes that map them) and resident size of
 * a process, in kB; null when it is gone.
 */
function sizesKB(pid) {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(rollup)[1]);
    return { pss: kb('Pss'), rss: kb('Rss') };
  } catch {
    return null;
  }
}

function childrenOf(parent) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so cut at the last ')'.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * What the site takes in memory (Linux, /proc): the Node server, and when it runs the embedded database
 * (`dataDir` given), its postmaster and every child of it. PostgreSQL's children set their own titles:
 * client backends are those connected through the socket (`[local]`), the rest background processes
 * (checkpointer, writers, io workers, autovacuum). Pss, so the shared buffers count once in the sum.
 * Node's Pss also divides the pages of the node program among every Node process on the machine (this
 * benchmark's own, at least), so its Rss comes too: what it takes when it runs alone.
 */
export function siteMemory(nodePid, dataDir = null) {
  const part = (pids) => {
    const sizes = pids.map(sizesKB).filter((v) => v !== null);
    const sum = (key) => sizes.reduce((a, v) => a + v[key], 0) / 1024;
    return { processes: sizes.length, mb: sum('pss'), rssMB: sum('rss') };
  };
  const memory = { node: part([nodePid]) };
  if (dataDir) {
    const title = (pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    };
    // The cluster's own lock names the postmaster; its command line (`postgres -D DIR/postgres …`)
    // confirms the pid is not a stale one reused by another program.
    const clusterDir = path.join(dataDir, 'postgres');
    let postmaster = null;
    try {
      const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (title(pid).split('\0').includes(clusterDir)) postmaster = pid;
    } catch {
      // not running
    }
    const children = postmaster ? childrenOf(postmaster) : [];
    const backends = children.filter((pid) => title(pid).includes('[local]'));
    memory.postmaster = part(postmaster ? [postmaster] : []);
    memory.backends = part(backends);
    memory.background = part(children.filter((pid) => !backends.includes(pid)));
  }
  memory.total = Object.values(memory).reduce((a, p) => a + p.mb, 0);
  /** The same with Node at its resident size. */
  memory.totalNodeAlone = memory.total - memory.node.mb + memory.node.rssMB;
  return memory;
}

export function formatMemory(m) {
  const mb = (v) => `${v.toFixed(1)} MB`;
  const parts = [`node ${mb(m.node.mb)} (Rss ${mb(m.node.rssMB)})`];
  if (m.postmaster) {
    parts.push(
      `postmaster ${mb(m.postmaster.mb)}`,
      `${m.backends.processes} backends ${mb(m.backends.mb)}`,
      `${m.background.processes} background ${mb(m.background.mb)}`,
    );
  }
  return `${mb(m.total)} (${parts.join(', ')})`;
}

// --- The server under test ------------------------------------------------------------------------------

const SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'SITE_NAME',
  'PUBLIC_URL',
  'CAPTCHA',
  'TRUST_PROXY',
  'RATE_LIMITS',
  'CSRF_OFF',
  'SECRET',
  'SESSION_COOKIE_NAME',
  'DEVELOPMENT',
  'LOG_LEVEL',
  'SERVE_WEB',
  'WEB_DIST_DIR',
  'OUTBOUND_ALLOW',
];

/**
 * The built server as a user runs it: `embedded` with DATA_DIR = `location` and no DATABASE_URL (it
 * starts its own PostgreSQL), `postgres` with DATABASE_URL = `location`. `settings` override the
 * defaults below (e.g. `SERVE_WEB: 'on'` to serve the built client too). `main` is the server to start
 * (default this checkout's `packages/server/dist/main.js`): another build, to compare two in one run.
 */
export async function startServer(
  engine,
  location,
  settings = {},
  main = path.join(root, 'packages/server/dist/main.js'),
) {
  const env = { ...process.env };
  for (const name of SETTINGS) delete env[name];
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    SERVE_WEB: 'off',
    RATE_LIMITS: 'off',
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    ...settings,
  });
  let scratch = null;
  const dataDir = engine === 'embedded' ? path.resolve(location) : null;
  if (dataDir) env.DATA_DIR = dataDir;
  else {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-server-'));
    Object.assign(env, { DATABASE_URL: location, DATA_DIR: scratch });
  }
  const child = spawn(process.execPath, [main], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(`server: ${chunk}`));
    void exited.then((code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
  child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line.trim()) console.log(`server: ${line.slice(0, 300)}`);
  });
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`Unexpected server address ${url}`);
  return {
    url,
    pid: child.pid,
    /** The Node process, and with the embedded engine its PostgreSQL too: see `siteMemory`. */
    memory: () => siteMemory(child.pid, dataDir),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export async function getJson(url, headers) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

export function startBare(body) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { body } });
  return new Promise((resolve, reject) => {
    worker.once('message', (port) => resolve({ port, worker }));
    worker.once('error', reject);
  });
}

// --- Measuring ----------------------------------------------------------------------------------------------

export async function measure(s, { connections, duration }) {
  const { default: autocannon } = await import('autocannon');
  const latencies = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url: s.url, connections, duration, headers: s.headers }, (error, r) =>
      error ? reject(error) : resolve(r),
    );
    // autocannon's own histogram keeps whole milliseconds; these are the exact response times.
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) latencies.push(time);
    });
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${s.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    requests: result.requests.total,
    seconds: result.duration,
    bytes: result.throughput.total,
    rps: result.requests.total / result.duration,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
  };
}

if (!isMainThread) {
  // The bare route: the same framework as the server, a fixed JSON body, nothing else.
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  const body = workerData.body;
  app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  parentPort.postMessage(app.server.address().port);
}
