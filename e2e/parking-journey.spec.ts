import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, pick, property, tableRow, vis } from './helpers.ts';

type List<T> = { records: T[]; total: number };
type Lot = { id: number; name: string; capacity: number; parking: number; surplus: number };

/** what the lane's camera does: sign the raw body with the lane's key and post it */
const cameraEvent = async (page: Page, lane: { parkcode: string; secret: string }, body: Record<string, unknown>) => {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await page.request.post('/xapi/Parking/Gate/event', {
    headers: {
      'content-type': 'application/json',
      'x-device-code': lane.parkcode,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', lane.secret).update(`${ts}.${raw}`).digest('hex'),
    },
    data: raw,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { decision: string; reason: string } };
  expect(json.code, json.msg).toBe(0);
  return json.data;
};

const shanghai = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

test('a new car park: lanes, 批量生成 spaces, a car, then its camera events in 出入记录 and 停车概览', async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const tag = String(Date.now()).slice(-6);
  const lotName = `e2e 访客停车场${tag}`;
  await login(page, property);

  // 停车场: a lot of 20 spaces, 15 free minutes, 5 yuan an hour
  await page.goto('/Web/Internet/ParkingBox/listConfig');
  await vis(page, 'toolbar-add').click();
  const form = page.getByTestId('form-dialog');
  await pick(page, form.getByTestId('form-item-village_id'), '阳光花园');
  await form.getByTestId('form-item-name').locator('input').fill(lotName);
  await form.getByTestId('form-item-code').locator('input').fill(`E2E-${tag}`);
  await form.getByTestId('form-item-capacity').locator('input').fill('20');
  await form.getByTestId('form-item-hour_price').locator('input').fill('5');
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  const lot = (await api<List<{ id: number; name: string }>>(page, '/Web/Internet/ParkingBox/list', { name: lotName }))
    .records[0]!;

  // its entry and exit lanes (the cameras' registration), with the keys the devices are given
  const lanes: Record<'in' | 'out', { parkcode: string; secret: string }> = {
    in: { parkcode: '', secret: '' },
    out: { parkcode: '', secret: '' },
  };
  for (const [dir, direction] of [
    ['in', 1],
    ['out', 2],
  ] as const) {
    const parkcode = `E2E-${tag}-${dir.toUpperCase()}`;
    await api(page, '/Web/Internet/ParkingGate/add', {
      row: { lot_id: lot.id, name: `${dir === 'in' ? '入口' : '出口'}车道`, parkcode, direction, status: 1 },
    });
    const gate = (await api<List<{ id: number }>>(page, '/Web/Internet/ParkingGate/list', { parkcode })).records[0]!;
    const { secret } = await api<{ secret: string }>(page, '/Web/Internet/ParkingGate/detail?return=result', {
      id: gate.id,
    });
    lanes[dir] = { parkcode, secret };
  }

  // 车位管理 → 批量生成 E-001 … E-020
  await page.goto('/Web/Parking/Space/listConfig');
  await vis(page, 'toolbar-parkingSpaceGenerate').click();
  const gen = page.locator('.ant-modal', { hasText: '批量生成车位' });
  await pick(page, gen.locator('.ant-form-item', { hasText: '停车场' }).first(), lotName);
  await gen.getByLabel('编号前缀').fill('E-');
  await gen.getByLabel('结束编号').fill('20');
  await expect(gen.getByTestId('space-preview')).toContainText('E-001');
  await gen.getByRole('button', { name: /生\s*成/ }).click();
  await expect(page.getByText(/生成/).filter({ hasText: '20' }).first()).toBeVisible();
  const spaces = await api<List<{ space_no: string }>>(page, '/Web/Parking/Space/list', { lot_id: lot.id, size: 50 });
  expect(spaces.total).toBe(20);
  expect(spaces.records.map((s) => s.space_no)).toContain('E-020');

  // 车辆管理: a wrong plate is named, a right one saved
  const plate = `浙A${tag.slice(0, 1)}E${tag.slice(1, 4)}`.slice(0, 7);
  await page.goto('/Web/Parking/Car/listConfig');
  await vis(page, 'toolbar-add').click();
  const car = page.getByTestId('form-dialog');
  await pick(page, car.getByTestId('form-item-village_id'), '阳光花园');
  await car.getByTestId('form-item-plate').locator('input').fill('浙AI2345');
  await page.getByTestId('form-submit').click();
  await expect(car.getByTestId('form-item-plate')).toContainText('车牌号格式错误');
  await car.getByTestId('form-item-plate').locator('input').fill(plate);
  await page.getByTestId('form-submit').click();
  await expect(page.getByText('保存成功!')).toBeVisible();

  // the camera sees the car come in 10 minutes ago and leave now: inside the free minutes, both open
  const before = (await api<{ lots: Lot[] }>(page, '/Web/Parking/Stats/index', {})).lots.find((l) => l.id === lot.id)!;
  expect([before.parking, before.surplus]).toEqual([0, 20]);
  const entry = await cameraEvent(page, lanes.in, {
    event_id: `in-${tag}`,
    plate,
    direction: 1,
    time: shanghai(new Date(Date.now() - 10 * 60_000)),
  });
  expect(entry).toMatchObject({ decision: 'open', reason: '临时车' });

  await page.goto('/Web/Parking/Stats/index');
  await expect(page.getByTestId(`lot-${lot.id}`)).toContainText('在场 1 / 共 20，剩余 19');

  const exit = await cameraEvent(page, lanes.out, { event_id: `out-${tag}`, plate, direction: 2 });
  expect(exit).toMatchObject({ decision: 'open', reason: '临时车' });
  await page.reload();
  await expect(page.getByTestId(`lot-${lot.id}`)).toContainText('在场 0 / 共 20，剩余 20');

  // 出入记录: the two passages of the plate, in and out
  await page.goto('/Web/Parking/Passage/listConfig');
  await page.getByRole('textbox', { name: '车牌号' }).filter({ visible: true }).fill(plate);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .filter({ visible: true })
    .click();
  await expect(vis(page, 'list-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(tableRow(page, '入场')).toContainText(plate);
  await expect(tableRow(page, '出场')).toContainText(plate);
});
