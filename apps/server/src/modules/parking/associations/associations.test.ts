import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';
import { postGateEvent, shanghaiAgo } from '../gate/testing.ts';
import { sweepSpaceStatus } from './associations.ts';

const A = '/Web/Parking/Association';
type Reply = { bill_id: number; amount: string; paid: boolean };

describe('space associations, renewal bills and monthly cards paid through fees', () => {
  let { t, property, ids } = {} as DemoApp;
  let lot: number;
  let space: number;
  let owner: number;
  let ownerB: number;
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

  const newSpace = async (no: string, monthly = 30000, cleaning = 2000) =>
    (
      await t.one<{
        id: number;
      }>(sql`insert into parking_spaces (tenant_id, village_id, lot_id, space_no, monthly_fee, cleaning_fee)
        values (${ids.tenantA}, ${ids.sunshine.id}, ${lot}, ${no}, ${monthly}, ${cleaning}) returning id`)
    ).id;
  const associate = (row: Record<string, unknown>, token = property) =>
    t.post<{ id: number; bill_id?: number }>(
      `${A}/associate`,
      { data: { type: 1, status: 1, isLongTime: 2, ...row } },
      token,
    );
  const assoc = async (id: number) =>
    t.one<{ end_date: string; status: number }>(
      sql`select end_date::text as end_date, status from parking_associations where id = ${id}`,
    );
  const spaceStatus = async (id: number) =>
    (await t.one<{ status: number }>(sql`select status from parking_spaces where id = ${id}`)).status;

  beforeAll(async () => {
    ({ t, property, ids } = await openDemo());
    lot = (
      await t.one<{ id: number }>(sql`insert into parking_lots (tenant_id, village_id, name, code)
        values (${ids.tenantA}, ${ids.sunshine.id}, '测试车场', 'ASSOC1') returning id`)
    ).id;
    space = await newSpace('T-001');
    owner = (
      await t.one<{ id: number }>(
        sql`select id from gate_persons where village_id = ${ids.sunshine.id} order by id limit 1`,
      )
    ).id;
    ownerB = (
      await t.one<{ id: number }>(
        sql`select id from gate_persons where village_id = ${ids.anju.id} order by id limit 1`,
      )
    ).id;
  });
  afterAll(() => t.close());

  it('the demo: a long-term association and one ending in ten days with its renewal bill unpaid, per car park', async () => {
    const rows = await t.rows<{ long: boolean; end_date: string | null; unpaid: number }>(sql`
      select a.is_long_time as long, a.end_date::text as end_date,
        (select count(*)::int from parking_charges c join bills b on b.id = c.bill_id
          where c.association_id = a.id and b.status = 1) as unpaid
      from parking_associations a where a.tenant_id = ${ids.tenantA} order by a.id`);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.long)).toHaveLength(2);
    expect(rows.filter((r) => !r.long).map((r) => [r.end_date, r.unpaid])).toEqual([
      [day(10), 1],
      [day(10), 1],
    ]);
  });

  it('refuses an overlapping 有效 period, allows a disjoint one and one after the first is set 无效', async () => {
    const first = await associate({ spaceNum: space, owner, start_date: day(-10), end_date: day(10) });
    expect(first.body.code, first.body.msg).toBe(0);
    expect(await spaceStatus(space)).toBe(2);

    const clash = await associate({ spaceNum: space, owner, start_date: day(5), end_date: day(40) });
    expect([clash.body.code, clash.body.msg, (clash.body.data as { field?: string } | null)?.field]).toEqual([
      Code.validation,
      '该车位在所选时段已有有效关联',
      'spaceNum',
    ]);
    // a long-term association has no end, so it meets every later period
    const long = await associate({ spaceNum: space, owner, isLongTime: 1, start_date: day(30) });
    expect(long.body.code, long.body.msg).toBe(0);
    const later = await associate({ spaceNum: space, owner, start_date: day(60), end_date: day(90) });
    expect(later.body.msg).toBe('该车位在所选时段已有有效关联');
    const disjoint = await associate({ spaceNum: space, owner, start_date: day(11), end_date: day(20) });
    expect(disjoint.body.code, disjoint.body.msg).toBe(0);

    // 设为无效 frees the period
    const off = await t.post(`${A}/assocInvalid`, { data: { id: first.body.data.id } }, property);
    expect(off.body.code, off.body.msg).toBe(0);
    expect((await assoc(first.body.data.id)).status).toBe(2);
    expect(await spaceStatus(space)).toBe(1);
    const again = await associate({ spaceNum: space, owner, start_date: day(-5), end_date: day(5) });
    expect(again.body.code, again.body.msg).toBe(0);
    expect(await spaceStatus(space)).toBe(2);
  });

  it('the sweep frees a space whose association ended and marks one whose association began, without a write', async () => {
    const ended = await newSpace('T-SW1');
    const begun = await newSpace('T-SW2');
    const a1 = await associate({ spaceNum: ended, owner, start_date: day(-10), end_date: day(3) });
    const a2 = await associate({ spaceNum: begun, owner, start_date: day(2), end_date: day(9) });
    expect([a1.body.code, a2.body.code]).toEqual([0, 0]);
    expect([await spaceStatus(ended), await spaceStatus(begun)]).toEqual([2, 1]);
    // the days pass: the first period is over, the second has begun
    await t.db.execute(sql`update parking_associations set end_date = ${day(-1)}::date where id = ${a1.body.data.id}`);
    await t.db.execute(sql`update parking_associations set start_date = ${day(0)}::date where id = ${a2.body.data.id}`);
    expect(await sweepSpaceStatus(t.db)).toBeGreaterThanOrEqual(2);
    expect([await spaceStatus(ended), await spaceStatus(begun)]).toEqual([1, 2]);
    expect(await sweepSpaceStatus(t.db)).toBe(0);
  });

  it('another company’s space or owner does not exist', async () => {
    const s = await newSpace('T-ISO');
    const foreignOwner = await associate({ spaceNum: s, owner: ownerB, start_date: day(0), end_date: day(1) });
    expect([foreignOwner.body.code, foreignOwner.body.msg]).toEqual([Code.validation, '业主不存在']);
    const lotB = await t.one<{ id: number }>(sql`insert into parking_lots (tenant_id, village_id, name, code)
      values (${ids.tenantB}, ${ids.anju.id}, 'B车场', 'ASSOCB') returning id`);
    const spaceB = await t.one<{ id: number }>(sql`insert into parking_spaces (tenant_id, village_id, lot_id, space_no)
      values (${ids.tenantB}, ${ids.anju.id}, ${lotB.id}, 'B-001') returning id`);
    const foreignSpace = await associate({ spaceNum: spaceB.id, owner, start_date: day(0), end_date: day(1) });
    expect([foreignSpace.body.code, foreignSpace.body.msg]).toEqual([Code.validation, '车位不存在']);
    const assocB = await t.one<{ id: number }>(sql`insert into parking_associations
        (tenant_id, village_id, space_id, person_id, start_date, end_date)
      values (${ids.tenantB}, ${ids.anju.id}, ${spaceB.id}, ${ownerB}, ${day(0)}, ${day(1)}) returning id`);
    const renewB = await t.post(`${A}/renew`, { id: assocB.id, month: 1, payType: 2 }, property);
    expect(renewB.body.msg).toBe('关联不存在');
    const off = await t.post(`${A}/assocInvalid`, { data: { id: assocB.id } }, property);
    expect(off.body.msg).toBe('关联不存在');
    const list = await t.post<{ records: { id: number }[] }>(`${A}/list`, { current: 1, size: 100 }, property);
    expect(list.body.data.records.map((r) => r.id)).not.toContain(assocB.id);
    expect(list.body.data.records.length).toBeGreaterThan(0);
  });

  it('renews: a bill of months × (monthly + cleaning); paying through the sandbox twice extends once', async () => {
    const s = await newSpace('T-RNW', 30000, 2000);
    const a = (await associate({ spaceNum: s, owner, start_date: day(-20), end_date: day(10) })).body.data.id;
    const none = await t.post(`${A}/renew`, { id: a, month: 0, payType: 1 }, property);
    expect([none.body.code, none.body.msg]).toEqual([Code.validation, '续费月数必须大于0']);
    const noPay = await t.post(`${A}/renew`, { id: a, month: 3 }, property);
    expect([noPay.body.code, noPay.body.msg]).toEqual([Code.validation, '请选择支付方式']);

    const info = await t.post<{ pname: string; total: string; starttime: string }>(
      `${A}/renewInfo`,
      { id: a },
      property,
    );
    expect(info.body.data).toMatchObject({ total: '320.00', starttime: day(11) });

    const r = await t.post<Reply>(`${A}/renew`, { id: a, month: 3, payType: 1 }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toMatchObject({ amount: '960.00', paid: false });
    const bill = await t.one<{ amount: number; status: number; name: string; period_start: string }>(
      sql`select amount::int, status, name, period_start::text from bills where id = ${r.body.data.bill_id}`,
    );
    expect(bill).toEqual({ amount: 96000, status: 1, name: '车位续费-T-RNW', period_start: day(11) });
    const second = await t.post(`${A}/renew`, { id: a, month: 1, payType: 1 }, property);
    expect(second.body.msg).toBe('该车位有未缴的续费账单');
    expect((await assoc(a)).end_date).toBe(day(10));

    // collected online in 欠费催缴, paid on the sandbox page; the payer's second tap is a duplicate notification
    const order = await t.post<{ codeUrl: string }>(
      '/Web/Renewal/RenewalList/charge',
      { data: { ids: [r.body.data.bill_id], type: 0 } },
      property,
    );
    expect(order.body.code, order.body.msg).toBe(0);
    const token = decodeURIComponent(order.body.data.codeUrl.split('token=')[1]!);
    const paid = await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' });
    expect(paid.body.code, paid.body.msg).toBe(0);
    const ends = await t.one<{ e: string }>(
      sql`select to_char((${day(11)}::date + interval '3 months' - interval '1 day'), 'YYYY-MM-DD') as e`,
    );
    expect((await assoc(a)).end_date).toBe(ends.e);
    await t.post('/Web/NoLoginApi/Sandbox/pay', { token, result: 'success' });
    expect((await assoc(a)).end_date).toBe(ends.e);
    // and collecting the paid bill again on site is refused, extending nothing
    const onsite = await t.post(
      '/Web/Renewal/RenewalList/charge',
      { data: { ids: [r.body.data.bill_id], type: 1, payway: 2, orderNum: 'X1' } },
      property,
    );
    expect(onsite.body.code).not.toBe(0);
    expect((await assoc(a)).end_date).toBe(ends.e);
    const applied = await t.one<{ n: number }>(
      sql`select count(*)::int as n from parking_charges where association_id = ${a} and applied_at is not null`,
    );
    expect(applied.n).toBe(1);
  });

  it('bills a new rental its first term when asked, and renews a rental never billed from its start', async () => {
    const s1 = await newSpace('T-RENT1', 30000, 2000);
    const a = (await associate({ spaceNum: s1, owner, type: 2, start_date: day(-20), end_date: day(10) })).body;
    expect([a.msg, a.data]).toEqual(['关联成功', { id: a.data.id }]);
    expect(
      (await t.post<{ starttime: string }>(`${A}/renewInfo`, { id: a.data.id }, property)).body.data,
    ).toMatchObject({ starttime: day(-20) });
    const r = await t.post<Reply>(`${A}/renew`, { id: a.data.id, month: 1, payType: 1 }, property);
    expect(r.body.msg).toBe('账单已生成（¥320.00），请在 收费管理 › 应收账单 中收款');
    expect(await t.one(sql`select period_start::text, status from bills where id = ${r.body.data.bill_id}`)).toEqual({
      period_start: day(-20),
      status: 1,
    });

    const s2 = await newSpace('T-RENT2', 30000, 2000);
    const { e } = await t.one<{ e: string }>(
      sql`select to_char((${day(0)}::date + interval '2 months' - interval '1 day'), 'YYYY-MM-DD') as e`,
    );
    const b = await t.post<{ id: number; bill_id: number; amount: string }>(
      `${A}/associate`,
      { type: 2, status: 1, isLongTime: 2, spaceNum: s2, owner, start_date: day(0), end_date: e, bill_first: 1 },
      property,
    );
    expect(b.body.msg).toBe('关联成功，首期账单已生成（¥640.00），请在 收费管理 › 应收账单 中收款');
    expect(b.body.data.amount).toBe('640.00');
    expect(
      await t.one(
        sql`select amount::int, status, months, period_start::text from bills where id = ${b.body.data.bill_id}`,
      ),
    ).toEqual({ amount: 64000, status: 1, months: 2, period_start: day(0) });
    expect((await t.post(`${A}/renew`, { id: b.body.data.id, month: 1, payType: 1 }, property)).body.msg).toBe(
      '该车位有未缴的续费账单',
    );
    const paid = await t.post(
      '/Web/Renewal/RenewalList/charge',
      { ids: [b.body.data.bill_id], type: 1, payway: 2 },
      property,
    );
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect((await assoc(b.body.data.id)).end_date).toBe(e);
    const after = await t.one<{ d: string }>(sql`select (${e}::date + 1)::text as d`);
    expect(
      (await t.post<{ starttime: string }>(`${A}/renewInfo`, { id: b.body.data.id }, property)).body.data.starttime,
    ).toBe(after.d);
    // a fixed space, a long-term one or one not asked for bills nothing
    const s3 = await newSpace('T-RENT3', 30000, 2000);
    const c = await associate({ spaceNum: s3, owner, type: 1, start_date: day(0), end_date: e, bill_first: 1 });
    expect([c.body.msg, c.body.data]).toEqual(['关联成功', { id: c.body.data.id }]);
  });

  it('renews in cash: collected at once, extended at once; a long-term association needs no renewal', async () => {
    const s = await newSpace('T-CASH', 10000, 0);
    const a = (await associate({ spaceNum: s, owner, start_date: day(-40), end_date: day(-1) })).body.data.id;
    expect(await spaceStatus(s)).toBe(1);
    const r = await t.post<Reply>(`${A}/renew`, { id: a, month: 1, payType: 2 }, property);
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toMatchObject({ amount: '100.00', paid: true });
    const b = await t.one<{ status: number; pay_method: number }>(
      sql`select status, pay_method from bills where id = ${r.body.data.bill_id}`,
    );
    expect(b).toEqual({ status: 2, pay_method: 2 });
    const end = await t.one<{ e: string }>(
      sql`select to_char((${day(0)}::date + interval '1 month' - interval '1 day'), 'YYYY-MM-DD') as e`,
    );
    expect((await assoc(a)).end_date).toBe(end.e);
    expect(await spaceStatus(s)).toBe(2);

    const s2 = await newSpace('T-LONG');
    const long = (await associate({ spaceNum: s2, owner, isLongTime: 1 })).body.data.id;
    const refused = await t.post(`${A}/renew`, { id: long, month: 1, payType: 2 }, property);
    expect(refused.body.msg).toBe('长期关联无需续费');
  });

  it('tops a monthly card up through fees: the package price billed, the card extended once it is paid', async () => {
    const pkg = await t.post<{ id: number }>(
      '/Web/Parking/Package/add',
      { row: { village_id: ids.sunshine.id, name: '季卡', months: 3, price: '450.00', status: 1, lot_ids: [lot] } },
      property,
    );
    expect(pkg.body.code, pkg.body.msg).toBe(0);
    const car = await t.one<{ id: number }>(sql`insert into vehicles (tenant_id, village_id, plate, person_id)
      values (${ids.tenantA}, ${ids.sunshine.id}, '浙A77777', ${owner}) returning id`);
    const T = '/Web/Parking/Card/topUp';
    const none = await t.post(T, { vehicle_id: car.id, package_id: '', payType: 1 }, property);
    expect([none.body.code, none.body.msg]).toEqual([Code.validation, '请选择套餐!']);
    const r = await t.post<Reply>(T, { vehicle_id: car.id, package_id: pkg.body.data.id, payType: 1 }, property);
    expect(r.body.data).toMatchObject({ amount: '450.00', paid: false });
    const cards = () =>
      t.rows<{ end_date: string }>(sql`select end_date::text from monthly_cards where vehicle_id = ${car.id}`);
    expect(await cards()).toEqual([]);
    const again = await t.post(T, { vehicle_id: car.id, package_id: pkg.body.data.id, payType: 1 }, property);
    expect(again.body.msg).toBe('该车辆有未缴的月卡充值账单');

    const paid = await t.post(
      '/Web/Renewal/RenewalList/charge',
      { data: { ids: [r.body.data.bill_id], type: 1, payway: 4, orderNum: 'WX1' } },
      property,
    );
    expect(paid.body.code, paid.body.msg).toBe(0);
    const e1 = await t.one<{ e: string; e2: string }>(
      sql`select to_char((${day(0)}::date + interval '3 months' - interval '1 day'), 'YYYY-MM-DD') as e,
        to_char((${day(0)}::date + interval '6 months' - interval '1 day'), 'YYYY-MM-DD') as e2`,
    );
    expect(await cards()).toEqual([{ end_date: e1.e }]);
    // a second top-up, in cash, extends the running card
    const cash = await t.post<Reply>(T, { vehicle_id: car.id, package_id: pkg.body.data.id, payType: 2 }, property);
    expect(cash.body.data.paid).toBe(true);
    expect(await cards()).toEqual([{ end_date: e1.e2 }]);
  });

  it('opens the lot both ways for a car whose owner holds a space in it (固定车位)', async () => {
    const secret = 'assoc-lane-secret';
    await t.db.execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${lot}, '出口', 'ASSOC-OUT', 2, ${secret})`);
    const other = (
      await t.one<{ id: number }>(
        sql`select id from gate_persons where village_id = ${ids.sunshine.id} and id <> ${owner} order by id limit 1`,
      )
    ).id;
    await t.db.execute(sql`insert into vehicles (tenant_id, village_id, plate, person_id) values
      (${ids.tenantA}, ${ids.sunshine.id}, '浙A88888', ${owner}), (${ids.tenantA}, ${ids.sunshine.id}, '浙A99999', ${other})`);
    const send = async (plate: string, id: string) =>
      (await postGateEvent(t.app, { code: 'ASSOC-OUT', secret }, { event_id: id, plate, direction: 2 })).data;
    expect(await send('浙A88888', 'e1')).toMatchObject({ decision: 'open', reason: '固定车位' });
    // no space of his own: a temporary car leaving without an entry is stopped
    expect(await send('浙A99999', 'e2')).toMatchObject({ decision: 'deny' });
  });

  it("shares an owner's one space between his two cars: the second one in pays as a temporary car (一位多车)", async () => {
    const lanes = { in: 'MULTI-IN', out: 'MULTI-OUT' } as const;
    const secret = 'multi-lane-secret';
    await t.db.execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
      values (${ids.tenantA}, ${ids.sunshine.id}, ${lot}, '入口', ${lanes.in}, 1, ${secret}),
        (${ids.tenantA}, ${ids.sunshine.id}, ${lot}, '出口', ${lanes.out}, 2, ${secret})`);
    const person = (
      await t.one<{ id: number }>(
        sql`select id from gate_persons where village_id = ${ids.sunshine.id} and id <> ${owner} order by id desc limit 1`,
      )
    ).id;
    await t.db.execute(sql`update parking_lots set hour_price = 500, day_cap = 3000 where id = ${lot}`);
    const own = await newSpace('M-001');
    await t.db.execute(sql`insert into parking_associations (tenant_id, village_id, space_id, person_id, start_date,
        is_long_time) values (${ids.tenantA}, ${ids.sunshine.id}, ${own}, ${person}, ${day(-1)}, true)`);
    await t.db.execute(sql`insert into vehicles (tenant_id, village_id, plate, person_id) values
      (${ids.tenantA}, ${ids.sunshine.id}, '浙M00001', ${person}), (${ids.tenantA}, ${ids.sunshine.id}, '浙M00002', ${person})`);
    const send = async (lane: string, body: Record<string, unknown>) =>
      (await postGateEvent(t.app, { code: lane, secret }, body)).data;
    const enter = (plate: string, id: string, minutesAgo: number) =>
      send(lanes.in, { event_id: id, plate, direction: 1, time: shanghaiAgo(minutesAgo) });
    const leave = (plate: string, id: string) => send(lanes.out, { event_id: id, plate, direction: 2 });

    expect(await enter('浙M00001', 'm1-in', 200)).toMatchObject({ decision: 'open', reason: '固定车位' });
    // the space is taken by his first car: the second comes in as a temporary car
    expect(await enter('浙M00002', 'm2-in', 150)).toMatchObject({ decision: 'open', reason: '临时车' });
    expect(await leave('浙M00001', 'm1-out')).toMatchObject({ decision: 'open', reason: '固定车位', fee: '0.00' });
    // and pays its stay on the way out, though the space is free again by now
    expect(await leave('浙M00002', 'm2-out')).toMatchObject({ decision: 'deny', reason: '未缴费', fee: '15.00' });
    // with the first car out, the next one in parks on the space
    expect(await enter('浙M00002', 'm2-in-2', 5)).toMatchObject({ decision: 'open', reason: '固定车位' });
  });
});
