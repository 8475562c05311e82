import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './e2e/browser.ts';

const port = Number(process.env.E2E_PORT ?? 8097);

/** Real Chromium from Debian (no browser download), against the built app on a fresh embedded db. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  // one retry on CI, as Playwright advises: a test that fails twice still fails the run, one that
  // passes on its retry is reported as flaky in the log
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf /tmp/5a-e2e-data-${port} && DATA_DIR=/tmp/5a-e2e-data-${port} PORT=${port} LOGIN_RATE_LIMIT=1000 CHECK_REPLIES=1 BACKUP_INTERVAL_MIN=0 SWEEP_INTERVAL_SEC=1 LOG_LEVEL=warn node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
