import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { unpaidFixedBill } from './testing.ts';

/** The real sandbox provider end to end: order → QR → payer page → signed notification → paid. */
let { t, property, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, ids } = await openDemo()));
afterAll(() => t.close());

const R = '/Web/Renewal';

const freshBill = async (name = '沙箱测试费') =>
  (await unpaidFixedBill({ t, property, ids }, { name, price: '88.80', period: '2030-01' })).bill;

describe('sandbox payment flow', () => {
  it('pays a bill through the sandbox: QR, payer page, notification, paid once', async () => {
    const bill = await freshBill();
    const order = (
      await t.post<{ orderId: number; codeUrl: string; amount: string }>(
        `${R}/RenewalList/charge`,
        { data: { ids: [bill], type: 0 } },
        property,
      )
    ).body.data;
    expect(order.amount).toBe('88.80');
    expect(order.codeUrl).toMatch(/\/sandbox_pay\?token=/);
    const token = decodeURIComponent(order.codeUrl.split('token=')[1]!);

    const info = (await t.post<{ amount: string; expired: boolean }>('/Web/NoLoginApi/Sandbox/order', { token })).body
      .data;
    expect(info).toMatchObject({ amount: '88.80', expired: false });
    expect(
      (await t.post<{ state: string }>(`${R}/RenewalList/orderState`, { orderId: order.orderId }, property)).body.data
        .state,
    ).toBe('NOTPAY');

    const paid = await t.post<{ state: string }>('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' });
    expect(paid.body).toMatchObject({ code: 0, msg: '支付成功', data: { state: 'SUCCESS' } });
    expect(
      (await t.post<{ state: string }>(`${R}/RenewalList/orderState`, { orderId: order.orderId }, property)).body.data
        .state,
    ).toBe('SUCCESS');
    expect((await t.one<{ status: number }>(sql`select status from bills where id = ${bill}`)).status).not.toBe(0);

    // the payer's second scan (a duplicate notification) settles nothing more
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' });
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from payments where pay_order_id = ${order.orderId}`))
        .n,
    ).toBe(1);
  });

  it('answers a replayed success with the first transaction and writes nothing', async () => {
    const bill = await freshBill('沙箱重放测试费');
    const order = (
      await t.post<{ orderId: number; codeUrl: string; outTradeNo: string }>(
        `${R}/RenewalList/charge`,
        { data: { ids: [bill], type: 0 } },
        property,
      )
    ).body.data;
    const token = decodeURIComponent(order.codeUrl.split('token=')[1]!);
    const first = await t.post<{ state: string; transactionId: string }>('/Web/NoLoginApi/Sandbox/pay', {
      token,
      result: 'success',
    });
    expect(first.body.code, first.body.msg).toBe(0);
    const written = async () =>
      t.one<{ payments: number; refunds: number; txn: string }>(
        sql`select (select count(*)::int from payments where pay_order_id = ${order.orderId}) as payments,
                   (select count(*)::int from refund_due where out_trade_no = ${order.outTradeNo}) as refunds,
                   (select transaction_id from pay_orders where id = ${order.orderId}) as txn`,
      );
    const before = await written();
    expect(before).toMatchObject({ payments: 1, refunds: 0 });
    expect(first.body.data.transactionId).toBe(before.txn);

    for (let i = 0; i < 2; i++) {
      const again = await t.post<{ state: string; transactionId: string }>('/Web/NoLoginApi/Sandbox/pay', {
        token,
        result: 'success',
      });
      expect(again.body).toMatchObject({ code: 0, data: { state: 'SUCCESS', transactionId: before.txn } });
    }
    expect(await written()).toEqual(before);
  });

  it('refuses a forged payer token', async () => {
    const res = await t.post('/Web/NoLoginApi/Sandbox/pay', { token: 'eyJvIjoiWCJ9.forged', result: 'success' });
    expect(res.body.msg).toBe('支付链接无效或已失效');
  });
});
