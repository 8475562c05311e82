import type { Page } from '@playwright/test';
import type { CockpitIncome, CockpitIot, CockpitOverview } from '@5a/contracts';
import { budget, expect, test } from './fixtures.ts';
import { api, login, operator, vis } from './helpers.ts';

const BASE = '/Web/DataAnalysis/Operator';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=1 writes the board's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

/** A counter shows its value (the element carries the target; the count animates up to it). */
const expectCount = async (page: Page, testId: string, n: number) => {
  const el = vis(page, testId).locator('.bs-number');
  await expect(el).toHaveAttribute('data-value', String(n));
  await expect(el).toHaveText(n.toLocaleString('zh-CN'), { timeout: budget(5_000) });
};

/** A figure of a source not connected says 未接入 and shows no number; a connected one its count. */
const expectFigure = async (page: Page, testId: string, n: number, unconnected: boolean) => {
  if (unconnected) {
    await expect(vis(page, testId)).toHaveAttribute('data-unconnected', 'true');
    await expect(vis(page, testId)).toContainText('未接入');
    await expect(vis(page, testId).locator('.bs-number')).toHaveCount(0);
  } else await expectCount(page, testId, n);
};

const hasPoint = (lonlat: string) => {
  const [lon, lat] = lonlat.split(',').map(Number);
  return Number.isFinite(lon) && Number.isFinite(lat) && !(lon === 0 && lat === 0) && lonlat.includes(',');
};

const expectTenantTopic = async (page: Page, o: CockpitOverview) => {
  await expect(vis(page, 'cockpit-topic-0')).toHaveAttribute('data-loaded', 'true', { timeout: budget(15_000) });
  await expectCount(page, 'cockpit-operators', o.operatorUser);
  await expectCount(page, 'cockpit-tenants', o.sysTenantUser);
  await expectCount(page, 'cockpit-villages', o.villageCount);
  await expectCount(page, 'cockpit-buildings', o.buildCount);
  await expectCount(page, 'cockpit-houses', o.ownerHouse);
  await expectCount(page, 'cockpit-persons', o.ownerGatePerson);
  await expectCount(page, 'cockpit-staff', o.tenantUser);
  await expectCount(page, 'cockpit-expireAdv', o.expireAdv);
  await expectCount(page, 'cockpit-expireOperators', o.expireOperatorUser);
  await expectCount(page, 'cockpit-expireTenants', o.expireTenant);
  await expectCount(page, 'cockpit-expireVillages', o.expireVillage);
  await expectCount(page, 'cockpit-oneRate', o.oneRate);
  await expectCount(page, 'cockpit-twoRate', o.twoRate);
  await expect(vis(page, 'cockpit-region')).toHaveText(o.regionName);
  await expect(vis(page, 'cockpit-map-count')).toHaveText(`共 ${o.villageList.length} 个小区`);
  await expect(vis(page, 'cockpit-map')).toHaveAttribute(
    'data-markers',
    String(o.villageList.filter((v) => hasPoint(v.lonlat)).length),
  );
  for (const c of ['persons', 'orders', 'amount', 'states', 'ahead'])
    await expect(vis(page, `cockpit-chart-${c}`).locator('canvas').first()).toBeVisible();
};

const expectServiceTopic = async (page: Page, i: CockpitIncome) => {
  await expect(vis(page, 'cockpit-topic-1')).toHaveAttribute('data-period', i.label, { timeout: budget(15_000) });
  await expectCount(page, 'income-tenant', i.tenant);
  await expectCount(page, 'income-village', i.village);
  await expectCount(page, 'income-member', i.member);
  await expectCount(page, 'income-total', i.total);
  for (const [n, k] of i.yearList.entries()) {
    await expect(vis(page, `income-kind-${n}`)).toContainText(k.name);
    await expectCount(page, `income-kind-${n}`, k.value);
  }
  await expectCount(page, 'income-adv-income', i.adv);
  await expectCount(page, 'income-advTenant', i.advTenant);
  await expectCount(page, 'income-advExpireTenant', i.advExpireTenant);
  await expectCount(page, 'income-advFree', i.advFree);
  await expect(vis(page, 'income-word')).toHaveCount(i.hotPaid.length);
  await expect(vis(page, 'income-overview')).toContainText(i.label);
  for (const c of ['kinds', 'rank', 'sale', 'each'])
    await expect(vis(page, `income-chart-${c}`).locator('canvas').first()).toBeVisible();
};

const PASSAGE = ['village', 'villageControl', 'untControl', 'carIn', 'todayIn', 'todayOut', 'in15', 'in30'] as const;
const DETECTED = [
  'control',
  'parking',
  'video',
  'aiVideo',
  'ladder',
  'stranger',
  'fell',
  'parkingRoad',
  'garbageExposure',
  'intrusionWarning',
  'highAltitudeParabola',
] as const;

const expectPerceptionTopic = async (page: Page, t: CockpitIot) => {
  await expect(vis(page, 'cockpit-topic-2')).toHaveAttribute('data-loaded', 'true', { timeout: budget(15_000) });
  for (const k of PASSAGE) await expectCount(page, `iot-${k}`, t[k]);
  for (const k of DETECTED) await expectFigure(page, `iot-${k}`, t[k], t.unconnected.includes(k));
  await expect(vis(page, 'iot-records-row')).toHaveCount(t.todayInList.length);
  await expect(vis(page, 'iot-warnings-row')).toHaveCount(t.warningList.length);
  if (t.warningList.length) await expect(vis(page, 'iot-warnings-row').first()).toContainText('未处理');
};

/** A district of the operator's city that holds one of its villages, with its province's name, from the region API. */
const firstDistrict = async (page: Page, o: CockpitOverview) => {
  type Node = { label: string; value: string };
  const children = (parentId: string) => api<Node[]>(page, '/Common/Dict/RegionDict/index', { parentId });
  const provinces = await children('000000');
  const province = provinces.find((p) => p.value.slice(0, 2) === o.regionCode.slice(0, 2));
  for (const d of await children(o.regionCode)) {
    const one = await api<CockpitOverview>(page, `${BASE}/index`, { regionCode: d.value });
    if (one.villageCount > 0 && province) return { code: d.value, name: d.label, province: province.label };
  }
  return null;
};

/** Clicks a topic of the bottom navigation and waits for the call that loads it. */
const openTab = async (page: Page, n: 0 | 1 | 2) => {
  const path = `${BASE}/${['index', 'two', 'thr'][n]}`;
  const asked = page.waitForResponse((r) => r.url().endsWith(path));
  await vis(page, `cockpit-tab-${n}`).click();
  expect((await asked).ok()).toBe(true);
  await expect(vis(page, `cockpit-tab-${n}`)).toHaveAttribute('aria-selected', 'true');
};

test.describe('运营驾驶舱', () => {
  test('full screen at 1920×1080: the three topics from the API, 今年/往年, the year filter and 未接入', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, operator);
    // the region reads 加载中... until the tenant topic has answered
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/xapi${BASE}/index`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/cockpit');
    await expect(vis(page, 'cockpit-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(vis(page, 'cockpit-region')).toHaveText('加载中...');
    release();
    const o = await api<CockpitOverview>(page, `${BASE}/index`, {});
    expect(o.villageCount).toBeGreaterThan(0);
    await expectTenantTopic(page, o);
    await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '1.0000');
    await expect(vis(page, 'cockpit-clock')).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expect(vis(page, 'cockpit-tab-0')).toHaveAttribute('aria-selected', 'true');
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-tenant-1920.png` });

    // 运营服务专题: this year with the year type, then all past years, then one
    const asked = page.waitForRequest((r) => r.url().endsWith(`${BASE}/two`));
    await openTab(page, 1);
    expect((await asked).postDataJSON()).toMatchObject({ where: 'year' });
    const year = await api<CockpitIncome>(page, `${BASE}/two`, { where: 'year' });
    await expectServiceTopic(page, year);
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-service-1920.png` });
    const pastAsked = page.waitForRequest((r) => r.url().endsWith(`${BASE}/two`));
    await vis(page, 'cockpit-year-mode').getByRole('radio', { name: '往年' }).click();
    expect((await pastAsked).postDataJSON()).toMatchObject({ where: 'past' });
    const past = await api<CockpitIncome>(page, `${BASE}/two`, { where: 'past' });
    expect(past.label).toBe(`${year.year - 1}年及以前`);
    await expectServiceTopic(page, past);
    const one = year.year - 2;
    const oneAsked = page.waitForRequest((r) => r.url().endsWith(`${BASE}/two`));
    await vis(page, 'cockpit-year').selectOption(String(one));
    expect((await oneAsked).postDataJSON()).toMatchObject({ where: one });
    await expectServiceTopic(page, await api<CockpitIncome>(page, `${BASE}/two`, { where: one }));

    // 感知运营专题: AI cameras and lifts are not connected in the demo, so they say 未接入
    await openTab(page, 2);
    const t = await api<CockpitIot>(page, `${BASE}/thr`, {});
    expect(t.unconnected).toEqual(expect.arrayContaining(['aiVideo', 'ladder']));
    await expectPerceptionTopic(page, t);
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-perception-1920.png` });

    // back to the tenant topic: it asks its figures again
    await openTab(page, 0);
    await expectTenantTopic(page, o);

    // 切换 narrows the board to a district of the operator's city; a province wider than its area is refused
    const district = o.villageList.length ? await firstDistrict(page, o) : null;
    expect(district).not.toBeNull();
    await vis(page, 'cockpit-region-change').click();
    await vis(page, 'cockpit-region-picker').click();
    const level = (name: string) =>
      page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: name }).first();
    await level(district!.province).click();
    await expect(vis(page, 'cockpit-error')).toContainText('不在运营商的服务区域内');
    await level(o.regionName).click();
    await level(district!.name).click();
    await page.keyboard.press('Escape');
    const narrowed = await api<CockpitOverview>(page, `${BASE}/index`, { regionCode: district!.code });
    await expect(vis(page, 'cockpit-error')).toHaveCount(0);
    await expect(vis(page, 'cockpit-region')).toHaveText(narrowed.regionName);
    await expectTenantTopic(page, narrowed);
    // the other topics keep the region: the operation topic asks with it
    const narrowedIncome = page.waitForRequest((r) => r.url().endsWith(`${BASE}/two`));
    await vis(page, 'cockpit-tab-1').click();
    expect((await narrowedIncome).postDataJSON()).toMatchObject({ regionCode: district!.code, where: 'year' });
    await expect(vis(page, 'cockpit-region')).toHaveText(narrowed.regionName);
  });

  test('3840×2160: the same board scaled twice; the menu page shows it in the shell and opens it full screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 3840, height: 2160 });
    await login(page, operator);
    await page.goto('/cockpit');
    await expect(vis(page, 'cockpit-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '2.0000');
    await expectTenantTopic(page, await api<CockpitOverview>(page, `${BASE}/index`, {}));
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-tenant-3840.png` });
    await openTab(page, 1);
    await expectServiceTopic(page, await api<CockpitIncome>(page, `${BASE}/two`, { where: 'year' }));
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-service-3840.png` });
    await openTab(page, 2);
    await expectPerceptionTopic(page, await api<CockpitIot>(page, `${BASE}/thr`, {}));
    if (SHOT) await page.screenshot({ path: `${SHOTS}/cockpit-perception-3840.png` });
    // the bottom navigation ends inside the window
    const nav = await vis(page, 'cockpit-tab-2').boundingBox();
    expect(nav!.y + nav!.height).toBeLessThanOrEqual(2160);

    // the operator's menu page: the board inside the shell, 全屏 opens /cockpit, 返回 comes back
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${BASE}/index`);
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(vis(page, 'cockpit-screen')).toBeVisible({ timeout: budget(15_000) });
    await expect(page.getByText('建设中')).toHaveCount(0);
    const o = await api<CockpitOverview>(page, `${BASE}/index`, {});
    await expectCount(page, 'cockpit-villages', o.villageCount);
    await vis(page, 'cockpit-fullscreen').click();
    await expect(page).toHaveURL(/\/cockpit$/);
    await expect(page.getByTestId('shell')).toHaveCount(0);
    await expectCount(page, 'cockpit-villages', o.villageCount);
    await vis(page, 'cockpit-back').click();
    await expect(page.getByTestId('shell')).toBeVisible();
  });
});
