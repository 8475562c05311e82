import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { postGateEvent, shanghaiAgo as ago } from '../gate/testing.ts';
import { lotTokenKey, signLotToken, TEMP_ORDER_VALID_MINUTES } from './service.ts';

type Lane = { code: string; secret: string };
type Qr = { baseurl: string; desc: string; qr_type: number; filename: string };
type Fee = { lotName: string; entryTime: string; minutes: number; fee: string; paid: string; leaveBy: string };
type Order = { outTradeNo: string; amount: string; codeUrl: string };
type State = { state: string; paid: boolean; amount: string; owed: string; grace: boolean; leaveBy: string };

const QR = '/Web/Internet/ParkingBox/tempQr';
const FEE = '/Web/NoLoginApi/ParkingPay/fee';
const ORDER = '/Web/NoLoginApi/ParkingPay/order';
const STATE = '/Web/NoLoginApi/ParkingPay/state';

describe('temporary parking fee paid from the phone (临时停车缴费)', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let lotA: number;
  let lotB: number;
  let token: string;
  const inA: Lane = { code: 'TP-IN', secret: 'tp-secret-in' };
  const outA: Lane = { code: 'TP-OUT', secret: 'tp-secret-out' };

  const gate = async (lane: Lane, body: Record<string, unknown>) => (await postGateEvent(t.app, lane, body)).data;
  const lot = async (tenant: number, village: number, code: string) =>
    (
      await t.one<{
        id: number;
      }>(sql`insert into parking_lots (tenant_id, village_id, name, code, free_minutes, hour_price, day_cap)
        values (${tenant}, ${village}, ${`临停${code}`}, ${code}, 15, 500, 3000) returning id`)
    ).id;
  const sandboxToken = (codeUrl: string) => decodeURIComponent(codeUrl.split('token=')[1]!);

  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    lotA = await lot(ids.tenantA, ids.sunshine.id, 'TP-A');
    lotB = await lot(ids.tenantB, ids.anju.id, 'TP-B');
    for (const [l, d] of [
      [inA, 1],
      [outA, 2],
    ] as const)
      await t.db
        .execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
        values (${ids.tenantA}, ${ids.sunshine.id}, ${lotA}, ${l.code}, ${l.code}, ${d}, ${l.secret})`);
    const qr = await t.post<Qr>(
      QR,
      { id: lotA, qr_type: 1, entry_no: '2', show_name: true, show_type: true },
      property,
    );
    expect(qr.body.code, qr.body.msg).toBe(0);
    token = new URL(qr.body.data.baseurl).searchParams.get('lot')!;
  });
  afterAll(() => t.close());

  it("makes a lot's QR code: the public page's address with a signed token, its caption and file name", async () => {
    const qr = await t.post<Qr>(QR, { id: lotA, qr_type: 2, show_name: true, show_type: false }, property);
    expect(qr.body.data).toMatchObject({ desc: '临停TP-A', qr_type: 2, filename: '临停TP-A-场内缴费码.png' });
    const url = new URL(qr.body.data.baseurl);
    expect(url.origin).toMatch(/^https?:\/\//);
    expect(url.pathname).toBe('/parking_pay');
    // the same lot always prints the same code, and the code is not the bare id
    expect(url.searchParams.get('lot')).toBe(token);
    expect(token).not.toBe(String(lotA));
    // a payload and its signature (a random signature may well contain the id's digits)
    expect(token).toMatch(/^[\w-]+\.[\w-]{16,}$/);
    const full = await t.post<Qr>(QR, { id: lotA, qr_type: 1, entry_no: '2', show_name: 1, show_type: 1 }, property);
    expect(full.body.data.desc).toBe('临停TP-A · 出口缴费码 · 2号出口');
    // another company's user never gets it, nor a user of the company kept to another village
    expect((await t.post<Qr>(QR, { id: lotA, qr_type: 1 }, propertyb)).body.code).not.toBe(0);
    const jadeClerk = (await loginWithRole(t, 'tp-jade', { pages: ['ParkingBox'], villages: [ids.jade.id] })).token;
    expect((await t.post<Qr>(QR, { id: lotA, qr_type: 1 }, jadeClerk)).body.code).toBe(Code.notFound);
  });

  it('refuses a tampered token and a token naming another company with its lot', async () => {
    await gate(inA, { event_id: 'tk-in', plate: '沪E10001', direction: 1, time: ago(100) });
    const [payload, mac] = token.split('.');
    const flipped = `${payload}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, `${payload}x.${mac}`, 'nonsense', String(lotA)]) {
      const r = await t.post(FEE, { lot: bad, plate: '沪E10001' });
      expect(r.body.msg, bad).toBe('缴费码无效');
    }
    // even correctly signed, company A's id with company B's lot names nothing
    const cross = signLotToken(lotTokenKey('test-config-secret-key')!, ids.tenantA, lotB);
    expect((await t.post(FEE, { lot: cross, plate: '沪E10001' })).body.msg).toBe('缴费码无效');
    expect((await t.post(FEE, { lot: token, plate: '沪E10001' })).body.code).toBe(0);
  });

  it('tells the stay and its fee, or that the car has no entry, or that nothing is owed', async () => {
    expect((await t.post(FEE, { lot: token, plate: '沪E99999' })).body.msg).toBe('未查询到该车辆的入场记录');
    expect((await t.post(FEE, { lot: token, plate: 'ABC' })).body.msg).toBe('车牌号格式错误');
    const entered = ago(150);
    await gate(inA, { event_id: 'fee-in', plate: '沪E20002', direction: 1, time: entered });
    const r = await t.post<Fee>(FEE, { lot: token, plate: ' 沪e·20002 ' });
    expect(r.body.code, r.body.msg).toBe(0);
    // the provider's app: inside WeChat the page asks it who pays (the demo's sandbox needs no sign-in)
    expect(r.body.data).toMatchObject({
      lotName: '临停TP-A',
      entryTime: entered,
      fee: '15.00',
      paid: '0.00',
      appId: 'sandbox',
    });
    expect(r.body.data.minutes).toBeGreaterThanOrEqual(149);
    await gate(inA, { event_id: 'free-in', plate: '沪E30003', direction: 1, time: ago(5) });
    expect((await t.post<Fee>(FEE, { lot: token, plate: '沪E30003' })).body.data.fee).toBe('0.00');
    expect((await t.post(ORDER, { lot: token, plate: '沪E30003' })).body.msg).toBe('无需缴费');
  });

  it('pays through the sandbox once, and the exit opens after the payment and not before', async () => {
    const plate = '沪E40004';
    await gate(inA, { event_id: 'pay-in', plate, direction: 1, time: ago(150) });
    expect(await gate(outA, { event_id: 'pay-out-1', plate, direction: 2 })).toMatchObject({
      decision: 'deny',
      reason: '未缴费',
      fee: '15.00',
    });
    const o = await t.post<Order>(ORDER, { lot: token, plate });
    expect(o.body.code, o.body.msg).toBe(0);
    expect(o.body.data).toMatchObject({ amount: '15.00', codeUrl: expect.stringMatching(/\/sandbox_pay\?token=/) });
    // tapping 去支付 again hands out the same order, so one stay is not paid twice
    expect((await t.post<Order>(ORDER, { lot: token, plate })).body.data.outTradeNo).toBe(o.body.data.outTradeNo);
    const state = () => t.post<State>(STATE, { lot: token, out_trade_no: o.body.data.outTradeNo });
    expect((await state()).body.data).toMatchObject({ state: 'NOTPAY', paid: false });

    const pay = await t.post('/Web/NoLoginApi/Sandbox/pay', {
      token: sandboxToken(o.body.data.codeUrl),
      result: 'success',
    });
    expect(pay.body).toMatchObject({ code: 0, msg: '支付成功' });
    const first = await t.one<{ paid_at: string; transaction_id: string }>(
      sql`select paid_at::text, transaction_id from parking_temp_orders where out_trade_no = ${o.body.data.outTradeNo}`,
    );
    // a second notification (another scan of the same order) changes nothing
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token: sandboxToken(o.body.data.codeUrl), result: 'success' });
    expect(
      await t.one(
        sql`select paid_at::text, transaction_id from parking_temp_orders where out_trade_no = ${o.body.data.outTradeNo}`,
      ),
    ).toEqual(first);
    // the payment covered the stay: nothing more is owed and the exit opens until leaveBy
    expect((await state()).body.data).toMatchObject({
      state: 'SUCCESS',
      paid: true,
      amount: '15.00',
      owed: '0.00',
      grace: true,
      leaveBy: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await t.post<Fee>(FEE, { lot: token, plate })).body.data).toMatchObject({ fee: '0.00', paid: '15.00' });
    expect((await t.post(ORDER, { lot: token, plate })).body.msg).toBe('无需缴费');

    expect(await gate(outA, { event_id: 'pay-out-2', plate, direction: 2 })).toMatchObject({
      decision: 'open',
      reason: '已缴费',
      fee: '0.00',
    });
    // the stay is closed: the page no longer finds it
    expect((await t.post(FEE, { lot: token, plate })).body.msg).toBe('未查询到该车辆的入场记录');
  });

  it('pays inside WeChat by JSAPI: the OAuth code names the payer and the order carries the bridge parameters', async () => {
    const plate = '沪E45005';
    await gate(inA, { event_id: 'jsapi-in', plate, direction: 1, time: ago(150) });
    const o = await t.post<Order & { jsapi?: Record<string, string> }>(ORDER, { lot: token, plate, code: 'driver-1' });
    expect(o.body.code, o.body.msg).toBe(0);
    expect(o.body.data.jsapi).toMatchObject({
      appId: 'sandbox',
      package: `prepay_id=sandbox_${o.body.data.outTradeNo}`,
      signType: 'RSA',
    });
    expect(o.body.data.jsapi!.paySign).toMatch(/^[\w-]{43}$/);
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token: sandboxToken(o.body.data.codeUrl), result: 'success' });
    expect((await t.post<Fee>(FEE, { lot: token, plate })).body.data).toMatchObject({ fee: '0.00', paid: '15.00' });
  });

  it('charges the time beyond the grace after a payment', async () => {
    const plate = '沪E50005';
    await gate(inA, { event_id: 'late-in', plate, direction: 1, time: ago(200) });
    const o = await t.post<Order>(ORDER, { lot: token, plate });
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token: sandboxToken(o.body.data.codeUrl), result: 'success' });
    // as if paid 40 minutes ago (for the 3 hours then parked): the fourth started hour is owed now
    await t.db.execute(
      sql`update parking_temp_orders set paid_at = now() - interval '40 minutes', amount = 1500 where out_trade_no = ${o.body.data.outTradeNo}`,
    );
    expect((await t.post<Fee>(FEE, { lot: token, plate })).body.data.fee).toBe('5.00');
    expect(await gate(outA, { event_id: 'late-out', plate, direction: 2 })).toMatchObject({
      decision: 'deny',
      reason: '未缴费',
      fee: '5.00',
    });
  });

  it('does not open the exit as paid for an order priced before the fee grew', async () => {
    const plate = '沪E60006';
    await gate(inA, { event_id: 'grow-in', plate, direction: 1, time: ago(50) });
    const o = await t.post<Order>(ORDER, { lot: token, plate });
    expect(o.body.data.amount).toBe('5.00');
    // the driver waits: the stay passes into its second hour before the old order is paid
    await t.db.execute(
      sql`update gate_events set occurred_at = occurred_at - interval '60 minutes' where event_id = 'grow-in'`,
    );
    const pay = await t.post('/Web/NoLoginApi/Sandbox/pay', {
      token: sandboxToken(o.body.data.codeUrl),
      result: 'success',
    });
    expect(pay.body.code, pay.body.msg).toBe(0);
    // the page learns the payment fell short: no grace, the difference still owed
    const paid = await t.post<State>(STATE, { lot: token, out_trade_no: o.body.data.outTradeNo });
    expect(paid.body.data).toMatchObject({
      state: 'SUCCESS',
      paid: true,
      amount: '5.00',
      owed: '5.00',
      grace: false,
      leaveBy: '',
    });
    expect((await t.post<Fee>(FEE, { lot: token, plate })).body.data).toMatchObject({
      fee: '5.00',
      paid: '5.00',
      leaveBy: '',
    });
    expect(await gate(outA, { event_id: 'grow-out', plate, direction: 2 })).toMatchObject({
      decision: 'deny',
      reason: '未缴费',
      fee: '5.00',
    });
    // the difference is one more order, and then the exit opens
    const rest = await t.post<Order>(ORDER, { lot: token, plate });
    expect(rest.body.data.amount).toBe('5.00');
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token: sandboxToken(rest.body.data.codeUrl), result: 'success' });
    expect(
      (await t.post<State>(STATE, { lot: token, out_trade_no: rest.body.data.outTradeNo })).body.data,
    ).toMatchObject({ owed: '0.00', grace: true });
    expect(await gate(outA, { event_id: 'grow-out-2', plate, direction: 2 })).toMatchObject({
      decision: 'open',
      reason: '已缴费',
    });
  });

  it('keeps an order payable for minutes only, and hands out a fresh one instead of an order a few minutes old', async () => {
    const plate = '沪E70007';
    await gate(inA, { event_id: 'old-in', plate, direction: 1, time: ago(50) });
    const o = await t.post<Order>(ORDER, { lot: token, plate });
    const placed = Date.now();
    const info = await t.post<{ expireAt: string }>('/Web/NoLoginApi/Sandbox/order', {
      token: sandboxToken(o.body.data.codeUrl),
    });
    const expires = new Date(`${info.body.data.expireAt.replace(' ', 'T')}+08:00`).getTime();
    expect(expires - placed).toBeLessThanOrEqual(TEMP_ORDER_VALID_MINUTES * 60_000);
    expect(expires - placed).toBeGreaterThan(5 * 60_000);
    // tapped again at once: the same order
    expect((await t.post<Order>(ORDER, { lot: token, plate })).body.data.outTradeNo).toBe(o.body.data.outTradeNo);
    // three minutes later its pay link has little time left: a new order, priced now
    await t.db.execute(
      sql`update parking_temp_orders set created_at = created_at - interval '3 minutes' where out_trade_no = ${o.body.data.outTradeNo}`,
    );
    const again = await t.post<Order>(ORDER, { lot: token, plate });
    expect(again.body.code, again.body.msg).toBe(0);
    expect(again.body.data.outTradeNo).not.toBe(o.body.data.outTradeNo);
  });

  it("refuses a forged notification and leaves another company's orders alone", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/xapi/Web/NoLoginApi/ParkingPay/notify/${ids.tenantA}`,
      payload: JSON.stringify({ out_trade_no: 'X', trade_state: 'SUCCESS', amount: { total: 1 } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (
        await t.one<{ n: number }>(
          sql`select count(*)::int as n from parking_temp_orders where tenant_id <> ${ids.tenantA}`,
        )
      ).n,
    ).toBe(0);
  });
});
