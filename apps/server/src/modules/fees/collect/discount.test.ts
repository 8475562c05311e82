import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { type DemoApp, loginWithRole, openDemo } from '../../estate/testing.ts';
import { unpaidFixedBill } from './testing.ts';

/** 收款折扣: a percent above 0 and at most 100, and not below the company's 收款最低折扣 without approval. */
let { t, property, ids } = {} as DemoApp;
let collector = '';
beforeAll(async () => {
  ({ t, property, ids } = await openDemo());
  // collects in 欠费催缴 but may not edit bills (RenewalList:edit), so may not approve a deeper discount
  collector = (
    await loginWithRole(t, 'discountcollector', { pages: ['Unpaid'], buttons: ['Unpaid:charge'], villages: null })
  ).token;
});
afterAll(() => t.close());

const R = '/Web/Renewal';
type Charged = { amount: string; discount: string; total: string };
const charge = (data: Record<string, unknown>, token: string) =>
  t.post<Charged>(`${R}/RenewalList/charge`, { data }, token);
let n = 0;
const bill900 = async () =>
  (await unpaidFixedBill({ t, property, ids }, { name: `折扣测试费${++n}`, price: '900.00', period: '2034-01' })).bill;
const written = async (bill: number) =>
  t.one<{ status: number; payments: number; orders: number }>(
    sql`select (select status from bills where id = ${bill}) as status,
               (select count(*)::int from payments where ${bill} = any(bill_ids)) as payments,
               (select count(*)::int from pay_orders where ${bill} = any(bill_ids)) as orders`,
  );
const onSite = (bill: number, discount: unknown) => ({ ids: [bill], type: 1, payway: 2, orderNum: 'ZK-1', discount });
const online = (bill: number, discount: unknown) => ({ ids: [bill], type: 0, discount });
const RANGE = '折扣应为大于0且不超过100的数字（百分比），最多两位小数';

describe('收款折扣', () => {
  it('refuses a discount out of range, on site and online, naming the field and writing nothing', async () => {
    const bill = await bill900();
    for (const discount of [0, '0', -10, '-10', 101, 'abc', 12.345, ' '])
      for (const data of [onSite(bill, discount), online(bill, discount)]) {
        const res = await charge(data, property);
        expect([discount, res.body]).toEqual([
          discount,
          { code: Code.validation, msg: RANGE, data: { field: 'discount' } },
        ]);
      }
    expect(await written(bill)).toEqual({ status: 1, payments: 0, orders: 0 });
  });

  it('collects a valid discount', async () => {
    const bill = await bill900();
    const res = await charge(onSite(bill, 90), collector);
    expect(res.body).toMatchObject({ code: 0, data: { total: '900.00', discount: '90.00', amount: '810.00' } });
    expect(await written(bill)).toEqual({ status: 2, payments: 1, orders: 0 });
  });

  it('refuses a collector a discount below the company minimum (default 50 %), not the approver', async () => {
    const bill = await bill900();
    for (const discount of [0.01, 11, 49.99])
      for (const data of [onSite(bill, discount), online(bill, discount)])
        expect((await charge(data, collector)).body).toEqual({
          code: Code.validation,
          msg: '折扣不能低于收款最低折扣50.00%，更低的折扣需由有账单编辑权限的人员收款',
          data: { field: 'discount' },
        });
    expect(await written(bill)).toEqual({ status: 1, payments: 0, orders: 0 });
    // whoever may edit the bills approves it himself
    expect((await charge(onSite(bill, 11), property)).body).toMatchObject({ code: 0, data: { amount: '99.00' } });
  });

  it('enforces the minimum the company sets in 物业信息 · 服务设置', async () => {
    const save = (v: unknown) =>
      t.post(
        '/Web/Setting/TenantInfo/save',
        { formType: 'service', service_phone: '0571-88886666', collect_min_discount: v },
        property,
      );
    expect((await save(101)).body).toMatchObject({ code: Code.validation, msg: '收款最低折扣(%)不能大于100' });
    expect((await save(10)).body.code).toBe(0);
    const form = await t.post<{ tabs: { initForm: Record<string, unknown> }[] }>(
      '/Web/Setting/TenantInfo/index',
      {},
      property,
    );
    expect(form.body.data.tabs[1]!.initForm).toMatchObject({ collect_min_discount: 10 });

    const bill = await bill900();
    expect((await charge(onSite(bill, 9.99), collector)).body).toMatchObject({
      code: Code.validation,
      msg: '折扣不能低于收款最低折扣10.00%，更低的折扣需由有账单编辑权限的人员收款',
    });
    expect((await charge(onSite(bill, 11), collector)).body).toMatchObject({ code: 0, data: { amount: '99.00' } });

    // 0: no minimum
    expect((await save(0)).body.code).toBe(0);
    const other = await bill900();
    expect((await charge(onSite(other, 0.01), collector)).body).toMatchObject({ code: 0, data: { amount: '0.09' } });
  });
});
