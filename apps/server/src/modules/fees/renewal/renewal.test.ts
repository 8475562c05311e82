import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { formatDate } from '../../../core/time.ts';
import { type DemoApp, loginWithRole, openDemo } from '../../estate/testing.ts';
import { sandboxSecondTransaction } from '../../payment/testing.ts';

/** 服务续费 through the real sandbox provider: list → order → QR → payer page → notification → extended once. */
let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

const S = '/Web/Renewal/Service';
type Item = { id: number; icon: string; title: string; desc: string; status: number; endtime: string; price: string };
type Order = { orderId: number; outTradeNo: string; codeUrl: string; money: string; years: number };
const list = async (token = property) =>
  (await t.post<{ list: Item[]; canRenew: boolean }>(`${S}/index`, {}, token)).body.data;
const item = async (title: string, token = property) => (await list(token)).list.find((s) => s.title === title)!;
const tokenOf = (codeUrl: string) => decodeURIComponent(codeUrl.split('token=')[1]!);
const payerPays = (codeUrl: string, result: 'success' | 'fail' = 'success') =>
  t.post<{ state: string }>('/Web/NoLoginApi/Sandbox/pay', { token: tokenOf(codeUrl), result });
const plusYears = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);

describe('服务续费', () => {
  it('lists the services with the company’s status, expiry and yearly price', async () => {
    const d = await list();
    expect(d.canRenew).toBe(true);
    expect(d.list.map((s) => s.title)).toEqual([
      '物业管理平台',
      '在线缴费',
      '短信通知',
      '智能门禁',
      '视频监控',
      '智慧停车',
      '电子发票',
    ]);
    const year = Number(formatDate(new Date()).slice(0, 4));
    expect(d.list[0]).toMatchObject({ status: 1, endtime: '2027-12-31', price: '3000.00' });
    expect(d.list[1]).toMatchObject({
      status: 1,
      endtime: `${year + 1}-12-31`,
      price: '1000.00',
      desc: expect.stringContaining('缴纳物业费'),
    });
    expect(d.list[3]).toMatchObject({ title: '智能门禁', status: 1, endtime: `${year + 1}-12-31` });
    expect(d.list[4]).toMatchObject({ title: '视频监控', status: 1, endtime: `${year + 1}-12-31` });
    expect(d.list[6]).toMatchObject({ title: '电子发票', status: 2, endtime: `${year - 1}-06-30` });
    // another company sees its own subscriptions
    const b = await list(propertyb);
    expect(b.list[0]).toMatchObject({ status: 1, endtime: '2027-06-30' });
    expect(b.list.slice(1).every((s) => s.status === 2)).toBe(true);
  });

  it('renews an active service through the sandbox and extends it once, from its expiry', async () => {
    const svc = await item('在线缴费');
    const res = await t.post<Order>(`${S}/order`, { id: svc.id, radio: 2, payway: 4, money: '2000.00' }, property);
    expect(res.body.code).toBe(0);
    const o = res.body.data;
    expect(o).toMatchObject({ money: '2000.00', years: 2 });
    expect(o.codeUrl).toMatch(/\/sandbox_pay\?token=/);
    expect(
      (await t.post<{ amount: string }>('/Web/NoLoginApi/Sandbox/order', { token: tokenOf(o.codeUrl) })).body.data
        .amount,
    ).toBe('2000.00');
    expect(
      (await t.post<{ state: string; paid: boolean }>(`${S}/orderState`, { orderId: o.orderId }, property)).body.data,
    ).toMatchObject({ state: 'NOTPAY', paid: false });

    expect((await payerPays(o.codeUrl)).body).toMatchObject({ code: 0, data: { state: 'SUCCESS' } });
    const expected = plusYears(svc.endtime, 2);
    expect(
      (await t.post<{ state: string; endtime: string }>(`${S}/orderState`, { orderId: o.orderId }, property)).body.data,
    ).toMatchObject({ state: 'SUCCESS', paid: true, endtime: expected });
    expect(await item('在线缴费')).toMatchObject({ status: 1, endtime: expected });

    // the payer's second scan is the same transaction: nothing is noted
    expect((await payerPays(o.codeUrl)).body).toMatchObject({ code: 0, data: { state: 'SUCCESS' } });
    expect(
      (await t.one<{ remark: string }>(sql`select remark from service_orders where id = ${o.orderId}`)).remark,
    ).toBe('');
    // a second transaction is noted for refund, the service is not extended again
    expect((await sandboxSecondTransaction(t, o.codeUrl, 'SBX-second-renewal')).statusCode).toBe(200);
    expect((await item('在线缴费')).endtime).toBe(expected);
    expect(
      (await t.one<{ remark: string }>(sql`select remark from service_orders where id = ${o.orderId}`)).remark,
    ).toBe('重复支付¥2000.00（SBX-second-renewal）需退款');
  });

  it('activates a lapsed or never taken service from today', async () => {
    const today = formatDate(new Date());
    // company A let e-invoicing lapse; company B never took access control
    for (const [title, token] of [
      ['电子发票', property],
      ['智能门禁', propertyb],
    ] as const) {
      const svc = await item(title, token);
      const o = (await t.post<Order>(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, token)).body.data;
      await payerPays(o.codeUrl);
      expect(await item(title, token)).toMatchObject({ status: 1, endtime: dayBefore(plusYears(today, 1)) });
    }
  });

  it('renews the platform subscription itself (the company’s service expiry)', async () => {
    const svc = await item('物业管理平台');
    const o = (await t.post<Order>(`${S}/order`, { id: svc.id, radio: 1, payway: 4, money: 3000 }, property)).body.data;
    await payerPays(o.codeUrl);
    expect(
      (await t.one<{ service_expire: string }>(sql`select service_expire::text from tenants where id = ${ids.tenantA}`))
        .service_expire,
    ).toBe('2028-12-31');
    expect((await item('物业管理平台')).endtime).toBe('2028-12-31');
    // company B is untouched
    expect((await item('物业管理平台', propertyb)).endtime).toBe('2027-06-30');
  });

  it('leaves the service as it was when the payer fails', async () => {
    const svc = await item('智慧停车', propertyb);
    const o = (await t.post<Order>(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, propertyb)).body.data;
    expect((await payerPays(o.codeUrl, 'fail')).body.data.state).toBe('PAYERROR');
    expect(
      (await t.post<{ state: string }>(`${S}/orderState`, { orderId: o.orderId }, propertyb)).body.data.state,
    ).toBe('PAYERROR');
    expect(await item('智慧停车', propertyb)).toMatchObject({ status: 2, endtime: '' });
  });

  it('validates the order form with Chinese messages naming the field', async () => {
    const svc = await item('短信通知');
    const count = async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from service_orders`)).n;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ radio: 1, payway: 4 }, 'id', '请选择服务'],
      [{ id: svc.id, payway: 4 }, 'radio', '请选择续费时长'],
      [{ id: svc.id, radio: 3, payway: 4 }, 'radio', '续费时长只能是1年或2年'],
      [{ id: svc.id, radio: 1 }, 'payway', '请选择支付方式'],
      [{ id: svc.id, radio: 1, payway: 2 }, 'payway', '请选择支付方式（仅支持微信支付）'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await t.post(`${S}/order`, body, property);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: Code.validation, msg, data: { field } });
    }
    expect((await t.post(`${S}/order`, { id: svc.id, radio: 1, payway: 4, money: '1.00' }, property)).body.msg).toBe(
      '服务价格已变更，请刷新页面后重试',
    );
    expect((await t.post(`${S}/order`, { id: 999999, radio: 1, payway: 4 }, property)).body).toMatchObject({
      code: Code.notFound,
      msg: '服务不存在',
    });
    expect(await count()).toBe(before);
  });

  it('keeps orders to their company and the page to whom it is granted', async () => {
    const svc = await item('短信通知');
    const o = (await t.post<Order>(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, property)).body.data;
    expect((await t.post(`${S}/orderState`, { orderId: o.orderId }, propertyb)).body.code).toBe(Code.notFound);
    // the repair and patrol staff have no renewal page
    expect((await t.post(`${S}/index`, {}, staff)).body.code).toBe(Code.forbidden);
    expect((await t.post(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, staff)).body.code).toBe(Code.forbidden);
    // the page without its 续费 button: the list, no ordering
    const viewer = await loginWithRole(t, 'renewviewer', { pages: ['RenewalService'], villages: null });
    expect((await list(viewer.token)).canRenew).toBe(false);
    expect((await t.post(`${S}/order`, { id: svc.id, radio: 1, payway: 4 }, viewer.token)).body.code).toBe(
      Code.forbidden,
    );
  });

  it('refuses a forged renewal notification', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/xapi/Web/NoLoginApi/ServicePay/notify',
      headers: { 'content-type': 'application/json' },
      payload: '{"out_trade_no":"R1","trade_state":"SUCCESS"}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'FAIL', message: '支付通知签名验证失败' });
  });
});
