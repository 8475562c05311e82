import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { setupApp, type TestApp } from '../../../test/harness.ts';
import { settleServiceOrder } from '../../fees/renewal/renewal.ts';
import { demoIds, type DemoIds } from '../../estate/testing.ts';
import { sandboxSecondTransaction } from '../../payment/testing.ts';

let t: TestApp;
let admin: string, operator: string, property: string, propertyb: string;
let ids: DemoIds;
beforeAll(async () => {
  t = await setupApp();
  [admin, operator, property, propertyb] = await Promise.all([
    t.login('admin'),
    t.login('operator'),
    t.login('property'),
    t.login('propertyb'),
  ]);
  ids = await demoIds(t);
});
afterAll(() => t.close());

const S = '/Web/Renewal/Service';
const R = '/Web/Renewal/RenewalOrder';
type Order = { id: number; out_trade_no: string; tenant_name: string; service_title: string; state: string };
type Reply = { records: Order[]; total: number; havepaidtotal?: string; sharetotal?: string };
const orders = async (token: string, search: Record<string, unknown> = {}) =>
  (await t.post<Reply>(`${R}/list`, { size: 100, ...search }, token)).body.data;
const renew = async (token: string, title: string) => {
  const list = (await t.post<{ list: { id: number; title: string }[] }>(`${S}/index`, {}, token)).body.data.list;
  const svc = list.find((s) => s.title === title)!;
  const o = (
    await t.post<{ orderId: number; outTradeNo: string; codeUrl: string }>(
      `${S}/order`,
      { id: svc.id, radio: 1, payway: 4 },
      token,
    )
  ).body.data;
  const pay = () =>
    t.post('/Web/NoLoginApi/Sandbox/pay', {
      token: decodeURIComponent(o.codeUrl.split('token=')[1]!),
      result: 'success',
    });
  expect((await pay()).body.code).toBe(0);
  return { ...o, pay };
};
const stored = (id: number) =>
  t.one<{ operator_id: number | null; share_amount: string; state: string; transaction_id: string; end_date: string }>(
    sql`select operator_id, share_amount::text, state, transaction_id, end_date::text from service_orders where id = ${id}`,
  );
const operatorOf = async (tenantId: number) =>
  (await t.one<{ id: number }>(sql`select operator_id as id from tenants where id = ${tenantId}`)).id;

describe('续费订单', () => {
  it('settlement stamps the operator and its share once; a replayed notification changes nothing', async () => {
    const op = await operatorOf(ids.tenantA);
    await t.db.execute(sql`update operators set share_percent = 20 where id = ${op}`);
    const o = await renew(property, '短信通知');
    const first = await stored(o.orderId);
    expect(first).toMatchObject({ operator_id: op, share_amount: '10000', state: 'SUCCESS' });

    // the provider sends the same result again after the operator's percentage changed: nothing moves
    await t.db.execute(sql`update operators set share_percent = 50 where id = ${op}`);
    const replay = { outTradeNo: o.outTradeNo, transactionId: first.transaction_id, state: 'SUCCESS' as const };
    expect(await settleServiceOrder(t.db, { ...replay, amountFen: 50000, paidAt: new Date() })).toBe('already');
    expect(await stored(o.orderId)).toEqual(first);

    // the payer pays twice: the second payment is noted for refund and the order shows 待退款
    expect((await sandboxSecondTransaction(t, o.codeUrl)).statusCode).toBe(200);
    expect((await stored(o.orderId)).share_amount).toBe('10000');
    const row = (await orders(operator, { out_trade_no: o.outTradeNo })).records[0]!;
    expect(row).toMatchObject({ tenant_name: '阳光物业服务有限公司', service_title: '短信通知', state: 'REFUND' });
    expect((await orders(operator, { state: 'REFUND' })).records.map((r) => r.id)).toEqual([o.orderId]);
  });

  it('an operator sees its own companies’ orders and their totals; the platform sees all; companies none', async () => {
    const [other] = await t.rows<{ id: number }>(
      sql`insert into operators (name, share_percent) values ('另一运营商', 10) returning id`,
    );
    await t.db.execute(sql`update tenants set operator_id = ${other!.id} where id = ${ids.tenantB}`);
    const b = await renew(propertyb, '短信通知');
    expect(await stored(b.orderId)).toMatchObject({ operator_id: other!.id, share_amount: '5000' });
    const unpaid = await t.post<{ orderId: number }>(
      `${S}/order`,
      {
        id: (await t.one<{ id: number }>(sql`select id from services where code = 'parking'`)).id,
        radio: 1,
        payway: 4,
      },
      property,
    );

    const mine = await orders(operator);
    const names = new Set(mine.records.map((r) => r.tenant_name));
    const namesWithOrders = async (operatorId?: number) =>
      new Set(
        (
          await t.rows<{ name: string }>(
            sql`select distinct t.name from service_orders o join tenants t on t.id = o.tenant_id
              where ${operatorId === undefined ? sql`true` : sql`t.operator_id = ${operatorId}`}`,
          )
        ).map((r) => r.name),
      );
    // the demo operator's companies with orders (阳光 and the demo's others), never 安居 now it has moved
    expect(names).toEqual(await namesWithOrders(await operatorOf(ids.tenantA)));
    expect(names).toContain('阳光物业服务有限公司');
    expect(names).not.toContain('安居物业管理有限公司');
    expect(mine.records.map((r) => r.id)).toContain(unpaid.body.data.orderId);
    const paidA = await t.one<{ amount: string; share: string }>(
      sql`select sum(amount)::text as amount, sum(share_amount)::text as share from service_orders
        where state = 'SUCCESS' and tenant_id = ${ids.tenantA}`,
    );
    expect(mine.havepaidtotal).toBe((Number(paidA.amount) / 100).toFixed(2));
    expect(mine.sharetotal).toBe((Number(paidA.share) / 100).toFixed(2));
    // another operator's order does not exist for this one
    expect((await t.post(`${R}/detail`, { id: b.orderId }, operator)).body.code).toBe(Code.notFound);

    const all = await orders(admin);
    expect(new Set(all.records.map((r) => r.tenant_name))).toEqual(await namesWithOrders());
    expect(all.records.map((r) => r.tenant_name)).toContain('安居物业管理有限公司');
    expect((await orders(admin, { tenant_name: '安居' })).records.map((r) => r.id)).toEqual([b.orderId]);
    expect((await orders(admin, { service_title: '智慧停车', state: 'NOTPAY' })).records.map((r) => r.id)).toEqual([
      unpaid.body.data.orderId,
    ]);

    expect((await t.post(`${R}/list`, {}, property)).body.code).toBe(Code.forbidden);
    // nobody writes orders by hand
    expect((await t.post(`${R}/add`, { row: { years: 1 } }, admin)).body.code).toBe(Code.forbidden);
  });
});
