import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property } from './helpers.ts';

type Lane = { id: number; parkcode: string; direction: number };
type Lot = { id: number; name: string; capacity: number; parking: number; surplus: number };

/** The demo lane's signing key, read as the property manager reads it in the lane's detail. */
const laneKey = async (page: Page, parkcode: string) => {
  const lanes = await api<{ records: Lane[] }>(page, '/Web/Internet/ParkingGate/list', { current: 1, size: 50 });
  const lane = lanes.records.find((l) => l.parkcode === parkcode)!;
  return (await api<{ secret: string }>(page, '/Web/Internet/ParkingGate/detail?return=result', { id: lane.id }))
    .secret;
};

/** A barrier camera's signed event, as the device posts it. */
const cameraEvent = async (page: Page, parkcode: string, body: Record<string, unknown>) => {
  const secret = await laneKey(page, parkcode);
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await page.request.post('/xapi/Parking/Gate/event', {
    headers: {
      'content-type': 'application/json',
      'x-device-code': parkcode,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
    },
    data: raw,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { decision: string } };
  expect(json.code, json.msg).toBe(0);
  return json.data;
};

test('停车概览 shows the demo lots with their occupancy, and a car that drives in is counted', async ({ page }) => {
  await login(page, property);
  const entry = await cameraEvent(page, 'YG-P1-IN', {
    event_id: `e2e-overview-${Date.now()}`,
    plate: '浙A8E2E1',
    direction: 1,
  });
  expect(entry.decision).toBe('open');
  const stats = await api<{
    lots: Lot[];
    parkingIot: { parkNum: number; parking: number };
    vehicleEntryexit: { into: number };
  }>(page, '/Web/Parking/Stats/index', {});

  await page.goto('/Web/Parking/Stats/index');
  const overview = page.getByTestId('parking-overview');
  await expect(overview).toBeVisible();
  const yg = stats.lots.find((l) => l.name === '阳光花园地下车库')!;
  expect(yg.parking).toBeGreaterThanOrEqual(1);
  for (const l of stats.lots) {
    const bar = page.getByTestId(`lot-${l.id}`);
    await expect(bar).toContainText(l.name);
    await expect(bar).toContainText(`在场 ${l.parking} / 共 ${l.capacity}，剩余 ${l.surplus}`);
    await expect(bar.locator('.ant-progress')).toBeVisible();
  }
  // the demo's two lots, in order (other specs may add lots of their own)
  expect(stats.lots.map((l) => l.name).filter((n) => !n.startsWith('e2e'))).toEqual([
    '阳光花园地下车库',
    '翠湖名苑停车场',
  ]);
  await expect(page.getByTestId('figure-parkNum')).toContainText(String(stats.parkingIot.parkNum));
  await expect(page.getByTestId('figure-parking')).toContainText(String(stats.parkingIot.parking));
  expect(stats.vehicleEntryexit.into).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('figure-into')).toContainText(String(stats.vehicleEntryexit.into));
  await expect(page.getByTestId('latest-passages')).toContainText('浙A8E2E1');
  await expect(page.getByTestId('parking-revenue')).toContainText('翠湖名苑停车场');
  const canvas = page.getByTestId('occupancy-chart').locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: budget(15_000) });
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(100);
  await expect(page.getByTestId('hourly-chart').locator('canvas').first()).toBeVisible();

  // one village: only its lot
  await page.getByTestId('parking-village').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '翠湖名苑' }).click();
  await expect(page.getByTestId(`lot-${yg.id}`)).toHaveCount(0);
  await expect(overview).toContainText('翠湖名苑停车场');
});

test("住户管理 shows a resident's cars below him only when he has one", async ({ page }) => {
  await login(page, property);
  type Person = { id: number; name: string; havingCar: boolean };
  const cars = await api<{ records: { plate: string; person_id: number | null; status: number }[] }>(
    page,
    '/Web/Parking/Car/list',
    { current: 1, size: 50 },
  );
  const withCar = await api<{ records: Person[] }>(page, '/Web/Basic/GatePerson/list?tab_type=owner', {
    current: 1,
    size: 50,
    ids: cars.records.map((c) => c.person_id).filter((id) => id !== null),
  });
  const owner = withCar.records.find((p) => p.havingCar)!;
  const plates = cars.records.filter((c) => c.person_id === owner.id && c.status === 1).map((c) => c.plate);
  const page1 = await api<{ records: Person[] }>(page, '/Web/Basic/GatePerson/list?tab_type=owner', {
    current: 1,
    size: 50,
  });
  const carless = page1.records.find((p) => !p.havingCar && p.name !== owner.name)!;

  await page.goto('/Web/Basic/GatePerson/listConfig');
  const search = async (name: string) => {
    await page.getByTestId('search-form').getByLabel('姓名').fill(name);
    await page.getByTestId('search-submit').click();
  };
  await search(owner.name);
  await page.getByTestId('list-table').locator('tbody tr', { hasText: owner.name }).first().click();
  const footer = page.getByTestId('footer-tables');
  await expect(footer).toContainText('车辆');
  await expect(footer).toContainText(plates[0]!);

  await search(carless.name);
  await page.getByTestId('list-table').locator('tbody tr', { hasText: carless.name }).first().click();
  await expect(page.getByTestId('footer-tables')).toHaveCount(0);
});
