// What the whole site takes in memory on the embedded default: the Node server plus every process of
// its PostgreSQL (the postmaster `postgres -D DIR/postgres` and its children), as proportional set size
// (Pss from /proc/<pid>/smaps_rollup: pages shared between processes are divided among them, so the sum
// counts the shared buffers once). First on a fresh data directory (a temporary folder, removed after),
// idle, with the time from start to listening on a new and on an existing directory; then, with
// --data-dir, on a database made by bench/generate.mjs: idle, at the peak during the feed scenarios of
// bench/feeds.mjs (the same requests, each for the same time, sampled every second), and after them.
// Linux only; needs `node scripts/build.mjs`.
//
//   node bench/memory.mjs [--data-dir bench/.data/embedded-10k] [--settle 10]
//        [--duration 10] [--connections 10] [--warmup 2] [--pages 5] [--only 'hot.*anon']
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inspectDatabase, prepareScenarios } from './feeds.mjs';
import { formatMemory, measure, ms, startServer } from './lib.mjs';

const { values: flags } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    settle: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    pages: { type: 'string', default: '5' },
    'small-target': { type: 'string', default: '100' },
    only: { type: 'string' },
  },
});
const settle = () => new Promise((resolve) => setTimeout(resolve, Number(flags.settle) * 1000));
const rows = [];

async function timedStart(dir) {
  const started = performance.now();
  const server = await startServer('embedded', dir);
  return { server, seconds: (performance.now() - started) / 1000 };
}

// A fresh data directory: what a new site takes before anyone visits it.
const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'commons-bench-memory-'));
try {
  const first = await timedStart(fresh);
  try {
    await settle();
    rows.push(['fresh data directory, idle', first.server.memory()]);
  } finally {
    await first.server.stop();
  }
  const again = await timedStart(fresh);
  await again.server.stop();
  console.log(
    `Start to listening: ${first.seconds.toFixed(1)} s on a new data directory (the cluster is made), ` +
      `${again.seconds.toFixed(1)} s on an existing one`,
  );
} finally {
  fs.rmSync(fresh, { recursive: true, force: true });
}

if (flags['data-dir']) {
  const location = path.resolve(flags['data-dir']);
  const info = await inspectDatabase({ engine: 'embedded', location }, Number(flags['small-target']));
  const t = { ...info, server: await startServer('embedded', location) };
  try {
    await settle();
    rows.push([`${info.posts} posts, idle`, t.server.memory()]);
    await prepareScenarios(t, flags);
    let peak = null;
    const sampler = setInterval(() => {
      const m = t.server.memory();
      if (!peak || m.total > peak.total) peak = m;
    }, 1000);
    const options = { connections: Number(flags.connections) };
    try {
      for (const s of t.scenarios.filter((x) => !x.skipped)) {
        if (Number(flags.warmup) > 0) await measure(s, { ...options, duration: Number(flags.warmup) });
        const r = await measure(s, { ...options, duration: Number(flags.duration) });
        console.log(
          `${s.name}: p50 ${ms(r.p50)} ms, ${r.rps.toFixed(0)} req/s; ${formatMemory(t.server.memory())}`,
        );
      }
    } finally {
      clearInterval(sampler);
    }
    rows.push([`${info.posts} posts, peak during the feed scenarios`, peak]);
    rows.push([`${info.posts} posts, after the feed scenarios`, t.server.memory()]);
  } finally {
    await t.server.stop();
  }
}

// "alone": with Node's resident size in place of its Pss, which shares the node program's pages with
// this benchmark's own process.
console.log(
  `\n${'Pss, MB'.padEnd(44)} ${'total'.padStart(7)} ${'alone'.padStart(7)} ${'node'.padStart(7)} ${'node Rss'.padStart(8)} ` +
    `${'postmaster'.padStart(10)} ${'backends'.padStart(12)} ${'background'.padStart(12)}`,
);
for (const [what, m] of rows) {
  const mb = (v) => v.toFixed(1);
  console.log(
    `${what.padEnd(44)} ${mb(m.total).padStart(7)} ${mb(m.totalNodeAlone).padStart(7)} ${mb(m.node.mb).padStart(7)} ` +
      `${mb(m.node.rssMB).padStart(8)} ${mb(m.postmaster.mb).padStart(10)} ` +
      `${`${mb(m.backends.mb)} (${m.backends.processes})`.padStart(12)} ${`${mb(m.background.mb)} (${m.background.processes})`.padStart(12)}`,
  );
}
