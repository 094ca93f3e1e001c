import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { reactCompatAliases } from './packages/web/vite.config.ts';

/**
 * One runner for every tier but the browser tests: unit (pure rules), component (React in happy-dom),
 * API (the real app through inject() on a real PostgreSQL) and process (the built server and CLI).
 * The PostgreSQL is TEST_DATABASE_URL when set (CI: the machine's PostgreSQL 15), otherwise an embedded
 * server that global-setup starts once per run; each test file gets a database copied from a template.
 */
// Tests read @commons/shared from its TypeScript source, never from a possibly stale (or missing) dist.
const shared = (file: string) => fileURLToPath(new URL(`./packages/shared/src/${file}`, import.meta.url));
const source = {
  alias: [
    { find: /^@commons\/shared\/schemas$/, replacement: shared('schemas/index.ts') },
    { find: /^@commons\/shared\/(search|modlog|texts\/[a-z-]+)$/, replacement: shared('$1.ts') },
    { find: /^@commons\/shared$/, replacement: shared('index.ts') },
  ],
};
/** The packages that import React (the web client's dependencies and the testing library's). */
const reactLibraries =
  /\/node_modules\/(@testing-library\/react|@tanstack\/react-query|@radix-ui\/[^/]+|@floating-ui\/react-dom|wouter|react-markdown|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar)\//;
const withRedis = Boolean(process.env.TEST_REDIS_URL);
const globalSetup = ['packages/server/test/global-setup.ts'];

/**
 * Vitest runs projects in name order, so the process tests (a few files of whole servers killed and
 * restarted, minutes each, mostly waiting) used to start last and end the run alone. They start first
 * here, and the many short files fill the other workers around them.
 */
class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.project.name.startsWith('process') ? 0 : 1);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the tests mostly wait on PostgreSQL, child
    // processes and timers, so four files at a time halve the run (measured: API 107 s → 49 s).
    maxWorkers: 4,
    sequence: { sequencer: ProcessTestsFirst },
    projects: [
      {
        resolve: source,
        test: {
          name: 'unit',
          include: ['packages/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          environment: 'node',
          // They share the cores with lint and typecheck (npm test): pure but CPU-bound, they need room.
          testTimeout: 20_000,
        },
      },
      {
        resolve: source,
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          exclude: ['packages/server/test/redis/**'],
          environment: 'node',
          globalSetup,
          // Files share a worker's modules: importing the whole server anew for each file was half the
          // step's CPU (measured: 301 s → 165 s of CPU, 156 s → 89 s). Safe while every file builds its
          // own app on its own database and no API test stubs modules, timers or globals.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withRedis
        ? [
            {
              resolve: source,
              test: {
                name: 'redis',
                include: ['packages/server/test/redis/**/*.test.ts'],
                environment: 'node',
                // The shared read cache's test runs two apps on one database.
                globalSetup,
              },
            },
          ]
        : []),
      // Whole processes: the built server and CLI (run `npm run build` first), killed and restarted.
      // Each embedded-default test gets its own data directory; tests of DATABASE_URL get a database on
      // the run's PostgreSQL.
      {
        test: {
          name: 'process',
          include: ['e2e/process/**/*.test.ts'],
          exclude: ['e2e/process/**/*.redis.test.ts'],
          environment: 'node',
          globalSetup,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      // Several server processes on one PostgreSQL and Redis: needs TEST_REDIS_URL.
      ...(withRedis
        ? [
            {
              test: {
                name: 'process-scale',
                include: ['e2e/process/**/*.redis.test.ts'],
                environment: 'node',
                globalSetup,
                testTimeout: 180_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        // What ships: React's API on Preact (packages/web/vite.config.ts), also inside the libraries.
        // Their ES builds first: @testing-library/react's main is CommonJS, whose require('react') would
        // reach real React whatever the aliases say.
        resolve: { alias: [...source.alias, ...reactCompatAliases], mainFields: ['module', 'main'] },
        test: {
          name: 'component',
          include: ['packages/web/test/**/*.test.tsx', 'packages/web/src/**/*.test.ts'],
          environment: 'happy-dom',
          // Files share a worker's modules: each file no longer transforms and imports React, the
          // router and the app anew, about half the step's CPU. setup.ts resets what tests change
          // (DOM, storage, clock, stubs, query clients, media queries).
          isolate: false,
          setupFiles: ['packages/web/test/setup.ts'],
          // Node would load the libraries that import React as they are, from the real react package;
          // through Vite they get the aliases above, as in the build (only these: Vite is slower).
          server: { deps: { inline: [reactLibraries] } },
          // A machine busy with other work (developers run more than one thing) must not fail a slow render.
          testTimeout: 20_000,
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
});
