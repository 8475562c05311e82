import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply } from '@5a/contracts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const R = '/Web/Renewal';
const houseOf = async (offset: number) =>
  (
    await t.one<{ id: number }>(
      sql`select id from houses where village_id = ${ids.jade.id} order by id offset ${offset} limit 1`,
    )
  ).id;

describe('预存余额', () => {
  it('keeps the multiplier within 1.00–2.00: below 1 counts as 1, above 2 is refused', async () => {
    const save = (data: unknown) => t.post<{ bl: string }>(`${R}/Balance/savePackage`, data, property);
    expect((await save({ pgs: [], bl: 0.5 })).body.data.bl).toBe('1.00');
    expect((await save({ pgs: [], bl: 2.5 })).body).toMatchObject({
      code: Code.validation,
      msg: '充值倍率应在1.00-2.00之间',
    });
    expect(
      (
        await save({
          pgs: [
            { principal: 100, present: 10 },
            { principal: 100, present: 20 },
          ],
          bl: 1.2,
        })
      ).body.msg,
    ).toBe('套餐充值金额不能重复');
    const ok = await save({ pgs: [{ principal: '500', present: '50' }], bl: '1.15' });
    expect(ok.body.msg).toBe('保存成功!');
    expect((await t.post(`${R}/Balance/getPackage`, {}, property)).body.data).toEqual({
      pgs: [{ principal: '500.00', present: '50.00' }],
      bl: '1.15',
    });
  });

  it('recomputes the arrival, refuses a mismatching yh and writes the ledger before/after', async () => {
    const house = await houseOf(1);
    await t.db.execute(sql`update houses set balance = 1000 where id = ${house}`);
    const { last } = await t.one<{ last: number }>(sql`select coalesce(max(id), 0) as last from balance_ledger`);
    const recharge = (data: unknown, token = property) =>
      t.post<{ balance: string; arrival: string }>(`${R}/Balance/recharge`, data, token);
    expect((await recharge({ id: house, bj: 100, yh: 120 })).body).toMatchObject({
      code: Code.validation,
      msg: '到账金额有误，应为115.00元',
    });
    const r = await recharge({ id: house, bj: 100, yh: 115 });
    expect(r.body).toMatchObject({ code: 0, msg: '充值成功!', data: { balance: '125.00', arrival: '115.00' } });
    // a package's principal gives principal + present
    expect((await recharge({ id: house, bj: 500 })).body.data).toMatchObject({ arrival: '550.00', balance: '675.00' });
    expect(
      await t.rows(
        sql`select before, change, after, kind from balance_ledger where house_id = ${house} and id > ${last} order by id`,
      ),
    ).toEqual([
      { before: 1000, change: 11500, after: 12500, kind: 1 },
      { before: 12500, change: 55000, after: 67500, kind: 1 },
    ]);
    expect((await recharge({ id: house, bj: 0.5 })).body.msg).toBe('充值金额应为大于1的数字');
    expect((await recharge({ id: house, bj: 100 }, propertyb)).body.code).toBe(Code.notFound);
    const ledger = await t.post<ListReply>(`${R}/Balance/ledger`, { house_id: house }, property);
    expect(ledger.body.data.records[0]).toMatchObject({ before: '125.00', change: '550.00', after: '675.00' });
  });

  it('pays bills from the balance with a debit ledger row, never below zero', async () => {
    const house = await houseOf(2);
    await t.db.execute(sql`update houses set balance = 5000 where id = ${house}`);
    const bill = await t.one<{ id: number; amount: number }>(
      sql`select id, amount from bills where house_id = ${house} and status = 1 and name = '垃圾清运费' order by id limit 1`,
    );
    const pay = await t.post<{ amount: string }>(
      `${R}/RenewalList/charge`,
      { data: { ids: [bill.id], type: 1, payway: 5 } },
      property,
    );
    expect(pay.body).toMatchObject({ code: 0, data: { amount: '15.00' } });
    expect(
      await t.one(
        sql`select before, change, after, kind from balance_ledger where house_id = ${house} order by id desc limit 1`,
      ),
    ).toEqual({ before: 5000, change: -1500, after: 3500, kind: 2 });
    await t.db.execute(sql`update houses set balance = 10 where id = ${house}`);
    const next = (
      await t.one<{ id: number }>(
        sql`select id from bills where house_id = ${house} and status = 1 order by id limit 1`,
      )
    ).id;
    expect(
      (await t.post(`${R}/RenewalList/charge`, { data: { ids: [next], type: 1, payway: 5 } }, property)).body.msg,
    ).toBe('预存余额不足');
    expect((await t.one<{ status: number }>(sql`select status from bills where id = ${next}`)).status).toBe(1);
  });

  it('saves the reminders and flags houses below the list threshold', async () => {
    expect(
      (await t.post(`${R}/Balance/balanceReminder`, { msg_reminder: '20', list_reminder: '100' }, property)).body.msg,
    ).toBe('保存成功!');
    expect((await t.post(`${R}/Balance/balanceReminder`, {}, property)).body.data).toEqual({
      msg_reminder: '20.00',
      list_reminder: '100.00',
    });
    // an amount past the bigint column is refused by name, not failed in the database
    const huge = await t.post(`${R}/Balance/balanceReminder`, { msg_reminder: 1, list_reminder: 1e20 }, property);
    expect(huge.body).toMatchObject({ code: Code.validation, data: { field: '列表提醒余额' } });
    expect((await t.post(`${R}/Balance/recharge`, { id: 1, bj: 1e20 }, property)).body).toMatchObject({
      code: Code.validation,
      data: { field: 'bj' },
    });
    const low = (await t.post<ListReply>(`${R}/Balance/list`, { is_low: '1', size: 1 }, property)).body.data;
    const n = (
      await t.one<{ n: number }>(
        sql`select count(*)::int as n from houses where tenant_id = ${ids.tenantA} and balance < 10000`,
      )
    ).n;
    expect(low.total).toBe(n);
  });
});

describe('统计', () => {
  type Slice = { name: string; value: number };
  const sum = (fen: number) => Math.round(Number(fen)) / 100;
  it('derives every revenue number from bills (tenant and scope)', async () => {
    const year = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4);
    const r = (
      await t.post<{ sftj: Slice[]; skzc: Slice[]; qftj: Slice[] }>(`${R}/PayStatistics/revenue`, {}, property)
    ).body.data;
    const s = await t.one<{
      paid: number;
      unpaid: number;
    }>(sql`select coalesce(sum(paid_amount) filter (where status = 2), 0)::bigint as paid, coalesce(sum(amount) filter (where status = 1), 0)::bigint as unpaid
      from bills where tenant_id = ${ids.tenantA} and due_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`);
    expect(r.sftj.map((x) => x.value)).toEqual([sum(s.paid), sum(s.unpaid)]);
    const arrears = await t.one<{
      v: number;
    }>(sql`select coalesce(sum(amount), 0)::bigint as v from bills where tenant_id = ${ids.tenantA} and status = 1
      and due_date < (now() at time zone 'Asia/Shanghai')::date and due_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`);
    expect(Math.round(r.qftj.reduce((a, x) => a + x.value, 0) * 100)).toBe(Number(arrears.v));

    const range = (
      await t.post<{ sftj: Slice[]; skzc: Slice[] }>(
        `${R}/PayStatistics/revenue?isSearch=1`,
        { start_time: '2000-01-01', end_time: '2099-12-31' },
        property,
      )
    ).body.data;
    const paidAll = await t.one<{ v: number }>(
      sql`select coalesce(sum(paid_amount), 0)::bigint as v from bills where tenant_id = ${ids.tenantA} and status = 2`,
    );
    expect(Math.round(range.skzc.reduce((a, x) => a + x.value, 0) * 100)).toBe(Number(paidAll.v));
    expect((await t.post(`${R}/PayStatistics/revenue?isSearch=1`, {}, property)).body.msg).toBe('请选择查询时间范围');

    const q = (
      await t.post<{ qftj: Slice[]; qfinfo: Slice[] }>(
        `${R}/PayStatistics/revenue`,
        { arrearsStart: '2000-01', arrearsEnd: '2099-12' },
        property,
      )
    ).body.data;
    const owed = await t.one<{ v: number }>(
      sql`select coalesce(sum(amount), 0)::bigint as v from bills where tenant_id = ${ids.tenantA} and status = 1 and due_date < (now() at time zone 'Asia/Shanghai')::date`,
    );
    expect(q.qftj).toHaveLength(1);
    expect(Math.round(q.qftj[0]!.value * 100)).toBe(Number(owed.v));
    const b = (
      await t.post<{ sftj: Slice[] }>(
        `${R}/PayStatistics/revenue?isSearch=1`,
        { start_time: '2000-01-01', end_time: '2099-12-31' },
        propertyb,
      )
    ).body.data;
    // company B's own bills only (its demo fee set), none of company A's
    const own = await t.one<{ paid: number; unpaid: number }>(
      sql`select coalesce(sum(paid_amount) filter (where status = 2), 0)::bigint as paid,
        coalesce(sum(amount) filter (where status = 1), 0)::bigint as unpaid from bills where tenant_id = ${ids.tenantB}`,
    );
    expect(b.sftj.map((x) => Math.round(x.value * 100))).toEqual([Number(own.paid), Number(own.unpaid)]);
  });

  it('builds the financial statement per tab from the same bills', async () => {
    const f = (
      await t.post<{
        tabs: unknown[];
        tableData: { name: string; receivable: string }[];
        carSquireList: { id: number | string; name: string }[];
        villageList: { id: number; name: string }[];
        columnarInfo: { xAxis: string[] };
      }>(`${R}/Financial/index?tabkey=village`, { start_time: '2000-01-01', end_time: '2099-12-31' }, property)
    ).body.data;
    expect(f.tabs).toHaveLength(3);
    expect(f.villageList.map((v) => v.name)).toEqual(['阳光花园', '翠湖名苑']);
    // the selector: the villages first, then cars and spaces (parking/associations/financial.test.ts)
    expect(f.carSquireList.slice(0, 2).map((v) => v.name)).toEqual(['阳光花园', '翠湖名苑']);
    const rows = await t.rows<{ name: string; v: number }>(
      sql`select v.name, sum(b.amount)::bigint as v from bills b join villages v on v.id = b.village_id where b.tenant_id = ${ids.tenantA} group by v.name order by v.name`,
    );
    expect(f.tableData.map((r) => [r.name, r.receivable])).toEqual(
      rows.map((r) => [r.name, (Number(r.v) / 100).toFixed(2)]),
    );
    expect(f.columnarInfo.xAxis).toEqual(rows.map((r) => r.name));
  });
});
