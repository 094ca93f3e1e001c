// npm test: every check. CI runs exactly this (.ci/run).
//   build (+ page-weight budget) → the process tests → format, lint and typecheck beside the unit and API
//   tests → the component tests beside the browser tests (Chromium). Steps that time things (whole
//   servers, browser journeys) run without heavy CPU-bound neighbours: on two cores, sharing them with
//   the static checks made them 1.7× slower and flaky, and the whole run no faster (docs/performance.md).
// The first failure stops everything and is reported with the output of the step that failed.
// The API and process tests run on TEST_DATABASE_URL when set (CI: PostgreSQL 15), else on an embedded
// PostgreSQL started for the run. TEST_REDIS_URL adds the shared rate limits and the two-process test.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { findChromium, INSTALL_HINT } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL at TEST_DATABASE_URL' : 'embedded PostgreSQL';
const redis = Boolean(process.env.TEST_REDIS_URL);
const timings = [];

function summary() {
  console.log('\nSteps:');
  for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

function failed(name, code) {
  console.error(`\n✗ ${name} failed.`);
  summary();
  process.exit(code ?? 1);
}

const running = new Set();

/** Each step leads its own process group, so its browsers, servers and workers go with it. */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

// The steps have process groups of their own, which a terminal's Ctrl-C does not reach.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/**
 * Runs one step as a child process; its output is printed whole when it ends, so outputs never
 * interleave. A failure ends every other running step at once: nothing waits on a run that has failed.
 */
function step({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`▶ ${name}`);
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      running.delete(child);
      timings.push([name, Date.now() - started]);
      if (output.trim()) console.log(`\n── ${name}\n${output.trimEnd()}`);
      if (code !== 0) {
        stopAll();
        failed(name, code);
      }
      resolve();
    });
  });
}

const together = (steps) => Promise.all(steps.map(step));

const tsc = bin('typescript', 'bin/tsc');
const staticChecks = [
  {
    name: 'format',
    command: node,
    args: [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
  },
  { name: 'lint', command: node, args: [bin('eslint', 'bin/eslint.js'), '--max-warnings', '0', '.'] },
  {
    name: 'typecheck',
    command: 'sh',
    args: [
      '-c',
      `"${node}" "${tsc}" -b packages/server packages/web && "${node}" "${tsc}" -p packages/server/tsconfig.test.json && "${node}" "${tsc}" -p e2e`,
    ],
  },
];

await step({ name: 'build', command: node, args: [path.join(root, 'scripts/build.mjs'), '--force'] });

const vitest = (name, projects) => ({
  name,
  command: node,
  args: [bin('vitest', 'vitest.mjs'), 'run', ...projects.flatMap((p) => ['--project', p])],
});
const databaseNote = `${database}${redis ? ', Redis' : ''}`;
// Whole servers started, killed and timed: beside other steps they were starved past their limits
// (servers not started in 60 s, a second SIGTERM over 2 s).
await step(vitest(`process tests (${databaseNote})`, ['process', ...(redis ? ['process-scale'] : [])]));

// The static checks are CPU-bound; the API tests mostly wait on PostgreSQL: they share the cores well.
await together([
  ...staticChecks,
  vitest(`unit and API tests (${databaseNote})`, ['unit', 'api', ...(redis ? ['redis'] : [])]),
]);

// The component tests (about 20 s of CPU since they share modules within a worker) start beside the
// browser journeys, which keep about 1.8 of the two cores busy: the components fit in the rest.
const componentTests = vitest('component tests', ['component']);
const chromium = findChromium({ headlessShell: true });
if (chromium) {
  await together([
    componentTests,
    {
      name: 'browser tests (Chromium, 1280 px and 390 px)',
      command: node,
      args: [bin('@playwright/test', 'cli.js'), 'test', '-c', 'e2e/playwright.config.ts'],
    },
  ]);
} else if (process.env.CI) {
  console.error(`\n✗ browser tests: no Chromium found; ${INSTALL_HINT}.`);
  process.exit(1);
} else {
  await step(componentTests);
  console.log(`\n! Browser tests not run: no Chromium found; ${INSTALL_HINT}.`);
}
summary();
console.log('\n✓ all checks passed');
