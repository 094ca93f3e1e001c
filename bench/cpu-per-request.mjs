// CPU time per request, of the Node server and of its PostgreSQL backends, for several builds side by
// side: what a request costs whatever else runs on the machine (a shared machine's load stretches
// latencies many times over, far less the CPU a request takes). Each build runs against its own
// database (copies of one, so that its backends can be told apart: pg_stat_activity by database),
// requests are sequential (one at a time), and the builds alternate in blocks.
//
//   node bench/cpu-per-request.mjs \
//     --database-url postgres://postgres@127.0.0.1:5432/bench_a --server bench/.data/before/packages/server/dist/main.js --label before \
//     --database-url postgres://postgres@127.0.0.1:5432/bench_b --server packages/server/dist/main.js --label after \
//     --path '/api/posts?sort=hot' [--path …] [--cookie 'SID=…'] [--requests 30] [--rounds 5] [--web]
//
// --web: the servers serve the built client too (SERVE_WEB=on, each build its own), for app pages
// such as `--path /` (the page with its data and its server-rendered first screen).
//
// Settings of the servers come from the environment as for the other scripts (READ_CACHE_SECONDS=0
// measures what a miss of the read cache costs). Prints per path and build the median over rounds of
// Node CPU ms, PostgreSQL CPU ms and wall ms per request.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from './lib.mjs';

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string', multiple: true },
    server: { type: 'string', multiple: true },
    label: { type: 'string', multiple: true },
    path: { type: 'string', multiple: true },
    cookie: { type: 'string', multiple: true },
    requests: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '5' },
    web: { type: 'boolean', default: false },
  },
});

const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // ended since
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const urls = flags['database-url'] ?? [];
  if (urls.length === 0 || urls.length !== (flags.server ?? []).length) {
    throw new Error('Give one --database-url and one --server per build, in order.');
  }
  const admin = new pg.Client({ connectionString: urls[0] });
  await admin.connect();
  const builds = [];
  for (const [i, url] of urls.entries()) {
    const server = await startServer('postgres', url, flags.web ? { SERVE_WEB: 'on' } : {}, flags.server[i]);
    builds.push({
      label: flags.label?.[i] ?? flags.server[i],
      url,
      server,
      database: new URL(url).pathname.slice(1),
    });
  }
  const backendsCpu = async (database) => {
    const { rows } = await admin.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
      [database],
    );
    const byPid = new Map();
    for (const { pid } of rows) byPid.set(pid, cpuMsOf(pid));
    return byPid;
  };
  const requests = Number(flags.requests);
  const results = new Map();
  console.log(
    `Load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    for (const [pi, path] of flags.path.entries()) {
      const headers = flags.cookie?.[pi]
        ? { cookie: flags.cookie[pi], 'accept-encoding': 'gzip, deflate, br, zstd' }
        : { 'accept-encoding': 'gzip, deflate, br, zstd' };
      for (const b of builds) {
        // Warm-up: connections opened, statements prepared, caches of the process filled.
        for (let i = 0; i < 10; i++) await (await fetch(b.server.url + path, { headers })).arrayBuffer();
      }
      for (let round = 0; round < Number(flags.rounds); round++) {
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        for (const b of order) {
          const pgBefore = await backendsCpu(b.database);
          const nodeBefore = cpuMsOf(b.server.pid);
          const started = performance.now();
          for (let i = 0; i < requests; i++) {
            const res = await fetch(b.server.url + path, { headers });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`${b.label} ${path}: ${res.status}`);
          }
          const wall = (performance.now() - started) / requests;
          const node = (cpuMsOf(b.server.pid) - nodeBefore) / requests;
          const pgAfter = await backendsCpu(b.database);
          let pgMs = 0;
          for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
          const key = `${path}\u0000${b.label}`;
          if (!results.has(key)) results.set(key, { path, label: b.label, node: [], pg: [], wall: [] });
          const r = results.get(key);
          r.node.push(node);
          r.pg.push(pgMs / requests);
          r.wall.push(wall);
        }
      }
      for (const b of builds) {
        const r = results.get(`${path}\u0000${b.label}`);
        console.log(
          `${path} [${b.label}]: node ${median(r.node).toFixed(2)} ms, postgres ${median(r.pg).toFixed(2)} ms, wall ${median(r.wall).toFixed(2)} ms per request (load ${os.loadavg()[0].toFixed(2)})`,
        );
      }
    }
  } finally {
    for (const b of builds) await b.server.stop();
    await admin.end();
  }
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
