import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { admin, login, property, tableRow } from './helpers.ts';

/** The pages under the server's Content-Security-Policy: nothing the app needs is blocked. */
const violations = (page: Page) => {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(String(e)));
  return seen;
};

test('the login page and the map (OpenLayers, tiles, styles) run under the Content-Security-Policy', async ({
  page,
}) => {
  const seen = violations(page);
  const res = await page.goto('/login');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await login(page, property, '/Web/Basic/Village/listConfig');
  await tableRow(page, '阳光花园').getByTestId('row-action-edit').click();
  await page.getByTestId('map-open-geom').click();
  await expect(page.getByTestId('map-canvas')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

test('a list and the chart pages run under the Content-Security-Policy', async ({ page }) => {
  const seen = violations(page);
  await login(page, property);
  for (const path of [
    '/Web/Basic/Building/listConfig',
    '/Web/Renewal/PayStatistics/index',
    '/Web/Renewal/Financial/index',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('shell')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(seen).toEqual([]);
});

test('the API docs (Swagger UI) run under the Content-Security-Policy', async ({ page }) => {
  const seen = violations(page);
  await login(page, admin);
  await page.goto('/docs/');
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: budget(15_000) });
  expect(seen).toEqual([]);
});

test('the video wall plays HLS (Media Source from a blob: URL, the hls.js worker from this origin) under the Content-Security-Policy', async ({
  page,
}) => {
  const seen = violations(page);
  await expect
    .poll(async () => (await page.request.get('/xapi/Video/demo/index.m3u8')).status(), { timeout: budget(20_000) })
    .toBe(200);
  await login(page, property);
  await page.goto('/Web/Internet/MonitorScreen/index');
  await expect(page.getByTestId('wall-cell')).toHaveCount(16);
  await page.getByTestId('wall-camera-YG-001').click();
  const video = page.getByTestId('wall-video-0');
  await expect(video).toHaveAttribute('data-state', 'playing', { timeout: budget(15_000) });
  expect(await video.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);
  expect(seen).toEqual([]);
});
