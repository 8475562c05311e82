import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';
import {
  PaymentSignatureError,
  type CreateOrderInput,
  type PaymentProvider,
  type PayResult,
} from '../../payment/provider.ts';
import { usePaymentProvider } from '../../payment/resolve.ts';

/** A tiny provider: notifications are JSON PayResults, genuine when header x-sig is 'good'. */
const created: CreateOrderInput[] = [];
const queried = new Map<string, PayResult>();
const fake: PaymentProvider = {
  kind: 'sandbox',
  createOrder: async (input) => {
    created.push(input);
    return input.channel === 'native'
      ? { codeUrl: `https://sandbox.test/pay/${input.outTradeNo}` }
      : {
          prepayId: 'wx1',
          jsapi: {
            appId: 'wxsandbox',
            timeStamp: '1700000000',
            nonceStr: 'n',
            package: 'prepay_id=wx1',
            signType: 'RSA',
            paySign: `sig-${input.openid}`,
          },
        };
  },
  queryOrder: async (no) => queried.get(no) ?? null,
  parseNotification: async ({ headers, body }) => {
    if (headers['x-sig'] !== 'good') throw new PaymentSignatureError();
    const r = JSON.parse(body) as PayResult & { paidAt: string };
    return { ...r, paidAt: new Date(r.paidAt) };
  },
};

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  // this app's provider: another app in the process keeps its own
  usePaymentProvider(t.registry, async () => fake);
});
afterAll(async () => {
  await t.close();
});

const R = '/Web/Renewal';
type Online = { orderId: number; outTradeNo: string; codeUrl: string; amount: string; payToken: string };

let item = 0;
/** a fresh ¥12.34 line on the n-th house of 阳光花园 */
const freshBill = async (n: number, period: string) => {
  if (!item) {
    const r = await t.post<{ id: number }>(
      `${R}/FeeItem/add`,
      {
        row: {
          village_id: ids.sunshine.id,
          name: '测试在线',
          category: '6',
          calc_mode: '2',
          period_type: '1',
          cycle_months: 1,
          unit_price: '12.34',
          start_date: '2020-01-01',
        },
      },
      property,
    );
    item = r.body.data.id;
  }
  const house = (
    await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${ids.sunshine.id} order by id offset ${n} limit 1`,
    )
  ).id;
  await t.post(
    `${R}/RenewalList/generate`,
    { data: { house_ids: [house], fee_item_ids: [item], period_start: period, months: 1 } },
    property,
  );
  return (
    await t.one<{ id: number }>(
      sql`select id from bills where house_id = ${house} and fee_item_id = ${item} and period_start = ${`${period}-01`}::date`,
    )
  ).id;
};
const online = async (billId: number) => {
  const r = await t.post<Online>(`${R}/RenewalList/charge`, { data: { ids: [billId], type: 0 } }, property);
  expect(r.body.code).toBe(0);
  return r.body.data;
};
const notify = (tenantId: number, result: Partial<PayResult> & { outTradeNo: string }, sig = 'good') =>
  t.app.inject({
    method: 'POST',
    url: `/xapi/Web/NoLoginApi/OnlinePay/notify/${tenantId}`,
    headers: { 'content-type': 'application/json', 'x-sig': sig },
    payload: JSON.stringify({
      transactionId: 'T1',
      state: 'SUCCESS',
      amountFen: 1234,
      paidAt: new Date().toISOString(),
      ...result,
    }),
  });

describe('线上收款', () => {
  it('creates a pay order through the provider and settles it once however often the notification arrives', async () => {
    const bill = await freshBill(0, '2033-01');
    const o = await online(bill);
    expect(o).toMatchObject({ amount: '12.34', codeUrl: `https://sandbox.test/pay/${o.outTradeNo}` });
    expect(created.at(-1)).toMatchObject({ channel: 'native', amountFen: 1234 });
    expect(created.at(-1)!.notifyUrl).toMatch(
      new RegExp(`^http://[^/]+/xapi/Web/NoLoginApi/OnlinePay/notify/${ids.tenantA}$`),
    );
    expect(
      (await t.post<{ state: string }>(`${R}/RenewalList/orderState`, { orderId: o.orderId }, property)).body.data
        .state,
    ).toBe('NOTPAY');

    for (let i = 0; i < 100; i++) {
      const res = await notify(ids.tenantA, { outTradeNo: o.outTradeNo, transactionId: 'T-100' });
      expect([res.statusCode, res.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);
    }
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from payments where pay_order_id = ${o.orderId}`)).n,
    ).toBe(1);
    expect(await t.one(sql`select status, paid_amount, pay_method from bills where id = ${bill}`)).toEqual({
      status: 2,
      paid_amount: 1234,
      pay_method: 4,
    });
    // settled once, so written to the audit trail once, as the provider's
    expect(
      await t.rows(sql`select l.user_name, l.after from audit_logs l join payments p on p.id = l.record_id
        where l.action = 'pay' and p.pay_order_id = ${o.orderId}`),
    ).toEqual([{ user_name: '在线支付', after: { bill_ids: [bill], amount: '12.34', pay_method: 4 } }]);
    expect(
      (await t.post<{ state: string; paid: boolean }>(`${R}/RenewalList/orderState`, { orderId: o.orderId }, property))
        .body.data,
    ).toMatchObject({ state: 'SUCCESS', paid: true });
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from refund_due where out_trade_no = ${o.outTradeNo}`))
        .n,
    ).toBe(0);
    expect((await t.post(`${R}/RenewalList/orderState`, { orderId: o.orderId }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });

  it('records a wrong amount as refund due and settles nothing', async () => {
    const bill = await freshBill(1, '2033-01');
    const o = await online(bill);
    for (let i = 0; i < 3; i++)
      expect(
        (await notify(ids.tenantA, { outTradeNo: o.outTradeNo, transactionId: 'T-AMT', amountFen: 1 })).statusCode,
      ).toBe(200);
    expect(
      await t.rows(sql`select amount, transaction_id from refund_due where out_trade_no = ${o.outTradeNo}`),
    ).toEqual([{ amount: 1, transaction_id: 'T-AMT' }]);
    expect((await t.one<{ status: number }>(sql`select status from bills where id = ${bill}`)).status).toBe(1);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from payments where pay_order_id = ${o.orderId}`)).n,
    ).toBe(0);
  });

  it('answers a forged notification with 401 and changes nothing', async () => {
    const bill = await freshBill(2, '2033-01');
    const o = await online(bill);
    const res = await notify(ids.tenantA, { outTradeNo: o.outTradeNo }, 'forged');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'FAIL', message: '支付通知签名验证失败' });
    expect((await t.one<{ state: string }>(sql`select state from pay_orders where id = ${o.orderId}`)).state).toBe(
      'NOTPAY',
    );
    expect((await t.one<{ status: number }>(sql`select status from bills where id = ${bill}`)).status).toBe(1);
  });

  it('turns a late payment for a bill paid on site meanwhile into refund due', async () => {
    const bill = await freshBill(3, '2033-01');
    const o = await online(bill);
    expect(
      (
        await t.post(
          `${R}/RenewalList/charge`,
          { data: { ids: [bill], type: 1, payway: 2, orderNum: 'XJ-1' } },
          property,
        )
      ).body.code,
    ).toBe(0);
    // the desk's collection is in the audit trail: who took how much for which bills
    const [paid] = await t.rows<{ user_name: string; after: Record<string, unknown> }>(
      sql`select l.user_name, l.after from audit_logs l join payments p on p.id = l.record_id
          where l.action = 'pay' and ${bill} = any(p.bill_ids)`,
    );
    expect(paid).toEqual({ user_name: 'property', after: { bill_ids: [bill], amount: '12.34', pay_method: 2 } });
    expect((await notify(ids.tenantA, { outTradeNo: o.outTradeNo, transactionId: 'T-LATE' })).statusCode).toBe(200);
    expect(await t.one(sql`select amount, reason from refund_due where out_trade_no = ${o.outTradeNo}`)).toEqual({
      amount: 1234,
      reason: '账单已缴费（线下或其他订单已收款），本次支付需退款',
    });
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from payments where ${bill} = any(bill_ids)`)).n,
    ).toBe(1);
  });

  it('settles through polling when the notification is late', async () => {
    const bill = await freshBill(4, '2033-01');
    const o = await online(bill);
    queried.set(o.outTradeNo, {
      outTradeNo: o.outTradeNo,
      transactionId: 'T-Q',
      state: 'SUCCESS',
      amountFen: 1234,
      paidAt: new Date(),
    });
    expect(
      (await t.post<{ state: string }>(`${R}/RenewalList/orderState`, { orderId: o.orderId }, property)).body.data
        .state,
    ).toBe('SUCCESS');
    expect((await t.one<{ status: number }>(sql`select status from bills where id = ${bill}`)).status).toBe(2);
  });

  it('serves the public pay pages by signed token only', async () => {
    const bill = await freshBill(5, '2033-01');
    const o = await online(bill);
    const cfg = await t.post<{ totalFee: string; href: string; tradeno: string; time: string }>(
      '/Web/NoLoginApi/OnlinePay/payConfig',
      { id: o.payToken },
    );
    expect(cfg.body.data).toMatchObject({ totalFee: '12.34', href: o.codeUrl, tradeno: o.outTradeNo });
    expect(
      (await t.post<{ state: string }>('/Web/NoLoginApi/OnlinePay/payConfig', { paidid: o.payToken })).body.data.state,
    ).toBe('confirming');
    expect((await t.post('/Web/NoLoginApi/OnlinePay/payConfig', { id: String(o.orderId) })).body.msg).toBe(
      '支付链接无效或已过期',
    );
    expect(
      (
        await t.post('/Web/NoLoginApi/OnlinePay/payConfig', {
          id: o.payToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        })
      ).body.msg,
    ).toBe('支付链接无效或已过期');
    const info = await t.post<Record<string, unknown>>('/Web/NoLoginApi/OnlinePay/billInfo', { billInfo: o.payToken });
    expect(info.body.data).toMatchObject({
      villageName: '阳光花园',
      totalNum: 1,
      period: '2033-01',
      TaxAmount: '12.34',
    });
    const jsapi = await t.post<Record<string, string>>('/H5/Pay/OnlinePay/webPay', {
      code: 'abc',
      payInfoId: o.payToken,
    });
    expect(jsapi.body.data).toMatchObject({ appId: 'wxsandbox', package: 'prepay_id=wx1', paySign: 'sig-sandbox-abc' });
    expect(created.at(-1)).toMatchObject({ channel: 'jsapi', openid: 'sandbox-abc', amountFen: 1234 });
    await notify(ids.tenantA, { outTradeNo: o.outTradeNo, transactionId: 'T-P' });
    expect(
      (await t.post<{ state: string }>('/Web/NoLoginApi/OnlinePay/payConfig', { paidid: o.payToken })).body.data.state,
    ).toBe('success');
  });
});
