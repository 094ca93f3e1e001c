import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every tier but the browser tests: unit (pure rules), component (React in happy-dom),
 * and API (the real app through inject() on a real database: PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
// Tests read @commons/shared from its TypeScript source, never from a possibly stale (or missing) dist.
const shared = (file: string) => fileURLToPath(new URL(`./packages/shared/src/${file}`, import.meta.url));
const source = {
  alias: [
    { find: /^@commons\/shared\/schemas$/, replacement: shared('schemas/index.ts') },
    { find: /^@commons\/shared$/, replacement: shared('index.ts') },
  ],
};
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withRedis = Boolean(process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    projects: [
      {
        resolve: source,
        test: {
          name: 'unit',
          include: ['packages/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: source,
        test: {
          name: 'api',
          include: ['packages/server/test/**/*.test.ts'],
          exclude: ['packages/server/test/redis/**'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          env: { TEST_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve: source,
              test: {
                name: 'api-postgres',
                include: ['packages/server/test/**/*.test.ts'],
                exclude: ['packages/server/test/redis/**'],
                environment: 'node',
                globalSetup: ['packages/server/test/global-setup.ts'],
                env: { TEST_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(withRedis
        ? [
            {
              resolve: source,
              test: {
                name: 'redis',
                include: ['packages/server/test/redis/**/*.test.ts'],
                environment: 'node',
              },
            },
          ]
        : []),
      // Whole processes: the built server and CLI (run `npm run build` first), killed and restarted.
      {
        test: {
          name: 'process',
          include: ['e2e/process/**/*.test.ts'],
          exclude: ['e2e/process/**/*.postgres.test.ts'],
          environment: 'node',
          env: { TEST_ENGINE: 'pglite' },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'process-postgres',
                include: ['e2e/process/**/*.test.ts'],
                exclude: ['e2e/process/**/*.pglite.test.ts'],
                environment: 'node',
                env: { TEST_ENGINE: 'postgres' },
                testTimeout: 180_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        resolve: source,
        test: {
          name: 'component',
          include: ['packages/web/test/**/*.test.tsx', 'packages/web/src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
});
