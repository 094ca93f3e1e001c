// npm test: every check, in the order that fails fastest. CI runs exactly this (.ci/run).
//   format → lint → typecheck → unit, component and API tests → build (+ page-weight budget)
//   → process tests (the built server and CLI) → browser tests (Chromium)
// TEST_DATABASE_URL adds the API and process tests on PostgreSQL; TEST_REDIS_URL the shared rate limits.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, buildWeb } from './build.mjs';
import { findChromium, INSTALL_HINT } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const redis = Boolean(process.env.TEST_REDIS_URL);
const timings = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, Date.now() - started]);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed.`);
    summary();
    process.exit(result.status ?? 1);
  }
}

function summary() {
  console.log('\nSteps:');
  for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

const vitest = (projects) => [
  bin('vitest', 'vitest.mjs'),
  'run',
  ...projects.flatMap((p) => ['--project', p]),
];

step('format', node, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']);
step('lint', node, [bin('eslint', 'bin/eslint.js'), '--max-warnings', '0', '.']);
step('typecheck', node, [bin('typescript', 'bin/tsc'), '-b', 'packages/server', 'packages/web']);
step('typecheck tests', node, [bin('typescript', 'bin/tsc'), '-p', 'packages/server/tsconfig.test.json']);
step('typecheck e2e', node, [bin('typescript', 'bin/tsc'), '-p', 'e2e']);
step(
  `unit, component and API tests (PGlite${postgres ? ' and PostgreSQL' : ''}${redis ? ', Redis' : ''})`,
  node,
  vitest(['unit', 'component', 'api', ...(postgres ? ['api-postgres'] : []), ...(redis ? ['redis'] : [])]),
);

console.log('\n▶ build');
const started = Date.now();
buildServer();
buildWeb({ force: true });
timings.push(['build', Date.now() - started]);

step(
  `process tests (PGlite${postgres ? ' and PostgreSQL' : ''})`,
  node,
  vitest(['process', ...(postgres ? ['process-postgres'] : [])]),
);

const chromium = findChromium();
if (!chromium) {
  if (process.env.CI) {
    console.error(`\n✗ browser tests: no Chromium found; ${INSTALL_HINT}.`);
    process.exit(1);
  }
  console.log(`\n! Browser tests not run: no Chromium found; ${INSTALL_HINT}.`);
} else {
  step('browser tests (Chromium, 1280 px and 390 px)', node, [
    bin('@playwright/test', 'cli.js'),
    'test',
    '-c',
    'e2e/playwright.config.ts',
  ]);
}
summary();
console.log('\n✓ all checks passed');
