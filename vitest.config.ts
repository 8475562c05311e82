import { defineConfig } from 'vitest/config';

/**
 * The embedded database's own files (its worker, backups and restores, the job runner on it): the same whatever
 * TEST_DB says, so the PostgreSQL pass leaves them out.
 */
const embeddedOnly = [
  'apps/server/src/core/db/embedded.test.ts',
  'apps/server/src/core/db/restore.test.ts',
  'apps/server/src/core/jobs/runner-embedded.test.ts',
];

/** the API suite's files: each builds its app on a fresh database of its own */
const api = {
  include: ['apps/server/src/**/*.test.ts'],
  exclude: ['apps/server/src/**/*.unit.test.ts', ...(process.env.TEST_DB === 'postgres' ? embeddedOnly : [])],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** files that replace a module (vi.mock) need a module graph of their own */
const mocking = [
  'apps/server/src/modules/auth/auth-timing.test.ts',
  'apps/server/src/test/matrix.test.ts',
  'apps/server/src/test/fuzz-shards.test.ts',
];

const unit = ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'];
const unitMocking = ['apps/web/src/api/http.test.ts', 'apps/web/src/api/http-log.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        // one module graph per worker, as the API suite: importing the code once instead of once per file is most
        // of what the unit files cost; a unit test keeps no state in modules
        test: { name: 'unit', include: unit, exclude: unitMocking, environment: 'node', isolate: false },
      },
      { test: { name: 'unit-mocking', include: unitMocking, environment: 'node' } },
      {
        // the files of a worker share one module graph: importing the server once per worker instead of once per
        // file halves the suite's CPU time; a file's state lives in its app and database, not in modules
        test: { ...api, name: 'api', exclude: [...api.exclude, ...mocking], isolate: false },
      },
      { test: { ...api, name: 'api-mocking', include: mocking } },
    ],
  },
});
