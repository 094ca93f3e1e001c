// npm test: every check, in the order that fails fastest. CI runs exactly this (.ci/run).
//   format, lint and typecheck side by side → build (+ page-weight budget) → unit, component, API and
//   process tests in one Vitest run, alongside the browser tests (Chromium)
// The API and process tests run on TEST_DATABASE_URL when set (CI: PostgreSQL 15), else on an embedded
// PostgreSQL started for the run. TEST_REDIS_URL adds the shared rate limits and the two-process test.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
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

/**
 * Steps that do not depend on each other, run at once so that together they use both cores. Each
 * one's output is printed whole when it ends, so outputs never interleave.
 */
async function together(checks) {
  console.log(`\n▶ ${checks.map((c) => c.name).join(', ')} (side by side)`);
  const results = await Promise.all(
    checks.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            timings.push([name, Date.now() - started]);
            if (output.trim()) console.log(`\n── ${name}\n${output.trimEnd()}`);
            resolve({ name, code });
          });
        }),
    ),
  );
  const failure = results.find((r) => r.code !== 0);
  if (failure) failed(failure.name, failure.code);
}

const tsc = bin('typescript', 'bin/tsc');
await together([
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
]);

console.log('\n▶ build');
const started = Date.now();
buildServer();
buildWeb({ force: true });
timings.push(['build', Date.now() - started]);

const vitestRun = {
  name: `unit, component, API and process tests (${database}${redis ? ', Redis' : ''})`,
  command: node,
  args: [
    bin('vitest', 'vitest.mjs'),
    'run',
    ...['unit', 'component', 'api', 'process', ...(redis ? ['redis', 'process-scale'] : [])].flatMap((p) => [
      '--project',
      p,
    ]),
  ],
};
const browserRun = {
  name: 'browser tests (Chromium, 1280 px and 390 px)',
  command: node,
  args: [bin('@playwright/test', 'cli.js'), 'test', '-c', 'e2e/playwright.config.ts'],
};

// The browser tests keep about half of the two cores busy (they wait on pages and timers), so the
// Vitest run goes alongside them: measured 13 min one after the other, see docs/performance.md.
const chromium = findChromium();
if (!chromium) {
  if (process.env.CI) {
    console.error(`\n✗ browser tests: no Chromium found; ${INSTALL_HINT}.`);
    process.exit(1);
  }
  console.log(`\n! Browser tests not run: no Chromium found; ${INSTALL_HINT}.`);
  await together([vitestRun]);
} else {
  await together([vitestRun, browserRun]);
}
summary();
console.log('\n✓ all checks passed');
