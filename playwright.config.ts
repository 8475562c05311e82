import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './e2e/browser.ts';
import { budget, E2E_WORKERS, e2eDataDir, e2ePort, e2eServerUrl } from './e2e/workers.ts';

/** Real Chromium from Debian (no browser download), against the built app on a fresh embedded db. */
export default defineConfig({
  testDir: 'e2e',
  timeout: budget(30_000),
  expect: { timeout: budget(7_000) },
  // a spec file's tests share its server's rows and run in order; files spread over the workers
  fullyParallel: false,
  workers: E2E_WORKERS,
  // one retry on CI, as Playwright advises: a test that fails twice still fails the run, one that
  // passes on its retry is reported as flaky in the log
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // no baseURL here: the fixture gives each worker its own server's (e2e/fixtures.ts)
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // one server per worker, started together before the first test
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: `rm -rf ${e2eDataDir(i)} && DATA_DIR=${e2eDataDir(i)} PORT=${e2ePort(i)} LOGIN_RATE_LIMIT=1000 CHECK_REPLIES=1 BACKUP_INTERVAL_MIN=0 SWEEP_INTERVAL_SEC=1 LOG_LEVEL=warn node --import tsx apps/server/src/main.ts`,
    url: `${e2eServerUrl(i)}/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    // E2E_SERVER_LOG=1 shows the servers' warnings and errors beside the tests
    stdout: process.env.E2E_SERVER_LOG ? ('pipe' as const) : ('ignore' as const),
    stderr: 'pipe' as const,
  })),
});
