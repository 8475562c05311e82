import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import type { ApictureAlert, ApictureData, ApictureLayers, ApictureSearchHit, ListReply } from '@5a/contracts';
import { api, login, operator, property, vis } from './helpers.ts';

const BASE = '/Web/DataAnalysis/PropertyData';
const SHOTS = 'docs/screenshots';
/** SHOT_TAG=1 writes the screen's screenshots for the docs; a plain test run writes none */
const SHOT = process.env.SHOT_TAG;

const markers = async (page: Page) => Number(await vis(page, 'apicture-map').getAttribute('data-markers'));

/** Opens 一张图 and waits until the first village's layers are on the map. */
const openMap = async (
  page: Page,
  villages: number,
  firstLayers: ApictureLayers,
  shownKinds: (keyof ApictureLayers)[],
) => {
  await page.goto('/apicture');
  await expect(vis(page, 'apicture')).toBeVisible({ timeout: budget(15_000) });
  await expect(vis(page, 'apicture-map').locator('canvas').first()).toBeVisible({ timeout: budget(15_000) });
  const points = shownKinds.reduce((n, k) => n + (firstLayers[k] as unknown[]).length, 0);
  await expect(vis(page, 'apicture-map')).toHaveAttribute('data-markers', String(villages + points), {
    timeout: budget(15_000),
  });
};

test.describe('一张图', () => {
  test('a property company’s map: panels, search, layers, a marker’s detail, 派单 into a work order, measuring', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, property);
    const data = await api<ApictureData>(page, `${BASE}/apicture`);
    expect(data.villageList.map((v) => v.name)).toEqual(['阳光花园', '翠湖名苑']);
    expect(data.mayDispatch).toBe(true);
    const first = data.villageList[0]!;
    const layers = await api<ApictureLayers>(page, `${BASE}/layers`, { vid: first.id });
    const shownKinds = ['building', 'door', 'lane', 'camera', 'repair', 'patrol', 'worker'] as const;
    const located = data.villageList.filter((v) => v.lonlat).length;
    await openMap(page, located, layers, [...shownKinds]);
    await expect(page.getByText('建设中')).toHaveCount(0);
    await expect(vis(page, 'apicture-village')).toHaveValue(String(first.id));
    for (const [key, num] of Object.entries(data.counts))
      await expect(vis(page, `apicture-count-${key}`)).toContainText(String(num));

    // 小区简介 with its three tabs, then 搜索 closes it
    await vis(page, 'apicture-tool-intro').click();
    const intro = vis(page, 'apicture-intro');
    await expect(intro).toContainText(first.name);
    await expect(vis(page, 'apicture-fig-buildings')).toContainText(String(layers.building.length));
    await intro.getByRole('tab', { name: '感知数据' }).click();
    await expect(vis(page, 'apicture-fig-cameras')).toContainText(String(layers.camera.length));
    await vis(page, 'apicture-tool-search').click();
    await expect(vis(page, 'apicture-search')).toBeVisible();
    await expect(page.getByTestId('apicture-intro')).toHaveCount(0);

    // a building found by name opens its detail
    const building = layers.building[0]!;
    const hits = await api<ApictureSearchHit[]>(page, `${BASE}/searchVillageList`, { name: building.name, type: 2 });
    expect(hits.map((h) => h.name)).toContain(building.name);
    await vis(page, 'apicture-search').getByRole('tab', { name: '楼栋' }).click();
    await vis(page, 'apicture-search-input').fill(building.name);
    await vis(page, 'apicture-search-go').click();
    await vis(page, 'apicture-hit').filter({ hasText: building.name }).first().click();
    const mark = vis(page, 'apicture-mark');
    await expect(mark).toHaveAttribute('data-kind', 'building');
    await expect(mark).toContainText(building.name);
    await expect(mark).toContainText('楼层数');
    await vis(page, 'apicture-mark-close').click();

    // a camera found by its device name plays its stream in the dialog
    const camera = layers.camera[0]!;
    await vis(page, 'apicture-search').getByRole('tab', { name: '设备名称' }).click();
    await vis(page, 'apicture-search-input').fill(camera.name);
    await vis(page, 'apicture-search-go').click();
    await vis(page, 'apicture-hit').filter({ hasText: camera.name }).first().click();
    await expect(vis(page, 'apicture-mark')).toHaveAttribute('data-kind', 'camera');
    await expect(vis(page, 'apicture-video')).toBeAttached();
    await vis(page, 'apicture-mark-close').click();

    // layers switch their markers off and on
    await vis(page, 'apicture-tool-layers').click();
    const before = await markers(page);
    await vis(page, 'apicture-layer-camera').uncheck();
    await expect(vis(page, 'apicture-map')).toHaveAttribute('data-markers', String(before - layers.camera.length));
    await vis(page, 'apicture-layer-resident').check();
    await expect(vis(page, 'apicture-map')).toHaveAttribute(
      'data-markers',
      String(before - layers.camera.length + layers.resident.length),
    );
    await vis(page, 'apicture-layer-resident').uncheck();
    await vis(page, 'apicture-layer-camera').check();
    await expect(vis(page, 'apicture-map')).toHaveAttribute('data-markers', String(before));
    await vis(page, 'apicture-tool-layers').click();
    if (SHOT) await page.screenshot({ path: `${SHOTS}/apicture-1920.png` });

    // 派单 from an open alert: the dispatch panel replaces the search, the order is in the work-order list
    await vis(page, 'apicture-tool-alerts').click();
    await expect(vis(page, 'apicture-alert').first()).toBeVisible({ timeout: budget(10_000) });
    const alerts = await api<ApictureAlert[]>(page, `${BASE}/alerts`, { vid: first.id });
    const open = alerts.find((a) => a.handled === 2 && !a.orderId)!;
    await vis(page, 'apicture-alert')
      .filter({ hasText: open.title })
      .first()
      .getByTestId('apicture-alert-dispatch')
      .click();
    await expect(vis(page, 'apicture-dispatch')).toBeVisible();
    await expect(page.getByTestId('apicture-search')).toHaveCount(0);
    await expect(vis(page, 'apicture-dispatch-worker').locator('option')).not.toHaveCount(1);
    await vis(page, 'apicture-dispatch-worker').selectOption({ index: 1 });
    await vis(page, 'apicture-dispatch-send').click();
    await expect(vis(page, 'apicture-dispatch-done')).toContainText('工单 #', { timeout: budget(10_000) });
    const orderId = Number((await vis(page, 'apicture-dispatch-done').textContent())?.match(/#(\d+)/)?.[1]);
    const working = await api<ListReply>(page, '/Web/Repair/RepairManagement/list?tab_type=working', { size: 100 });
    expect(working.records.map((r) => Number(r.id))).toContain(orderId);
    await expect(vis(page, 'apicture-alerts')).toContainText(`已派单 #${orderId}`);
    await vis(page, 'apicture-tool-intro').click();
    await expect(page.getByTestId('apicture-dispatch')).toHaveCount(0);
    await vis(page, 'apicture-tool-intro').click();
    await vis(page, 'apicture-tool-alerts').click();

    // 测量距离: two clicks and a double click on the map read a length
    await vis(page, 'apicture-tool-measure-length').click();
    const box = (await vis(page, 'apicture-map').boundingBox())!;
    const at = (dx: number, dy: number) => [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy] as const;
    await page.mouse.click(...at(-200, 60));
    await page.mouse.click(...at(0, 120));
    await page.mouse.dblclick(...at(180, 60));
    await expect(vis(page, 'apicture-measure-reading')).toHaveText(/^[\d,]+\.\d{2} (m|km)$/);
    await vis(page, 'apicture-tool-measure-length').click();
    await expect(page.getByTestId('apicture-measure')).toHaveCount(0);

    // 3D and 卫星 switch the base; with no tile templates the plain base shows no error
    await vis(page, 'apicture-base-3d').click();
    await expect(vis(page, 'apicture-map')).toHaveAttribute('data-base', '3d');
    await expect(page.getByText('底图无法加载')).toHaveCount(0);
    if (SHOT) {
      await page.screenshot({ path: `${SHOTS}/apicture-3d-1920.png` });
      await page.setViewportSize({ width: 3840, height: 2160 });
      await expect(page.locator('.bs-stage')).toHaveAttribute('data-scale', '2.0000');
      await page.screenshot({ path: `${SHOTS}/apicture-3840.png` });
    }
  });

  test('an operator opens 一张图 from the menu: its companies’ villages, the counts, a search, no 派单', async ({
    page,
  }) => {
    await login(page, operator);
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').fill('一张图');
    await page.getByTestId('menu-search-item').first().click();
    await expect(page).toHaveURL(/\/apicture$/);
    await expect(vis(page, 'apicture')).toBeVisible({ timeout: budget(15_000) });
    await expect(vis(page, 'apicture-map').locator('canvas').first()).toBeVisible();
    const data = await api<ApictureData>(page, `${BASE}/apicture`);
    const names = data.villageList.map((v) => v.name);
    for (const n of ['阳光花园', '翠湖名苑', '安居小区', '锦绣家园']) expect(names).toContain(n);
    expect(data.mayDispatch).toBe(false);
    for (const [key, num] of Object.entries(data.counts))
      await expect(vis(page, `apicture-count-${key}`)).toContainText(String(num));

    // a village found by name opens its figures
    await vis(page, 'apicture-tool-search').click();
    await vis(page, 'apicture-search-input').fill('翠湖');
    await vis(page, 'apicture-search-go').click();
    const hit = vis(page, 'apicture-hit');
    await expect(hit).toHaveCount(1);
    await hit.click();
    const mark = vis(page, 'apicture-mark');
    await expect(mark).toContainText('翠湖名苑');
    await expect(mark).toContainText('阳光物业服务有限公司');
    await expect(mark).toContainText('入住率');
    await expect(vis(page, 'apicture-village')).toHaveValue(
      String(data.villageList.find((v) => v.name === '翠湖名苑')!.id),
    );

    // the alerts are listed, but an operator does not dispatch
    await vis(page, 'apicture-tool-alerts').click();
    await expect(vis(page, 'apicture-alert').first()).toBeVisible({ timeout: budget(10_000) });
    await expect(page.getByTestId('apicture-alert-dispatch')).toHaveCount(0);
  });
});
