import type { Locator, Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { login, pick, pressUntilGone, property, vis } from './helpers.ts';

const LIST = '/Web/Internet/VideoList/listConfig';
const WALL = '/Web/Internet/MonitorScreen/index';
const DEMO_STREAM = '/xapi/Video/demo/index.m3u8';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=after writes the wall's screenshot for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

/** The wall's windows as laid out: their count, their spans and heights. */
const cells = (page: Page) => page.getByTestId('wall-cell');
const expectLayout = async (page: Page, n: number, span: number, height: string) => {
  await expect(cells(page)).toHaveCount(n);
  expect(new Set(await cells(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.span)))).toEqual(
    new Set([String(span)]),
  );
  expect(new Set(await cells(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.height)))).toEqual(
    new Set([height]),
  );
  // the windows tile the wall: √n to a row, the last one ending at the wall's bottom right corner
  const grid = (await page.getByTestId('wall-grid').boundingBox())!;
  const boxes = await cells(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  const side = Math.sqrt(n);
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(side);
  const last = boxes.at(-1)!;
  expect(Math.abs(last.right - (grid.x + grid.width))).toBeLessThan(2);
  expect(Math.abs(last.bottom - (grid.y + grid.height))).toBeLessThan(2);
  // a layout change stopped every preview
  await expect(page.locator('[data-testid="wall-cell"] video')).toHaveCount(0);
};

/** The video plays: it has a frame (readyState ≥ 2) and its time moves on. */
const expectPlaying = async (video: Locator) => {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: budget(15_000) })
    .toBeGreaterThanOrEqual(2);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: budget(10_000) })
    .toBeGreaterThan(t0 + 0.5);
  await expect(video).toHaveAttribute('data-state', 'playing');
};

test('a camera added in the browser plays on the wall; layouts, a share link and its revocation', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(60_000));
  // the server makes the demo stream once, just after it starts
  await expect.poll(async () => (await page.request.get(DEMO_STREAM)).status(), { timeout: budget(20_000) }).toBe(200);
  await login(page, property);

  // 视频监控: a wrong stream address is named, then the camera is saved with the demo's stream
  await page.goto(LIST);
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await pick(page, form.getByTestId('form-item-village_id'), '阳光花园');
  await form.getByTestId('form-item-camera_no').locator('input').fill('E2E-001');
  await form.getByTestId('form-item-name').locator('input').fill('e2e 西门');
  await form.getByTestId('form-item-area').locator('input').fill('西门');
  await form.getByTestId('form-item-stream_url').locator('input').fill('rtsp://10.0.0.8/live');
  await page.getByTestId('form-submit').click();
  await expect(form.getByText('视频流地址格式错误')).toBeVisible();
  await form.getByTestId('form-item-stream_url').locator('input').fill(DEMO_STREAM);
  await expect(form.getByText('视频流地址格式错误')).toHaveCount(0);
  await pressUntilGone(form, page.getByTestId('form-submit'));
  await expect(vis(page, 'list-table')).toContainText('E2E-001');

  // 监控大屏: full screen of its own, 16 windows a moment after it opens, the panel a sixth wide
  await page.goto(WALL);
  await expect(page).toHaveTitle('5A云小区');
  await expect(page.getByTestId('wall-title')).toHaveText('5A云小区');
  await expect(page.getByTestId('wall-clock')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(page.getByTestId('wall-weekday')).toHaveText(/^星期[日一二三四五六]$/);
  await expectLayout(page, 16, 6, '25%');
  const panel = await page.getByTestId('wall-panel').boundingBox();
  const wall = await page.getByTestId('video-wall').boundingBox();
  expect(Math.abs(panel!.width - wall!.width / 6)).toBeLessThan(2);

  // a click plays the camera in the first empty window, once
  await page.getByTestId('wall-camera-E2E-001').click();
  await expect(cells(page).nth(0)).toHaveAttribute('data-camera', /\d+/);
  await expectPlaying(page.getByTestId('wall-video-0'));
  await page.getByTestId('wall-camera-E2E-001').click();
  await expect(page.getByText('e2e 西门 已在播放')).toBeVisible();
  await expect(page.locator('[data-testid="wall-cell"] video')).toHaveCount(1);
  // the tree: village → area → camera
  await page.getByTestId('wall-tab-tree').click();
  await expect(page.getByTestId('wall-camera-tree')).toContainText('阳光花园');
  await page.getByTestId('wall-camera-tree').getByRole('button', { name: '东门入口' }).click();
  await expect(cells(page).nth(1)).not.toHaveAttribute('data-camera', '');
  await expect(page.locator('[data-testid="wall-cell"] video')).toHaveCount(2);

  for (const [n, span, height] of [
    [1, 24, '100%'],
    [4, 12, '50%'],
    [9, 8, '33.3%'],
    [16, 6, '25%'],
  ] as const) {
    await page.getByTestId(`wall-layout-${n}`).click();
    await expectLayout(page, n, span, height);
  }
  await page.getByTestId('wall-layout-4').click();
  await page.getByTestId('wall-tab-number').click();
  await page.getByTestId('wall-camera-E2E-001').click();
  await expectPlaying(page.getByTestId('wall-video-0'));
  if (SHOT) await page.screenshot({ path: `${SHOTS}/video-wall-${SHOT}.png` });
  // 刷新 goes back to 16 empty windows
  await page.getByTestId('wall-refresh').click();
  await expectLayout(page, 16, 6, '25%');

  // 分享监控: a link to 阳光花园's wall, opened by someone with no login
  await page.goto(LIST);
  await vis(page, 'toolbar-monitorShare').click();
  await page.getByTestId('share-title').fill('e2e 门岗');
  await pick(page, page.locator('.ant-modal').filter({ hasText: '分享监控' }), '阳光花园');
  await page.getByTestId('share-create').click();
  const link = await page.getByTestId('share-link').locator('input').inputValue();
  expect(link).toMatch(/\/openmonitor\?param=[\w-]{40,}$/);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link);
  await expect(guest).toHaveTitle('5A社区');
  await expect(guest.getByTestId('wall-title')).toHaveText('5A社区');
  await expect(guest.getByTestId('wall-camera-E2E-001')).toBeVisible();
  await expect(guest.getByTestId('wall-camera-YG-001')).toBeVisible();
  // 翠湖名苑 is not shared
  await expect(guest.getByTestId('wall-camera-CH-001')).toHaveCount(0);
  await expectLayout(guest, 16, 6, '25%');
  await guest.getByTestId('wall-camera-YG-001').click();
  await expectPlaying(guest.getByTestId('wall-video-0'));

  // revoked, the link shows nothing but the refusal
  const row = page.getByTestId('share-list').locator('tr', { hasText: 'e2e 门岗' });
  await row.getByRole('button', { name: '撤销' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('已撤销');
  await guest.reload();
  await expect(guest.getByTestId('wall-refused')).toContainText('撤销');
  await expect(guest.getByTestId('wall-camera-E2E-001')).toHaveCount(0);
  await guest.context().close();
});
