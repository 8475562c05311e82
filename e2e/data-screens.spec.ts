import type { Page } from '@playwright/test';
import type { DataScreen } from '@5a/contracts/endpoints/datascreen';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, propertyb, vis } from './helpers.ts';

const COMMUNITY = '/Web/DataAnalysis/Community/index';
const PROPERTY = '/Web/DataAnalysis/PropertyData/index';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=1 writes the screens' screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

/** A counter shows its value (the element carries the target; the count animates up to it). */
const expectCount = async (page: Page, testId: string, n: number) => {
  const el = vis(page, testId).locator('.bs-number');
  await expect(el).toHaveAttribute('data-value', String(n));
  await expect(el).toHaveText(n.toLocaleString('zh-CN'), { timeout: budget(5_000) });
};

/** The panels both screens share, against the API's reply. */
const expectShared = async (page: Page, d: DataScreen) => {
  await expectCount(page, 'ds-park-lots', d.parkingIot.parkNum);
  await expectCount(page, 'ds-park-spaces', d.parkingIot.parking);
  await expectCount(page, 'ds-park-surplus', d.parkingIot.surplus);
  await expectCount(page, 'ds-repair-total', d.panelInfo.repairStatistics);
  await expectCount(page, 'ds-repair-open', d.panelInfo.repairStatisticsErr);
  await expectCount(page, 'ds-repair-done', d.panelInfo.repairStatisticsSuc);
  for (const k of ['interControlNum', 'parkNum', 'videoNum', 'aiVideo', 'autoCharging', 'ladder'] as const)
    await expectCount(page, `ds-stat-${k}`, d.statistics[k]);
  await expect(vis(page, 'ds-stat-aiVideo')).toContainText('未接入');
  await expect(vis(page, 'ds-patrol-count')).toHaveText(
    `${d.panelInfo.intelligentPatrolSuc}/${d.panelInfo.intelligentPatrol}`,
  );
  for (const chart of ['ds-traffic-chart', 'ds-patrol-chart'])
    await expect(vis(page, chart).locator('canvas').first()).toBeVisible();
  await expect(vis(page, 'ds-map').locator('canvas').first()).toBeVisible();
  await expect(vis(page, 'ds-weather')).toContainText(d.weather.weather || d.weather.msg);
  // the tabs switch the markers: each tab shows its list's placed markers
  const lists = { camera: 'videoList', access: 'accessList', parking: 'parkingList', patrol: 'pointList' } as const;
  for (const [tab, list] of Object.entries(lists)) {
    await vis(page, `ds-tab-${tab}`).click();
    await expect(vis(page, 'ds-map-counts')).toHaveAttribute('data-tab', tab);
    await expect(vis(page, 'ds-map-counts')).toHaveAttribute('data-points', String(d.panelInfo[list].length));
  }
  await vis(page, 'ds-tab-community').click();
};

const open = async (page: Page, path: string, testId: string) => {
  await page.goto(path);
  await expect(vis(page, testId)).toBeVisible({ timeout: budget(15_000) });
};

test.describe('社区大数据 and 物业一张图', () => {
  for (const [w, h] of [
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    test(`both screens at ${w}×${h}: every panel shows the API's figures`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await login(page, property);

      await open(page, '/community-screen', 'ds-community-screen');
      const c = await api<DataScreen>(page, COMMUNITY, {});
      // the demo fills every panel
      expect(c.panelInfo.vehicleEntryexitList.length).toBeGreaterThan(0);
      expect(c.parkingIot.parkNum).toBeGreaterThan(0);
      expect(c.panelInfo.intelligentPatrol).toBeGreaterThan(0);
      expect(c.traffic.into.some((n) => n > 0)).toBe(true);
      expect(c.weather.weather).not.toBe('');
      await expectShared(page, c);
      await expectCount(page, 'ds-car-in', c.vehicleEntryexit.into);
      await expectCount(page, 'ds-car-out', c.vehicleEntryexit.out);
      await expect(vis(page, 'ds-vehicle-list-row')).toHaveCount(c.panelInfo.vehicleEntryexitList.length);
      await expect(vis(page, 'ds-vehicle-list-row').first()).toContainText(
        c.panelInfo.vehicleEntryexitList[0]!.platenum,
      );
      await expect(vis(page, 'ds-community-clock')).toContainText(/\d{2}:\d{2}:\d{2}/);
      expect(Number(await page.locator('.bs-stage').getAttribute('data-scale'))).toBeCloseTo(w / 1920, 3);
      if (SHOT) await page.screenshot({ path: `${SHOTS}/community-screen-${w}.png` });

      await open(page, '/property-screen', 'ds-property-screen');
      const p = await api<DataScreen>(page, PROPERTY, {});
      expect(p.repairInfo.length).toBeGreaterThan(0);
      await expectShared(page, p);
      const keys = ['village', 'building', 'house', 'owner', 'usingHouse', 'tenant', 'visitor', 'proPerson'] as const;
      for (const k of keys) await expectCount(page, `ds-count-${k}`, p.panelInfo[k]);
      await expectCount(page, 'ds-count-trafficRecord', p.panelInfo.trafficRecord);
      await expectCount(page, 'ds-count-intelligentPatrol', p.panelInfo.intelligentPatrol);
      await expect(vis(page, 'ds-occupancy')).toHaveText(`入住率 ${p.panelInfo.occupancyRate.toFixed(2)}%`);
      await expect(vis(page, 'ds-pending-list-row')).toHaveCount(p.repairInfo.length);
      if (SHOT) await page.screenshot({ path: `${SHOTS}/property-screen-${w}.png` });
    });
  }

  test('the menu pages, a village picked, and the second company its own villages', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, property, COMMUNITY);
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(vis(page, 'ds-community-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.getByText('建设中')).toHaveCount(0);
    const all = await api<DataScreen>(page, COMMUNITY, {});
    const v = all.villageOptions[0]!;
    await vis(page, 'ds-community-village').selectOption(String(v.id));
    const one = await api<DataScreen>(page, COMMUNITY, { vid: v.id });
    await expectShared(page, one);

    await page.goto(`${PROPERTY}?vid=${v.id}`);
    await expect(vis(page, 'ds-property-screen')).toBeVisible({ timeout: budget(15_000) });
    await expectCount(page, 'ds-count-village', 1);
    await expectCount(page, 'ds-count-house', one.panelInfo.house);

    await login(page, propertyb);
    await open(page, '/property-screen', 'ds-property-screen');
    const b = await api<DataScreen>(page, PROPERTY, {});
    expect(b.villageOptions.some((x) => all.villageOptions.some((y) => y.id === x.id))).toBe(false);
    await expectCount(page, 'ds-count-village', b.villageOptions.length);
    await expect(vis(page, 'ds-property-village').locator('option')).toHaveCount(b.villageOptions.length + 1);
  });
});
