import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';
import { lineAmount } from '../format.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

const R = '/Web/Renewal';

/** a fee item of its own in 阳光花园, so the demo bills do not interfere */
const addItem = async (row: Record<string, unknown>) => {
  const res = await t.post<{ id: number }>(
    `${R}/FeeItem/add`,
    {
      row: {
        village_id: ids.sunshine.id,
        category: '1',
        calc_mode: '1',
        period_type: '1',
        cycle_months: 1,
        start_date: '2020-01-01',
        ...row,
      },
    },
    property,
  );
  expect(res.body.msg).toBe('保存成功!');
  return res.body.data.id;
};
const houseOf = async (offset: number) =>
  (
    await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${ids.sunshine.id} order by id offset ${offset} limit 1`,
    )
  ).id;
const generate = (data: unknown, token = property) =>
  t.post<{ inserted: number; houses: number; msg: string }>(`${R}/RenewalList/generate`, { data }, token);
const billsOf = (itemId: number) =>
  t.rows<{ id: number; house_id: number; amount: number; formula: string; status: number }>(
    sql`select id, house_id, amount, formula, status from bills where fee_item_id = ${itemId} order by id`,
  );

describe('收费项目与账单生成', () => {
  it('shows the bill list with its domain buttons to whom may use them', async () => {
    const c = (await t.post<ScreenConfig>(`${R}/RenewalList/listConfig`, {}, property)).body.data;
    expect(c.toolbar.map((b) => (b.type === 'dialog' ? b.title : b.type))).toEqual([
      '打印收据',
      '收据设置',
      'generateBill',
      'charge',
      'billDisplay',
      'export',
      'batchDelete',
    ]);
    expect(c.totals).toEqual(['unpaidtotal']);
    expect(c.fields.map((f) => f.prop)).toEqual(
      expect.arrayContaining(
        [
          'id',
          'explains',
          'owner_name',
          'unit',
          'village_id',
          'building_name',
          'unit_name',
          'name',
          'include_tex',
          'expiration_date',
          'is_signed',
        ].filter((p) => p !== 'id'),
      ),
    );
    const paid = (await t.post<ScreenConfig>(`${R}/PaidOrder/listConfig`, {}, property)).body.data;
    expect(paid.toolbar.map((b) => b.type)).toContain('billSign');
    expect((await t.post(`${R}/RenewalList/listConfig`, {}, staff)).body.code).toBe(Code.forbidden);
  });

  it('computes every line in integer fen, rounds half away from zero once, and shows the formula', async () => {
    const [h1, h2, h3] = [await houseOf(0), await houseOf(1), await houseOf(2)];
    await t.db.execute(
      sql`update houses set area = case id when ${h1} then 120.00 when ${h2} then 10.10 else 33.33 end where id in (${h1}, ${h2}, ${h3})`,
    );
    const area = await addItem({ name: '测试物业费', unit_price: '2.50' });
    const r = await generate({ house_ids: [h1], fee_item_ids: [area], period_start: '2030-01', months: 3 });
    expect(r.body.data).toMatchObject({ inserted: 1, houses: 1 });
    expect((await billsOf(area))[0]).toMatchObject({ amount: 90000, formula: '120.00 m² × ¥2.50 × 3 月 = ¥900.00' });

    // 10.10 m² × ¥0.05 = 50.5 fen → 51; 33.33 m² × ¥0.05 = 166.65 fen → 167
    const tiny = await addItem({ name: '测试舍入', unit_price: '0.05' });
    await generate({ house_ids: [h2, h3], fee_item_ids: [tiny], period_start: '2030-01', months: 1 });
    // one INSERT … SELECT: PostgreSQL may write the two lines in either order
    const lines = (await billsOf(tiny)).sort((a, b) => a.amount - b.amount);
    expect(lines.map((l) => [l.amount, l.formula])).toEqual([
      [51, '10.10 m² × ¥0.05 = ¥0.51'],
      [167, '33.33 m² × ¥0.05 = ¥1.67'],
    ]);
    expect([lineAmount(1010, 5, 1), lineAmount(3333, 5, 1), lineAmount(12000, 250, 3)]).toEqual([51, 167, 90000]);

    const fixed = await addItem({ name: '测试清运费', calc_mode: '2', unit_price: '15', category: '6' });
    await generate({ house_ids: [h1], fee_item_ids: [fixed], period_start: '2030-01', months: 3 });
    expect((await billsOf(fixed))[0]).toMatchObject({ amount: 4500, formula: '¥15.00 × 3 月 = ¥45.00' });

    const meter = await addItem({
      name: '测试水费',
      calc_mode: '3',
      unit_price: '3.20',
      unit_label: 'm³',
      category: '3',
    });
    const added = await t.post(
      `${R}/MeterReading/add`,
      { row: { house_id: h1, fee_item_id: meter, month: '2030-01', prev_reading: '100', curr_reading: '112.5' } },
      property,
    );
    expect(added.body.msg).toBe('保存成功!');
    await generate({ house_ids: [h1, h2], fee_item_ids: [meter], period_start: '2030-01', months: 1 });
    // h2 has no reading: no line
    expect((await billsOf(meter)).map((b) => [b.house_id, b.formula])).toEqual([[h1, '12.50 m³ × ¥3.20 = ¥40.00']]);
  });

  it('names its scope before running, keeps to the chosen village and its items', async () => {
    const item = await addItem({ name: '测试范围', calc_mode: '2', unit_price: '10' });
    const n = (
      await t.one<{ n: number }>(sql`select count(*)::int as n from houses where village_id = ${ids.sunshine.id}`)
    ).n;
    const body = { search: {}, fee_item_ids: [item], period_start: '2033-01', months: 1 };
    const preview = await generate({ ...body, village_id: ids.sunshine.id, preview: true });
    expect(preview.body.data).toMatchObject({
      houses: n,
      items: 1,
      village: '阳光花园',
      itemNames: ['测试范围'],
      inserted: 0,
      msg: `将为阳光花园的${n}户房屋生成：测试范围`,
    });
    expect(await billsOf(item)).toEqual([]);
    expect((await generate({ ...body, village_id: ids.jade.id, preview: true })).body).toMatchObject({
      code: Code.validation,
      msg: '收费项目不属于所选小区',
    });
    // a house of the selection outside the village is left out
    const other = (await t.one<{ id: number }>(sql`select id from houses where village_id = ${ids.jade.id} limit 1`))
      .id;
    const done = await generate({
      ...body,
      search: undefined,
      house_ids: [await houseOf(5), other],
      village_id: ids.sunshine.id,
    });
    expect(done.body.data).toMatchObject({ houses: 1, inserted: 1, existed: 0 });
  });

  it('is idempotent per house, item and period, and refuses an empty house set', async () => {
    const item = await addItem({ name: '测试幂等', calc_mode: '2', unit_price: '10' });
    const first = await generate({
      search: { building_name: '1幢' },
      fee_item_ids: [item],
      period_start: '2031-01',
      months: 1,
    });
    const n = (
      await t.one<{ n: number }>(
        sql`select count(*)::int as n from houses h join buildings b on b.id = h.building_id where b.name = '1幢' and h.tenant_id = ${ids.tenantA}`,
      )
    ).n;
    expect(first.body.data).toMatchObject({ inserted: n, houses: n });
    const again = await generate({
      search: { building_name: '1幢' },
      fee_item_ids: [item],
      period_start: '2031-01',
      months: 1,
    });
    expect(again.body.data).toMatchObject({ inserted: 0, existed: n, msg: `没有新增账单：所选周期已有${n}条账单` });
    // a period overlapping an existing line adds nothing either
    expect(
      (await generate({ search: { building_name: '1幢' }, fee_item_ids: [item], period_start: '2030-12', months: 2 }))
        .body.data.inserted,
    ).toBe(0);

    expect(
      (await generate({ search: { name: '不存在的房号' }, fee_item_ids: [item], period_start: '2031-01' })).body,
    ).toMatchObject({ code: Code.fail, msg: '没有符合条件的房屋，无法生成账单' });
    const foreign = (await t.one<{ id: number }>(sql`select id from houses where tenant_id = ${ids.tenantB} limit 1`))
      .id;
    expect((await generate({ house_ids: [foreign], fee_item_ids: [item], period_start: '2031-01' })).body.msg).toBe(
      '没有符合条件的房屋，无法生成账单',
    );
    expect((await generate({ house_ids: [], fee_item_ids: [item], period_start: '2031-01' })).body.msg).toBe(
      '没有符合条件的房屋，无法生成账单',
    );
    expect((await generate({ house_ids: [foreign], fee_item_ids: [], period_start: '2031-01' })).body.msg).toBe(
      '请选择收费项目',
    );
    expect((await generate({ search: {}, fee_item_ids: [item], period_start: '2031-1' })).body.msg).toBe(
      '开始月份格式应为YYYY-MM',
    );
    expect((await generate({ search: {}, fee_item_ids: [item], period_start: '2031-01' }, propertyb)).body.msg).toBe(
      '收费项目不存在',
    );
    expect((await generate({ search: {}, fee_item_ids: [item], period_start: '2031-01' }, staff)).body.code).toBe(
      Code.forbidden,
    );
  });
});

describe('收款', () => {
  const charge = (data: unknown, token = property) =>
    t.post<{ paymentId: number; amount: string; total: string; discount: string; orderNum: string }>(
      `${R}/RenewalList/charge`,
      { data },
      token,
    );
  let lines: { id: number; amount: number }[] = [];
  beforeAll(async () => {
    const item = await addItem({ name: '测试收款', calc_mode: '2', unit_price: '0.51' });
    await generate({
      house_ids: [await houseOf(5), await houseOf(6)],
      fee_item_ids: [item],
      period_start: '2032-01',
      months: 1,
    });
    lines = await billsOf(item);
  });

  it('asks for the payment method and the receipt number on site, and refuses a foreign bill', async () => {
    const id = lines[0]!.id;
    expect((await charge({ ids: [id], type: 1, orderNum: 'A1' })).body).toMatchObject({
      code: Code.validation,
      msg: '选择支付方式',
    });
    // a card payment's reference is typed; cash has none (the server makes it)
    expect((await charge({ ids: [id], type: 1, payway: 1 })).body).toMatchObject({
      code: Code.validation,
      msg: '输入订单编号',
    });
    expect((await charge({ ids: [], type: 1, payway: 2, orderNum: 'A1' })).body.msg).toBe('您还未选择数据');
    expect((await charge({ ids: [id], type: 1, payway: 2, orderNum: 'A1', discount: 120 })).body.code).toBe(
      Code.validation,
    );
    expect((await charge({ ids: [id], type: 1, payway: 2, orderNum: 'A1' }, propertyb)).body.code).toBe(Code.notFound);
    expect((await charge({ ids: [lines[0]!.id, lines[1]!.id], type: 1, payway: 2, orderNum: 'A1' })).body.msg).toBe(
      '一次只能收取同一房屋的账单',
    );
  });

  it('makes the 订单编号 of a cash collection from the date and the payment', async () => {
    const item = await addItem({ name: '测试现金', calc_mode: '2', unit_price: '1.00' });
    await generate({ house_ids: [await houseOf(5)], fee_item_ids: [item], period_start: '2032-01', months: 1 });
    const [line] = await billsOf(item);
    const r = await charge({ ids: [line!.id], type: 1, payway: 2, orderNum: '' });
    expect(r.body).toMatchObject({ code: 0, data: { orderNum: expect.stringMatching(/^XJ\d{8}\d{6,}$/) } });
    expect(await t.one(sql`select order_num from payments where id = ${r.body.data.paymentId}`)).toEqual({
      order_num: r.body.data.orderNum,
    });
  });

  it('rounds the discounted total to the fen, records one payment and never collects a paid bill twice', async () => {
    const [a, b] = lines;
    // 51 fen × 50 % = 25.5 → 26 fen
    const r = await charge({ ids: [a!.id], type: 1, payway: 2, orderNum: 'SJ-001', discount: 50 });
    expect(r.body).toMatchObject({
      code: 0,
      msg: '收款成功',
      data: { total: '0.51', discount: '50.00', amount: '0.26' },
    });
    expect(await t.one(sql`select status, paid_amount, pay_method from bills where id = ${a!.id}`)).toEqual({
      status: 2,
      paid_amount: 26,
      pay_method: 2,
    });
    expect(
      await t.one(sql`select amount, total, order_num, channel from payments where id = ${r.body.data.paymentId}`),
    ).toEqual({ amount: 26, total: 51, order_num: 'SJ-001', channel: 'onsite' });
    const again = await charge({ ids: [a!.id], type: 1, payway: 1, orderNum: 'SJ-002' });
    expect(again.body.code).toBe(Code.fail);
    expect(again.body.msg).toMatch(/^账单已缴费，不能重复收款/);
    // no discount given: the full amount
    expect((await charge({ ids: [b!.id], type: 1, payway: 3, orderNum: 'SJ-003' })).body.data).toMatchObject({
      amount: '0.51',
      discount: '100.00',
    });
  });

  it('lets two collections of the same bill race: exactly one wins', async () => {
    const item = await addItem({ name: '测试并发', calc_mode: '2', unit_price: '9.99' });
    await generate({ house_ids: [await houseOf(7)], fee_item_ids: [item], period_start: '2032-01', months: 1 });
    const [line] = await billsOf(item);
    const results = await Promise.all(
      [1, 2, 3].map((k) => charge({ ids: [line!.id], type: 1, payway: 2, orderNum: `RACE-${k}` })),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from payments where ${line!.id} = any(bill_ids)`)).n,
    ).toBe(1);
  });

  it('signs paid lines for receipt', async () => {
    const sign = (body: unknown, token = property) => t.post<{ count: number }>(`${R}/PaidOrder/billSign`, body, token);
    const paid = lines[0]!.id;
    expect((await sign({ bill_ids: [paid], status: 'signed', invoice_no: 'FP-2032-1' })).body).toMatchObject({
      code: 0,
      msg: '签收成功',
      data: { count: 1 },
    });
    expect(await t.one(sql`select is_signed, invoice_no from bills where id = ${paid}`)).toEqual({
      is_signed: 1,
      invoice_no: 'FP-2032-1',
    });
    expect((await sign({ bill_ids: [paid], status: 2 })).body.msg).toBe('签收成功');
    expect((await t.one<{ is_signed: number }>(sql`select is_signed from bills where id = ${paid}`)).is_signed).toBe(2);
    const unpaid = (
      await t.one<{ id: number }>(sql`select id from bills where status = 1 and tenant_id = ${ids.tenantA} limit 1`)
    ).id;
    expect((await sign({ bill_ids: [unpaid], status: 1 })).body.code).toBe(Code.notFound);
    expect((await sign({ bill_ids: [paid], status: 1 }, propertyb)).body.code).toBe(Code.notFound);
    expect((await sign({ bill_ids: [], status: 1 })).body.msg).toBe('您还未选择数据');
    expect((await sign({ bill_ids: [paid], status: 'maybe' })).body.msg).toBe('签收状态只能是已签收或未签收');
  });

  it('prints the chosen lines with counted totals', async () => {
    const r = await t.post<{
      title: string;
      columns: string[];
      rows: string[][];
      countItem: { title: string; num: string }[];
    }>(`${R}/RenewalList/billDisplay`, { ids: lines.map((l) => l.id) }, property);
    expect(r.body.data.columns).toContain('计费说明');
    expect(r.body.data.rows).toHaveLength(2);
    expect(r.body.data.countItem).toContainEqual({ title: '应收合计', num: '1.02' });
    expect((await t.post(`${R}/RenewalList/billDisplay`, { ids: lines.map((l) => l.id) }, propertyb)).body.code).toBe(
      Code.notFound,
    );
  });
});

describe('列表与合计', () => {
  it('totals equal the SQL sums over the same search', async () => {
    const list = (
      await t.post<ListReply>(`${R}/RenewalList/list?tab_type=all`, { village_id: ids.jade.id, size: 5 }, property)
    ).body.data;
    const s = await t.one<{ unpaid: number; n: number }>(
      sql`select coalesce(sum(amount) filter (where status = 1), 0)::bigint as unpaid, count(*)::int as n from bills where village_id = ${ids.jade.id}`,
    );
    expect(list.total).toBe(s.n);
    expect(list.unpaidtotal).toBe((s.unpaid / 100).toFixed(2));
    const paid = (await t.post<ListReply>(`${R}/PaidOrder/list`, {}, property)).body.data;
    const p = await t.one<{ paid: number; n: number }>(
      sql`select coalesce(sum(paid_amount), 0)::bigint as paid, count(*)::int as n from bills where tenant_id = ${ids.tenantA} and status = 2`,
    );
    expect([paid.total, paid.havepaidtotal]).toEqual([p.n, (p.paid / 100).toFixed(2)]);
    const pro = (await t.post<ListReply>(`${R}/ProFee/list`, {}, property)).body.data;
    const pf = await t.one<{ n: number }>(
      sql`select count(*)::int as n from bills where tenant_id = ${ids.tenantA} and category = 1`,
    );
    expect(pro.total).toBe(pf.n);
    expect(pro).toHaveProperty('havepaidtotal');
    // company B sees its own bills only
    const b = await t.one<{ n: number }>(sql`select count(*)::int as n from bills where tenant_id = ${ids.tenantB}`);
    expect((await t.post<ListReply>(`${R}/RenewalList/list`, {}, propertyb)).body.data.total).toBe(b.n);
  });

  it('lists arrears past due with the late fee accrued', async () => {
    const list = (await t.post<ListReply>(`${R}/Unpaid/list`, { size: 500 }, property)).body.data;
    const rows = await t.rows<{
      id: number;
      late: number;
    }>(sql`select id, round(amount * late_fee_rate * ((now() at time zone 'Asia/Shanghai')::date - due_date) / 1000)::bigint as late
      from bills where tenant_id = ${ids.tenantA} and status = 1 and due_date < (now() at time zone 'Asia/Shanghai')::date`);
    expect(list.total).toBe(rows.length);
    const byId = new Map(rows.map((r) => [r.id, r.late]));
    for (const r of list.records.slice(0, 20))
      expect(r.late_fee).toBe((Number(byId.get(Number(r.id))) / 100).toFixed(2));
  });
});
