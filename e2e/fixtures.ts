import { test as base } from '@playwright/test';
import { e2eServerUrl } from './workers.ts';

export { expect } from '@playwright/test';
export { budget } from './workers.ts';

/**
 * Playwright's test, aimed at this worker's own server: each parallel worker has a server and data folder
 * of its own (playwright.config.ts starts one per worker), so spec files running side by side never see
 * each other's rows. Specs import `test` from here, never from '@playwright/test'.
 */
export const test = base.extend({
  // Playwright reads what a fixture needs from its first parameter's pattern: this one needs nothing
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => provide(e2eServerUrl(testInfo.parallelIndex)),
});
