import type { Page } from '@playwright/test';
import type { CityCentre, CitySearchHit } from '@5a/contracts';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, propertyb, vis } from './helpers.ts';

const CITY = '/Web/DataAnalysis/City/index';
const SEARCH = '/Web/DataAnalysis/City/search';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=1 writes the screen's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

/** A counter shows its value (the element carries the target; the count animates up to it). */
const expectCount = async (page: Page, testId: string, n: number) => {
  const el = vis(page, testId).locator('.bs-number');
  await expect(el).toHaveAttribute('data-value', String(n));
  await expect(el).toHaveText(n.toLocaleString('zh-CN'), { timeout: budget(5_000) });
};

const OVERVIEW = ['village', 'building', 'owner', 'resident', 'tenant', 'visitor', 'house'] as const;

/** Every panel against the API's reply, and 未接入 where no module brings the kind. */
const expectPanels = async (page: Page, d: CityCentre) => {
  for (const k of OVERVIEW) await expectCount(page, `city-count-${k}`, d.overview[k]);
  await expect(vis(page, 'city-occupancy')).toContainText(d.overview.occupancyRate.toFixed(2));
  await expectCount(page, 'city-staff-steward', d.staff.steward);
  await expectCount(page, 'city-staff-security', d.staff.security);
  await expectCount(page, 'city-staff-logistics', d.staff.logistics);
  await expect(vis(page, 'city-ages-values')).toHaveText(d.ages.map((a) => `${a.label} ${a.num}`).join(' · '));
  await expect(vis(page, 'city-ages-chart').locator('canvas').first()).toBeVisible();
  await expectCount(page, 'city-event-pending', d.events.pending);
  await expectCount(page, 'city-event-processing', d.events.processing);
  await expectCount(page, 'city-event-overdue', d.events.overdue);
  await expectCount(page, 'city-event-reminder', d.events.reminder);
  await expect(vis(page, 'city-event-list-row')).toHaveCount(d.eventList.length);
  for (const i of d.devices) {
    const row = vis(page, `city-device-${i.key}`);
    if (i.connected) {
      await expect(row.getByTestId(`city-device-${i.key}-on`)).toHaveText(String(i.online));
      await expect(row.getByTestId(`city-device-${i.key}-off`)).toHaveText(String(i.offline));
    } else await expect(row).toContainText('未接入');
  }
  for (const k of ['microGate', 'smoke', 'hydrant'])
    await expect(vis(page, `city-device-${k}`)).toContainText('未接入');
  await expect(vis(page, 'city-pm25')).toHaveText(d.weather.pm25 ? `${d.weather.pm25} μg/m³` : '未接入');
  await expect(vis(page, 'city-weather')).toContainText(d.weather.weather || d.weather.msg);
  await expect(vis(page, 'city-clock')).toContainText(/\d{2}:\d{2}:\d{2}/);
};

test.describe('城市信息中心', () => {
  for (const [w, h] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    test(`full screen at ${w}×${h}: every panel shows the API's figures`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await login(page, property);
      await page.goto('/city-screen');
      await expect(vis(page, 'city-screen')).toBeVisible({ timeout: budget(15_000) });
      const d = await api<CityCentre>(page, CITY, {});
      // the demo fills every panel
      expect(d.overview.resident).toBeGreaterThan(0);
      expect(d.staff.total).toBeGreaterThan(0);
      expect(d.eventList.length).toBeGreaterThan(0);
      expect(d.devices.some((i) => i.connected && i.online > 0)).toBe(true);
      await expectPanels(page, d);
      expect(Number(await page.locator('.bs-stage').getAttribute('data-scale'))).toBeCloseTo(w / 1920, 3);
      if (SHOT) await page.screenshot({ path: `${SHOTS}/city-screen-${w}.png` });
    });
  }

  test('the menu page: the village picker, the popups, full screen and back', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, property);
    await page.goto(CITY);
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(vis(page, 'city-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.getByText('建设中')).toHaveCount(0);
    const all = await api<CityCentre>(page, CITY, {});
    await expectCount(page, 'city-count-village', all.overview.village);
    expect(all.overview.village).toBeGreaterThan(1);

    // one village: its own numbers
    const v = all.villageOptions[1]!;
    const one = await api<CityCentre>(page, CITY, { vid: v.id });
    expect(one.overview.resident).toBeLessThan(all.overview.resident);
    await vis(page, 'city-village').selectOption(String(v.id));
    await expectCount(page, 'city-count-village', 1);
    await expectPanels(page, one);

    // 高级搜索: owners of the village, phones masked
    await vis(page, 'city-open-search').click();
    await expect(vis(page, 'city-search')).toBeVisible();
    await vis(page, 'city-search-type').getByRole('radio', { name: '业主' }).click();
    const owners = await api<CitySearchHit[]>(page, SEARCH, { vid: v.id, type: 'owner', name: '' });
    const name = owners[0]!.name;
    await vis(page, 'city-search-text').fill(name);
    await vis(page, 'city-search-go').click();
    const found = await api<CitySearchHit[]>(page, SEARCH, { vid: v.id, type: 'owner', name });
    await expect(vis(page, 'city-search-count')).toHaveAttribute('data-count', String(found.length));
    await expect(vis(page, 'city-search-list-row').first()).toContainText(name);
    await expect(vis(page, 'city-search-list-row').first()).toContainText(/\d{3}\*{4}\d{4}/);
    // a device by its name
    await vis(page, 'city-search-type').getByRole('radio', { name: '设备名称' }).click();
    await vis(page, 'city-search-text').fill('门禁');
    await vis(page, 'city-search-go').click();
    const doors = await api<CitySearchHit[]>(page, SEARCH, { vid: v.id, type: 'device', name: '门禁' });
    expect(doors.length).toBeGreaterThan(0);
    await expect(vis(page, 'city-search-count')).toHaveAttribute('data-count', String(doors.length));
    if (SHOT) await page.screenshot({ path: `${SHOTS}/city-search.png` });
    await vis(page, 'city-search-close').click();
    await expect(vis(page, 'city-search')).toHaveCount(0);

    // 数据可视化: every chart drawn
    await vis(page, 'city-open-visual').click();
    for (const k of ['overview', 'staff', 'ages', 'devices', 'events', 'iot'])
      await expect(vis(page, `city-visual-${k}`).locator('canvas').first()).toBeVisible();
    if (SHOT) await page.screenshot({ path: `${SHOTS}/city-visual.png` });
    await page.keyboard.press('Escape');
    await expect(vis(page, 'city-visual')).toHaveCount(0);

    // 物联设备类型: 梯控 and 井盖 have no source
    await vis(page, 'city-open-iot').click();
    await expect(vis(page, 'city-iot')).toBeVisible();
    for (const i of one.iotTypes)
      if (i.connected) await expect(vis(page, `city-iot-${i.key}-on`)).toHaveText(String(i.online));
    await expect(vis(page, 'city-iot-elevator')).toContainText('未接入');
    await expect(vis(page, 'city-iot-manhole')).toContainText('未接入');
    await vis(page, 'city-iot-close').click();
    await expect(vis(page, 'city-iot')).toHaveCount(0);

    // full screen keeps the village; 退出全屏 comes back to the menu page
    await vis(page, 'city-fullscreen').click();
    await expect(page).toHaveURL(new RegExp(`/city-screen\\?vid=${v.id}$`));
    await expect(page.getByTestId('shell')).toHaveCount(0);
    await expectCount(page, 'city-count-village', 1);
    await vis(page, 'city-exit').click();
    await expect(page.getByTestId('shell')).toBeVisible();
    await expectCount(page, 'city-count-village', 1);
  });

  test('the second company sees its own villages and real numbers', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, property);
    const a = await api<CityCentre>(page, CITY, {});
    await login(page, propertyb);
    await page.goto('/city-screen');
    await expect(vis(page, 'city-screen')).toBeVisible({ timeout: budget(15_000) });
    const b = await api<CityCentre>(page, CITY, {});
    expect(b.villageOptions.some((x) => a.villageOptions.some((y) => y.id === x.id))).toBe(false);
    expect(b.overview.resident).toBeGreaterThan(0);
    expect(b.staff.steward + b.staff.security + b.staff.logistics).toBeGreaterThan(0);
    expect(b.eventList.length).toBeGreaterThan(0);
    await expectPanels(page, b);
    await expect(vis(page, 'city-village').locator('option')).toHaveCount(b.villageOptions.length + 1);
  });
});
