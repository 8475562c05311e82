import type { Page } from '@playwright/test';
import type { EpidemicContrast, EpidemicScreen } from '@5a/contracts/endpoints/epidemic';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, vis } from './helpers.ts';

const INDEX = '/Web/Epidemic/Epidemic/index';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=1 writes the screen's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

/** A counter shows its value (the element carries the target; the count animates up to it). */
const expectCount = async (page: Page, testId: string, n: number) => {
  const el = vis(page, testId).locator('.bs-number');
  await expect(el).toHaveAttribute('data-value', String(n));
  await expect(el).toHaveText(n.toLocaleString('zh-CN'), { timeout: budget(5_000) });
};

/** Every panel of the screen shows what the API answers for the villages shown. */
const expectPanels = async (page: Page, d: EpidemicScreen) => {
  await expectCount(page, 'ring-untreated', d.control.untreated);
  await expectCount(page, 'ring-controlled', d.control.controlled);
  await expectCount(page, 'ring-released', d.control.released);
  await expectCount(page, 'ring-geli', d.isolation.gelitotal);
  await expectCount(page, 'ring-quezheng', d.isolation.quezhengtotal);
  await expectCount(page, 'ring-jiangdaoqi', d.isolation.jiangdaoqitotal);
  await expectCount(page, 'ring-jichu', d.isolation.jichutotal);
  for (const [k, n] of Object.entries(d.overview)) await expectCount(page, `overview-${k}`, n);
  for (const [k, n] of Object.entries(d.sensing)) await expectCount(page, `sensing-${k}`, n);
  await expect(vis(page, 'epidemic-alert-total')).toHaveText(`共 ${d.alerts.total} 条`);
  await expect(vis(page, 'epidemic-alert-list-row')).toHaveCount(d.alerts.list.length);
  await expect(vis(page, 'epidemic-risk-list-row')).toHaveCount(d.riskVillages.length);
  await expect(vis(page, 'epidemic-device')).toHaveCount(d.deviceList.length);
  for (const chart of ['trend', 'bar', 'comparison'])
    await expect(vis(page, `epidemic-${chart}-chart`).locator('canvas').first()).toBeVisible();
  await expect(vis(page, 'epidemic-map').locator('canvas').first()).toBeVisible();
};

test.describe('疫情大数据', () => {
  test('the full screen at 1920×1080: every panel from the API, the period switch, the doors and their detail', async ({
    page,
  }) => {
    const tileRequests: string[] = [];
    page.on('request', (r) => {
      if (/tile|\{z\}|\/\d+\/\d+\/\d+\.(png|jpg)/i.test(r.url())) tileRequests.push(r.url());
    });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, property);
    await page.goto('/epidemic');
    await expect(vis(page, 'epidemic-screen')).toBeVisible({ timeout: budget(15_000) });
    const d = await api<EpidemicScreen>(page, INDEX, {});
    // the demo company's doors, passages and alerts are there
    expect(d.deviceList.length).toBeGreaterThan(0);
    expect(d.overview.villages).toBeGreaterThan(0);
    expect(d.alerts.list.length).toBeGreaterThan(0);
    expect(d.contrast.total.zhengchang).toBeGreaterThan(0);
    await expectPanels(page, d);
    await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '1.0000');
    await expect(vis(page, 'epidemic-clock')).toContainText(/\d{2}:\d{2}:\d{2}/);
    const first = d.alerts.list[0]!;
    await expect(vis(page, 'epidemic-alert-list-row').first()).toContainText(first.village_name);
    await expect(vis(page, 'epidemic-alert-list-row').first()).toContainText(first.reason.slice(0, 6));
    if (SHOT) await page.screenshot({ path: `${SHOTS}/epidemic-1920.png` });
    // on a 4K wall the same design canvas is drawn twice as large, every panel still filled
    await page.setViewportSize({ width: 3840, height: 2160 });
    await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '2.0000');
    await expectPanels(page, d);
    if (SHOT) await page.screenshot({ path: `${SHOTS}/epidemic-3840.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '1.0000');

    // the month's figures when a chart switches to 月
    const month = await api<EpidemicContrast>(page, '/Web/Epidemic/Epidemic/contrast', { type: 'month' });
    expect(month.categoryName).toHaveLength(30);
    const asked = page.waitForResponse((r) => r.url().includes('/Epidemic/Epidemic/contrast'));
    await vis(page, 'epidemic-comparison-period').getByRole('radio', { name: '月' }).click();
    expect((await asked).ok()).toBe(true);
    await expect(vis(page, 'epidemic-comparison-period').getByRole('radio', { name: '月' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // the door checks show and hide the markers
    const counts = vis(page, 'epidemic-map-counts');
    await expect(counts).toHaveAttribute('data-doors', String(d.deviceList.length));
    await vis(page, 'epidemic-device').first().locator('input').uncheck();
    await expect(counts).toHaveAttribute('data-doors', String(d.deviceList.length - 1));
    await vis(page, 'epidemic-device-all').check();
    await expect(counts).toHaveAttribute('data-doors', String(d.deviceList.length));
    await vis(page, 'epidemic-device-all').uncheck();
    await expect(counts).toHaveAttribute('data-doors', '0');
    await vis(page, 'epidemic-device-all').check();
    await expect(counts).toHaveAttribute('data-doors', String(d.deviceList.length));

    // a door found by name opens its detail
    const door = d.deviceList[0]!;
    await vis(page, 'epidemic-search-input').fill(door.gateno);
    await vis(page, 'epidemic-search-input').press('Enter');
    await vis(page, 'epidemic-search-hit').filter({ hasText: door.name }).first().click();
    const detail = vis(page, 'epidemic-door-detail');
    for (const text of [door.village_name, door.name, door.gateno, door.worker, door.workerphone])
      await expect(detail).toContainText(text);
    await expect(detail).toContainText(door.direction === 1 ? '进' : '出');

    // one village picked: its figures only
    const v = d.villages[1] ?? d.villages[0]!;
    await vis(page, 'epidemic-village').selectOption(String(v.id));
    const one = await api<EpidemicScreen>(page, INDEX, { vid: v.id });
    expect(one.overview.villages).toBe(1);
    await expectPanels(page, one);
    expect(tileRequests).toEqual([]);
  });

  test('the menu page and a 1366×768 screen: the same stage scaled down, nothing cut', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, property);
    await page.goto('/epidemic');
    await expect(vis(page, 'epidemic-screen')).toBeVisible({ timeout: budget(15_000) });
    const d = await api<EpidemicScreen>(page, INDEX, {});
    await expectPanels(page, d);
    const scale = Number(await page.locator('.bs-stage').getAttribute('data-scale'));
    expect(scale).toBeCloseTo(768 / 1080, 3);
    // the right column's last panel ends inside the window
    const risk = await vis(page, 'epidemic-risk').boundingBox();
    expect(risk!.x + risk!.width).toBeLessThanOrEqual(1366);
    expect(risk!.y + risk!.height).toBeLessThanOrEqual(768);
    if (SHOT) await page.screenshot({ path: `${SHOTS}/epidemic-1366.png` });

    // the menu's 疫情大数据 page shows the screen inside the shell
    await page.goto(INDEX);
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(vis(page, 'epidemic-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.getByText('建设中')).toHaveCount(0);
    await expectCount(page, 'overview-villages', d.overview.villages);
  });
});
