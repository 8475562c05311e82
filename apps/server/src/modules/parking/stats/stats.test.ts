import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { formatDate, formatTime } from '../../../core/time.ts';
import type { Caller } from '../../../core/auth/actor.ts';
import { loginWithRole, openDemo, type DemoApp } from '../../estate/testing.ts';
import { postGateEvent } from '../gate/testing.ts';
import { parkingFigures, type ParkingFigures } from './stats.ts';

const STATS = '/Web/Parking/Stats/index';

describe('停车概览: occupancy, passages and revenue', () => {
  let { t, property, ids } = {} as DemoApp;
  beforeAll(async () => ({ t, property, ids } = await openDemo()));
  afterAll(() => t.close());

  const stats = async (body: Record<string, unknown> = {}, token = property) => {
    const r = await t.post<ParkingFigures>(STATS, body, token);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  /** a camera event signed with the demo lane's own key */
  const send = async (parkcode: string, body: Record<string, unknown>) => {
    const { secret } = await t.one<{ secret: string }>(
      sql`select secret from parking_gates where parkcode = ${parkcode}`,
    );
    const env = await postGateEvent(t.app, { code: parkcode, secret }, body);
    expect(env.code, env.msg).toBe(0);
    return env.data;
  };
  const lotOf = (d: ParkingFigures, name: string) => d.lots.find((l) => l.name === name)!;
  const hourNow = () => Number(formatTime(new Date()).slice(11, 13));
  const minutesAgo = (m: number) => formatTime(new Date(Date.now() - m * 60_000));

  it("opens on the demo's week of passages: cars inside within capacity, the phone-paid fees as revenue, 出入记录 newest first", async () => {
    const today = formatDate(new Date());
    const weekAgo = formatDate(new Date(Date.now() - 6 * 86_400_000));
    const d = await stats({ date_range: [weekAgo, today] });
    for (const l of d.lots) {
      // each demo lot has cars parked in the last hours that have not left yet
      expect(l.parking, l.name).toBeGreaterThanOrEqual(1);
      expect(l.parking, l.name).toBeLessThanOrEqual(l.capacity);
    }
    expect(d.vehicleEntryexitList).toHaveLength(10);
    // every opened demo exit closes an earlier entry of the same car in the same lot
    const stray = await t.one<{ n: number }>(sql`select count(*)::int as n from gate_events x
      left join gate_events n on n.id = x.entry_id
      where x.is_type = 2 and (n.id is null or n.is_type <> 1 or n.plate <> x.plate or n.lot_id <> x.lot_id
        or n.occurred_at > x.occurred_at)`);
    expect(stray.n).toBe(0);
    // a paid order's stay left through the exit as 已缴费 within the grace after paying
    const paid = await t.one<{ n: number; late: number }>(sql`select count(*)::int as n,
        count(*) filter (where x.id is null)::int as late
      from parking_temp_orders o
      left join gate_events x on x.entry_id = o.entry_id and x.decision = 'open' and x.reason = '已缴费'
        and x.occurred_at between o.paid_at and o.paid_at + interval '15 minutes'
      where o.state = 'SUCCESS'`);
    expect(paid.n).toBeGreaterThan(0);
    expect(paid.late).toBe(0);
    const byLot = await t.rows<{ lot_id: number; fen: string }>(sql`select lot_id, sum(amount)::text as fen
      from parking_temp_orders where state = 'SUCCESS'
        and paid_at >= ${weekAgo}::timestamp at time zone 'Asia/Shanghai' group by lot_id`);
    for (const r of d.revenue) {
      const fen = Number(byLot.find((b) => b.lot_id === r.lot_id)?.fen ?? 0);
      expect(r.temp, r.lot).toBe((fen / 100).toFixed(2));
    }
    expect(d.revenue.some((r) => Number(r.temp) > 0)).toBe(true);

    type Passage = {
      plate: string;
      is_type: number;
      decision: string;
      reason: string;
      fee: string;
      occurred_at: string;
      picimg: string;
    };
    const list = await t.post<{ total: number; records: Passage[] }>(
      '/Web/Parking/Passage/list',
      { current: 1, size: 50 },
      property,
    );
    expect(list.body.code, list.body.msg).toBe(0);
    const rows = list.body.data.records;
    expect(list.body.data.total).toBeGreaterThan(100);
    expect(rows.map((r) => r.occurred_at)).toEqual(
      rows
        .map((r) => r.occurred_at)
        .toSorted()
        .reverse(),
    );
    const all = await t.post<{ records: Passage[] }>('/Web/Parking/Passage/list', { current: 1, size: 500 }, property);
    const reasons = new Set(all.body.data.records.map((r) => `${r.decision}:${r.reason}`));
    expect([...reasons]).toEqual(expect.arrayContaining(['open:临时车', 'open:已缴费', 'deny:未缴费']));
    expect(all.body.data.records.find((r) => r.reason === '未缴费')!.fee).not.toBe('0.00');
    // each passage has the camera's snapshot: the car and its plate
    const snap = rows[0]!.picimg;
    expect(snap).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(snap.split(',')[1]!, 'base64').toString('utf8')).toContain(`>${rows[0]!.plate}</text>`);
  });

  it("answers the demo lots' capacity, and counts a car in after its entry and out after its opened exit", async () => {
    const before = await stats();
    expect(before.lots.map((l) => [l.name, l.capacity])).toEqual([
      ['阳光花园地下车库', 60],
      ['翠湖名苑停车场', 60],
    ]);
    const yg = lotOf(before, '阳光花园地下车库');
    expect(before.parkingIot.parkNum).toBe(120);

    const entry = await send('YG-P1-IN', { event_id: 's-in-1', plate: '浙A9S001', direction: 1, time: minutesAgo(5) });
    expect(entry.decision).toBe('open');
    // a replayed entry is one car, not two
    await send('YG-P1-IN', { event_id: 's-in-1', plate: '浙A9S001', direction: 1, time: minutesAgo(5) });
    const inside = await stats();
    expect(lotOf(inside, '阳光花园地下车库')).toEqual({ ...yg, parking: yg.parking + 1, surplus: yg.surplus - 1 });
    expect(inside.parkingIot).toEqual({
      parkNum: 120,
      parking: before.parkingIot.parking + 1,
      surplus: before.parkingIot.surplus - 1,
    });
    expect(inside.vehicleEntryexit.into).toBe(before.vehicleEntryexit.into + 1);
    expect(inside.hourly).toHaveLength(24);
    expect(inside.hourly.reduce((a, h) => a + h.into, 0)).toBe(inside.vehicleEntryexit.into);
    expect(inside.vehicleEntryexitList[0]).toMatchObject({ platenum: '浙A9S001', is_type: 1 });

    // within the free minutes the exit opens and the car is out
    const exit = await send('YG-P1-OUT', { event_id: 's-out-1', plate: '浙A9S001', direction: 2 });
    expect(exit.decision).toBe('open');
    const out = await stats();
    expect(lotOf(out, '阳光花园地下车库').parking).toBe(yg.parking);
    expect(out.vehicleEntryexit.out).toBe(before.vehicleEntryexit.out + 1);
    expect(out.hourly[hourNow()]!.out).toBeGreaterThanOrEqual(1);
    expect(out.vehicleEntryexitList[0]).toMatchObject({ platenum: '浙A9S001', is_type: 2 });
  });

  it('keeps a denied exit inside, and never answers a surplus below zero', async () => {
    const before = lotOf(await stats(), '翠湖名苑停车场');
    await send('CH-P1-IN', { event_id: 's-in-2', plate: '浙A9S002', direction: 1, time: minutesAgo(180) });
    const denied = await send('CH-P1-OUT', { event_id: 's-out-2', plate: '浙A9S002', direction: 2 });
    expect([denied.decision, denied.reason]).toEqual(['deny', '未缴费']);
    const after = await stats();
    expect(lotOf(after, '翠湖名苑停车场').parking).toBe(before.parking + 1);
    await t.db.execute(sql`update parking_lots set capacity = 0 where code = 'CH-P1'`);
    try {
      const full = lotOf(await stats(), '翠湖名苑停车场');
      expect([full.capacity, full.parking, full.surplus]).toEqual([0, before.parking + 1, 0]);
    } finally {
      await t.db.execute(sql`update parking_lots set capacity = 60 where code = 'CH-P1'`);
    }
  });

  it('sums the phone-paid temporary fees and the paid renewals and card top-ups per lot over the date range, in yuan', async () => {
    const lot = await t.one<{ id: number; village_id: number; gate: number }>(
      sql`select l.id, l.village_id, g.id as gate from parking_lots l join parking_gates g on g.lot_id = l.id
        where l.code = 'YG-P1' and g.direction = 1`,
    );
    const entry = await t.one<{ id: number }>(sql`insert into gate_events (tenant_id, village_id, lot_id, gate_id,
        event_id, plate, is_type, occurred_at, decision, reason)
      values (${ids.tenantA}, ${lot.village_id}, ${lot.id}, ${lot.gate}, 'rev-in', '浙A9S003', 1,
        '2025-03-10 07:00:00+08'::timestamptz, 'open', '临时车') returning id`);
    const order = (no: string, paid: string | null, amount: number, state = 'SUCCESS') =>
      t.db.execute(sql`insert into parking_temp_orders (tenant_id, village_id, lot_id, entry_id, plate, amount,
          out_trade_no, state, paid_at)
        values (${ids.tenantA}, ${lot.village_id}, ${lot.id}, ${entry.id}, '浙A9S003', ${amount}, ${no}, ${state},
          ${paid === null ? null : `${paid}+08`}::timestamptz)`);
    await order('rev-1', '2025-03-10 09:00:00', 1500);
    await order('rev-2', '2025-03-31 23:59:00', 250);
    await order('rev-3', '2025-04-01 00:01:00', 9900);
    // an order never paid, or closed, is no revenue; nor is a fee the lane only asked for at a denied exit
    await order('rev-4', null, 700, 'NOTPAY');
    await order('rev-5', null, 800, 'CLOSED');
    await t.db.execute(sql`insert into gate_events (tenant_id, village_id, lot_id, gate_id, event_id, plate, is_type,
        occurred_at, decision, reason, fee, entry_id)
      values (${ids.tenantA}, ${lot.village_id}, ${lot.id}, ${lot.gate}, 'rev-out', '浙A9S003', 2,
        '2025-03-15 10:00:00+08'::timestamptz, 'deny', '未缴费', 3000, ${entry.id})`);
    // paid parking bills: a renewal of a space in 阳光花园's lot, a card top-up of a package listing it first
    const space = await t.one<{ id: number }>(sql`select id from parking_spaces where lot_id = ${lot.id} limit 1`);
    const owner = await t.one<{ id: number }>(
      sql`select id from gate_persons where village_id = ${lot.village_id} limit 1`,
    );
    const assoc = await t.one<{ id: number }>(sql`insert into parking_associations (tenant_id, village_id, space_id,
        person_id, start_date, end_date) values (${ids.tenantA}, ${lot.village_id}, ${space.id}, ${owner.id},
        '2025-01-01', '2025-06-30') returning id`);
    const pkg = await t.one<{ id: number }>(sql`insert into parking_packages (tenant_id, village_id, name, months,
        price, lot_ids) values (${ids.tenantA}, ${lot.village_id}, '季卡', 3, 90000, ${`{${lot.id}}`}::int[]) returning id`);
    const charge = (kind: number, amount: number, bill: number, applied: string | null) =>
      t.db.execute(sql`insert into parking_charges (tenant_id, village_id, kind, association_id, package_id, months,
          amount, bill_id, applied_at)
        values (${ids.tenantA}, ${lot.village_id}, ${kind}, ${kind === 1 ? assoc.id : null},
          ${kind === 2 ? pkg.id : null}, 3, ${amount}, ${bill}, ${applied === null ? null : `${applied}+08`}::timestamptz)`);
    await charge(1, 90000, 900001, '2025-03-20 10:00:00');
    await charge(2, 90000, 900002, '2025-03-21 10:00:00');
    // an unpaid bill, and one paid after the range, are not revenue of March
    await charge(1, 30000, 900003, null);
    await charge(2, 45000, 900004, '2025-04-02 10:00:00');
    const d = await stats({ date_range: ['2025-03-01', '2025-03-31'] });
    expect(d.date_range).toEqual(['2025-03-01', '2025-03-31']);
    expect(d.revenue.find((r) => r.lot === '阳光花园地下车库')).toEqual({
      lot_id: lot.id,
      lot: '阳光花园地下车库',
      temp: '17.50',
      renewal: '900.00',
      card: '900.00',
    });
    expect(d.revenue.find((r) => r.lot === '翠湖名苑停车场')?.temp).toBe('0.00');
    // a comma list is the same range; the default is this month
    expect((await stats({ date_range: '2025-04-01,2025-04-30' })).revenue[0]).toMatchObject({
      temp: '99.00',
      renewal: '0.00',
      card: '450.00',
    });
    const today = formatDate(new Date());
    expect((await stats()).date_range).toEqual([`${today.slice(0, 8)}01`, today]);
  });

  it('refuses a malformed or reversed range', async () => {
    const bad = await t.post(STATS, { date_range: ['2025-3-1', '2025-03-31'] }, property);
    expect([bad.body.code, bad.body.msg]).toEqual([Code.validation, '日期格式应为YYYY-MM-DD']);
    const reversed = await t.post(STATS, { date_range: ['2025-03-31', '2025-03-01'] }, property);
    expect(reversed.body.msg).toBe('开始日期不能晚于结束日期');
  });

  it("filters by village, keeps to the caller's villages, and keeps one company's lots and passages from another", async () => {
    const jade = await stats({ village_id: ids.jade.id });
    expect(jade.lots.map((l) => l.name)).toEqual(['翠湖名苑停车场']);
    expect(jade.parkingIot.parkNum).toBe(60);
    expect(jade.vehicleEntryexitList.every((e) => e.platenum !== '浙A9S001')).toBe(true);
    expect(jade.revenue.map((r) => r.lot)).toEqual(['翠湖名苑停车场']);

    // a role whose data scope is 翠湖名苑 sees that lot only, and asking for another village is refused
    const scoped = await loginWithRole(t, 'parkjade', { pages: ['ParkingOverview'], villages: [ids.jade.id] });
    const own = await stats({}, scoped.token);
    expect(own.lots.map((l) => l.name)).toEqual(['翠湖名苑停车场']);
    expect(own.villages.map((v) => v.id)).toEqual([ids.jade.id]);
    const outside = await t.post(STATS, { village_id: ids.sunshine.id }, scoped.token);
    expect([outside.body.code, outside.body.msg]).toEqual([Code.notFound, '小区不存在']);

    // company B: its own lot with a car inside; neither side sees the other's
    const lotB = await t.one<{ id: number }>(sql`insert into parking_lots (tenant_id, village_id, name, code, capacity)
      values (${ids.tenantB}, ${ids.anju.id}, '安居停车场', 'AJ-P1', 30) returning id`);
    const gateB = await t.one<{ id: number }>(sql`insert into parking_gates (tenant_id, village_id, lot_id, name,
        parkcode, direction, secret)
      values (${ids.tenantB}, ${ids.anju.id}, ${lotB.id}, '入口', 'AJ-IN', 1, 'k') returning id`);
    await t.db.execute(sql`insert into gate_events (tenant_id, village_id, lot_id, gate_id, event_id, plate, is_type,
        occurred_at, decision, reason)
      values (${ids.tenantB}, ${ids.anju.id}, ${lotB.id}, ${gateB.id}, 'b-1', '浙B9S001', 1, now(), 'open', '临时车')`);
    const callerB: Caller = {
      actor: {
        id: 0,
        kind: 'web',
        tenantId: ids.tenantB,
        operatorId: null,
        isSuper: true,
        name: 'b',
        userName: 'b',
        tokenId: 0,
      },
      perms: new Set<string>(),
      villageIds: null,
    };
    const b = await parkingFigures(t.db, callerB);
    // besides the demo's own car park of company B
    expect(b.lots.map((l) => l.name)).toEqual(['安居小区停车场', '安居停车场']);
    expect(b.lots).toContainEqual({ id: lotB.id, name: '安居停车场', capacity: 30, parking: 1, surplus: 29 });
    expect(b.vehicleEntryexitList.map((e) => e.platenum)).toEqual(['浙B9S001']);
    const a = await stats();
    expect(a.lots.some((l) => l.id === lotB.id)).toBe(false);
    expect(a.vehicleEntryexitList.some((e) => e.platenum === '浙B9S001')).toBe(false);
    await expect(parkingFigures(t.db, callerB, { villageId: ids.sunshine.id })).rejects.toThrow('小区不存在');
  });
});
