import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { budget, expect, test } from './fixtures.ts';
import { api, login, property, tableRow, vis } from './helpers.ts';

const LOTS = '/Web/Internet/ParkingBox/listConfig';
type List<T> = { records: T[] };
type Gate = { id: number; parkcode: string; direction: number; secret?: string };
type GateReply = { decision: string; reason: string; fee: string };

/** a barrier camera's signed event, as the lane's device posts it */
const gateEvent = async (request: APIRequestContext, lane: Gate, body: Record<string, unknown>) => {
  const raw = JSON.stringify(body);
  const ts = String(Date.now());
  const res = await request.post('/xapi/Parking/Gate/event', {
    headers: {
      'content-type': 'application/json',
      'x-device-code': lane.parkcode,
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', lane.secret!).update(`${ts}.${raw}`).digest('hex'),
    },
    data: raw,
  });
  const json = (await res.json()) as { code: number; msg: string; data: GateReply };
  expect(json.code, json.msg).toBe(0);
  return json.data;
};
const shanghai = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

test('a car park QR code is downloaded as a PNG; a driver pays on his phone and the exit opens', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property, LOTS);
  await tableRow(page, '阳光花园地下车库').locator('input[type="checkbox"]').check();
  await vis(page, 'toolbar-parkingTempQr').click();
  const canvas = page.getByTestId('temp-qr-canvas');
  await expect(canvas).toBeVisible();
  const payUrl = (await canvas.getAttribute('data-qr-text'))!;
  expect(new URL(payUrl).pathname).toBe('/parking_pay');
  const download = page.waitForEvent('download');
  await page.getByTestId('temp-qr-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('阳光花园地下车库-出口缴费码.png');
  const png = await readFile((await file.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(1000);

  // the demo lot's lanes and their signing keys (read in the lane's detail)
  const lanes = (await api<List<Gate>>(page, '/Web/Internet/ParkingGate/list', { size: 100 })).records;
  const lane = async (code: string) =>
    api<Gate>(page, '/Web/Internet/ParkingGate/detail?return=result', {
      id: lanes.find((l) => l.parkcode === code)!.id,
    });
  const [entry, exit] = [await lane('YG-P1-IN'), await lane('YG-P1-OUT')];
  const plate = '沪E7E2E8';
  await gateEvent(page.request, entry, {
    event_id: `e2e-tp-in-${Date.now()}`,
    plate,
    direction: 1,
    time: shanghai(100),
  });
  expect(
    await gateEvent(page.request, exit, { event_id: `e2e-tp-out1-${Date.now()}`, plate, direction: 2 }),
  ).toMatchObject({ decision: 'deny', reason: '未缴费', fee: '6.00' });

  // the driver's phone, no login
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto(payUrl);
  await expect(mobile.getByText('临时停车缴费')).toBeVisible();
  await mobile.getByTestId('parking-pay-plate').fill('E7E2E');
  await mobile.getByRole('button', { name: '查询停车费' }).click();
  await expect(mobile.getByTestId('parking-pay-plate-error')).toHaveText('车牌号格式错误');
  await mobile.getByTestId('parking-pay-plate').fill('e7e2e8');
  await mobile.getByRole('button', { name: '查询停车费' }).click();
  await expect(mobile.getByTestId('parking-pay-amount')).toHaveText('¥6.00');
  await expect(mobile.getByTestId('parking-pay-fee')).toContainText('阳光花园地下车库');
  await mobile.getByTestId('parking-pay-submit').click();
  const [sandbox] = await Promise.all([mobile.waitForEvent('popup'), mobile.getByTestId('parking-pay-open').click()]);
  await expect(sandbox.getByTestId('sandbox-amount')).toHaveText('¥6.00');
  await sandbox.getByTestId('sandbox-pay-success').click();
  await expect(sandbox.getByTestId('sandbox-result')).toHaveText('支付成功');
  await expect(mobile.getByTestId('parking-pay-success')).toHaveText('支付成功，请在15分钟内离场');
  await phone.close();

  expect(
    await gateEvent(page.request, exit, { event_id: `e2e-tp-out2-${Date.now()}`, plate, direction: 2 }),
  ).toMatchObject({ decision: 'open', reason: '已缴费', fee: '0.00' });
});

test('scanned with WeChat, 去支付 signs the driver in with the official account and pays in WeChat’s sheet', async ({
  page,
  browser,
}) => {
  test.setTimeout(budget(90_000));
  await login(page, property);
  const lots = (await api<List<{ id: number; name: string }>>(page, '/Web/Internet/ParkingBox/list', { size: 100 }))
    .records;
  const lotId = lots.find((l) => l.name === '阳光花园地下车库')!.id;
  const { baseurl: payUrl } = await api<{ baseurl: string }>(page, '/Web/Internet/ParkingBox/tempQr', {
    id: lotId,
    qr_type: 1,
  });
  const lanes = (await api<List<Gate>>(page, '/Web/Internet/ParkingGate/list', { size: 100 })).records;
  const entry = await api<Gate>(page, '/Web/Internet/ParkingGate/detail?return=result', {
    id: lanes.find((l) => l.parkcode === 'YG-P1-IN')!.id,
  });
  const plate = '沪E7W2X8';
  await gateEvent(page.request, entry, {
    event_id: `e2e-wx-in-${Date.now()}`,
    plate,
    direction: 1,
    time: shanghai(100),
  });

  // WeChat's browser: its user agent and its payment bridge, which records what the page asks it to pay
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.50',
  });
  await phone.addInitScript(() => {
    const w = window as unknown as { WeixinJSBridge: unknown; bridgeCalls: unknown[] };
    w.bridgeCalls = [];
    w.WeixinJSBridge = {
      invoke: (name: string, params: unknown, cb: (r: { err_msg: string }) => void) => {
        w.bridgeCalls.push({ name, params });
        cb({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    };
  });
  // a company whose provider is WeChat names its official account; WeChat's sign-in answers with a code
  await phone.route('**/xapi/Web/NoLoginApi/ParkingPay/fee', async (route) => {
    const res = await route.fetch();
    const json = (await res.json()) as { data: Record<string, unknown> | null };
    if (json.data) json.data.appId = 'wx-e2e-account';
    await route.fulfill({ response: res, json });
  });
  const signIns: string[] = [];
  await phone.route('https://open.weixin.qq.com/**', async (route) => {
    const u = new URL(route.request().url());
    signIns.push(u.searchParams.get('appid') ?? '');
    const back = new URL(u.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', 'wx-code-1');
    back.searchParams.set('state', 'pay');
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  const mobile = await phone.newPage();
  await mobile.goto(payUrl);
  await mobile.getByTestId('parking-pay-plate').fill('E7W2X8');
  await mobile.getByRole('button', { name: '查询停车费' }).click();
  await expect(mobile.getByTestId('parking-pay-amount')).toHaveText('¥6.00');
  await mobile.getByTestId('parking-pay-submit').click();

  // back from the sign-in with the plate: the page looks it up again and opens WeChat's payment sheet
  await expect(mobile).toHaveURL(/code=wx-code-1/);
  expect(signIns).toEqual(['wx-e2e-account']);
  await expect(mobile.getByTestId('parking-pay-waiting')).toContainText('¥6.00');
  const calls = await mobile.evaluate(
    () => (window as unknown as { bridgeCalls: { name: string; params: Record<string, string> }[] }).bridgeCalls,
  );
  expect(calls).toHaveLength(1);
  expect(calls[0]!.name).toBe('getBrandWCPayRequest');
  expect(calls[0]!.params).toMatchObject({ appId: 'sandbox', signType: 'RSA' });
  expect(calls[0]!.params.package).toMatch(/^prepay_id=sandbox_P/);
  await expect(mobile.getByTestId('parking-pay-wechat')).toBeVisible();

  // the sandbox stands in for WeChat's settlement: the order is paid, the page learns it from the server
  const [sandbox] = await Promise.all([mobile.waitForEvent('popup'), mobile.getByTestId('parking-pay-open').click()]);
  await sandbox.getByTestId('sandbox-pay-success').click();
  await expect(mobile.getByTestId('parking-pay-success')).toHaveText('支付成功，请在15分钟内离场');
  await phone.close();
});

test('a payment priced before the fee grew says what is still owed instead of promising 15 minutes', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await login(page, property);
  // a car park of its own (its price changes below; other tests read the demo car parks), unique per run
  const tag = String(Date.now()).slice(-6);
  const villages = await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options');
  const lotName = `e2e补缴停车场${tag}`;
  await api(page, '/Web/Internet/ParkingBox/add', {
    row: {
      village_id: villages.find((v) => v.label === '阳光花园')!.value,
      name: lotName,
      code: `BJ-${tag}`,
      free_minutes: 15,
      hour_price: 3,
      status: 1,
    },
  });
  const lot = (await api<List<{ id: number }>>(page, '/Web/Internet/ParkingBox/list', { name: lotName })).records[0]!;
  const parkcode = `E2E-BJ-${tag}`;
  await api(page, '/Web/Internet/ParkingGate/add', {
    row: { lot_id: lot.id, name: `补缴入口${tag}`, parkcode, direction: 1, status: 1 },
  });
  const gate = (await api<List<Gate>>(page, '/Web/Internet/ParkingGate/list', { parkcode })).records[0]!;
  const entry = await api<Gate>(page, '/Web/Internet/ParkingGate/detail?return=result', { id: gate.id });
  const plate = `沪F${tag.slice(-5)}`;
  await gateEvent(page.request, entry, { event_id: `e2e-bj-in-${tag}`, plate, direction: 1, time: shanghai(100) });
  const { baseurl: payUrl } = await api<{ baseurl: string }>(page, '/Web/Internet/ParkingBox/tempQr', {
    id: lot.id,
    qr_type: 1,
  });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto(payUrl);
  await mobile.getByTestId('parking-pay-plate').fill(plate.slice(1));
  await mobile.getByRole('button', { name: '查询停车费' }).click();
  await expect(mobile.getByTestId('parking-pay-amount')).toHaveText('¥6.00');
  await mobile.getByTestId('parking-pay-submit').click();
  await expect(mobile.getByTestId('parking-pay-waiting')).toContainText('¥6.00');
  // while the driver waits, the stay costs more (the price goes up): the 6.00 order no longer covers it
  await api(page, '/Web/Internet/ParkingBox/edit', { id: lot.id, row: { hour_price: 4 } });
  const [sandbox] = await Promise.all([mobile.waitForEvent('popup'), mobile.getByTestId('parking-pay-open').click()]);
  await sandbox.getByTestId('sandbox-pay-success').click();
  await expect(sandbox.getByTestId('sandbox-result')).toHaveText('支付成功');
  await expect(mobile.getByTestId('parking-pay-success')).toHaveText('支付成功，仍需补缴 ¥2.00，请在出口补缴');
  await phone.close();
});
