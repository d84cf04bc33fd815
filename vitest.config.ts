import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// API tests over HTTP against a real database: PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set. A PGlite costs ~3 s and ~800 MB, so each worker keeps one
// (isolate: false) and the workers are capped. The groups run one after the other.
// The attack suites (apps/api/src/security/) measure latency under floods: they run after the
// others, one file at a time, so another test file never shares the two cores with them.
const securitySuites = 'apps/api/src/security/**/*.test.ts';

const apiProject = (
  name: string,
  groupOrder: number,
  env: Record<string, string>,
  only: 'security' | 'rest',
): TestProjectInlineConfiguration => ({
  test: {
    name,
    sequence: { groupOrder },
    include: only === 'security' ? [securitySuites] : ['apps/api/src/**/*.test.ts'],
    exclude: only === 'security' ? [] : [securitySuites],
    environment: 'node',
    pool: 'forks',
    isolate: false,
    maxWorkers: only === 'security' ? 1 : 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', ...env },
    setupFiles: ['apps/api/src/test/setup.ts'],
  },
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // Some analyzer tests run hundreds of analyses (~1 s alone; over 5 s on a loaded machine).
          testTimeout: 30_000,
        },
      },
      { test: { name: 'scripts', include: ['scripts/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      apiProject('api-pglite', 1, { TEST_DB: 'pglite' }, 'rest'),
      apiProject('security-pglite', 2, { TEST_DB: 'pglite' }, 'security'),
      ...(testDatabaseUrl
        ? [
            apiProject(
              'api-postgres',
              3,
              { TEST_DB: 'postgres', TEST_DATABASE_URL: testDatabaseUrl },
              'rest',
            ),
            apiProject(
              'security-postgres',
              4,
              { TEST_DB: 'postgres', TEST_DATABASE_URL: testDatabaseUrl },
              'security',
            ),
          ]
        : []),
    ],
  },
});
