import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (no browser download), headless: the config's browser, and the base of a spec's own flags. */
export const chromiumLaunch: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
