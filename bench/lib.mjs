// What the load scenarios share: the real built server on a free loopback port, a bare route serving a
// fixed body with the same framework (in a worker thread), and exact response times under autocannon.
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
  'EMBEDDED_FSYNC',
  'DEVELOPMENT',
  'LOG_LEVEL',
  'SERVE_WEB',
  'WEB_DIST_DIR',
  'OUTBOUND_ALLOW',
];

/** `settings` override the defaults below (e.g. `SERVE_WEB: 'on'` to serve the built client too). */
export async function startServer(engine, location, settings = {}) {
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
  if (engine === 'pglite') env.DATA_DIR = path.resolve(location);
  else {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-server-'));
    Object.assign(env, { DATABASE_URL: location, DATA_DIR: scratch });
  }
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
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
    /** Resident and peak memory of the server process, from /proc (Linux), in MB. */
    memory() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
        return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
      } catch {
        return null;
      }
    },
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
