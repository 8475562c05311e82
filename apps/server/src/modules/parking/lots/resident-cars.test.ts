import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, ScreenConfig } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';

const PERSON = '/Web/Basic/GatePerson';
const CARS = '/Web/Parking/PersonCar';

describe('住户管理: a resident’s cars (车辆 tab)', () => {
  let { t, property, propertyb, ids } = {} as DemoApp;
  let owner: { id: number; village_id: number };
  let other: number;
  beforeAll(async () => {
    ({ t, property, propertyb, ids } = await openDemo());
    // a resident of company A without any car, who gets two (one deactivated) here
    const [a, b] = await t.rows<{ id: number; village_id: number }>(
      sql`select p.id, p.village_id from gate_persons p where p.tenant_id = ${ids.tenantA} and p.personnel_type = 1
        and not exists (select 1 from vehicles v where v.person_id = p.id) order by p.id limit 2`,
    );
    owner = a!;
    other = b!.id;
  });
  afterAll(() => t.close());

  const rowOf = async (id: number) => {
    const list = await t.post<ListReply>(`${PERSON}/list`, { current: 1, size: 10, ids: [id] }, property);
    expect(list.body.code, list.body.msg).toBe(0);
    return list.body.data.records.find((r) => Number(r.id) === id);
  };
  const car = async (plate: string, status = 1) =>
    (
      await t.one<{
        id: number;
      }>(sql`insert into vehicles (tenant_id, village_id, plate, colour, car_type, person_id, status)
        values (${ids.tenantA}, ${owner.village_id}, ${plate}, '白色', 3, ${owner.id}, ${status}) returning id`)
    ).id;

  it('declares the 车辆 tab below a resident, shown only when he has a car', async () => {
    const cfg = (await t.post<ScreenConfig>(`${PERSON}/listConfig`, {}, property)).body.data;
    expect(cfg.footerTables).toContainEqual({
      title: '车辆',
      route: `${CARS}/listConfig`,
      remoteKey: 'person_id',
      parentKey: 'id',
      showWhen: 'havingCar',
    });
  });

  it('says havingCar in the list and the detail only while the resident has an active car', async () => {
    expect((await rowOf(owner.id))?.havingCar).toBe(false);
    await car('浙A7R001', 2);
    expect((await rowOf(owner.id))?.havingCar).toBe(false);
    const active = await car('浙AD7R002');
    expect((await rowOf(owner.id))?.havingCar).toBe(true);
    expect((await rowOf(other))?.havingCar).toBe(false);
    const detail = await t.post<Record<string, unknown>>(`${PERSON}/detail?return=result`, { id: owner.id }, property);
    expect(detail.body.data.havingCar).toBe(true);
    await t.db.execute(sql`update vehicles set status = 2 where id = ${active}`);
    expect((await rowOf(owner.id))?.havingCar).toBe(false);
    await t.db.execute(sql`update vehicles set status = 1 where id = ${active}`);
  });

  it('says havingCar within the page query itself, not in a statement of its own', async () => {
    // a page view is one statement (a second round trip per list request cost the resident list a third of its rate)
    const session = (
      t.db as unknown as { session: { prepareQuery: (q: { sql: string }, ...rest: unknown[]) => unknown } }
    ).session;
    const texts: string[] = [];
    const original = session.prepareQuery.bind(session);
    session.prepareQuery = (q, ...rest) => {
      texts.push(q.sql);
      return original(q, ...rest);
    };
    try {
      expect(typeof (await rowOf(owner.id))?.havingCar).toBe('boolean');
    } finally {
      session.prepareQuery = original;
    }
    const cars = texts.filter((x) => /"vehicles"/.test(x));
    expect(cars.length).toBe(1);
    expect(cars[0]).toMatch(/"gate_persons"/);
  });

  it("lists the resident's active cars with the end of their monthly card, read-only", async () => {
    const [v] = await t.rows<{ id: number }>(sql`select id from vehicles where plate = '浙AD7R002'`);
    const lot = await t.one<{ id: number }>(sql`select id from parking_lots where code = 'YG-P1'`);
    await t.db
      .execute(sql`insert into monthly_cards (tenant_id, village_id, vehicle_id, lot_id, start_date, end_date, status)
      values (${ids.tenantA}, ${owner.village_id}, ${v!.id}, ${lot.id}, '2026-01-01', '2026-12-31', 1),
        (${ids.tenantA}, ${owner.village_id}, ${v!.id}, ${lot.id}, '2027-01-01', '2027-06-30', 2)`);
    const list = await t.post<ListReply>(`${CARS}/list`, { current: 1, size: 20, person_id: owner.id }, property);
    expect(list.body.code, list.body.msg).toBe(0);
    expect(list.body.data.records.map((r) => [r.plate, r.colour, r.car_type, r.card_end])).toEqual([
      ['浙AD7R002', '白色', 3, '2026-12-31'],
    ]);
    const none = await t.post<ListReply>(`${CARS}/list`, { current: 1, size: 20, person_id: other }, property);
    expect(none.body.data.records).toEqual([]);
    const add = await t.post(`${CARS}/add`, { row: { plate: '浙A7R009', car_type: 1 } }, property);
    expect(add.body.code).not.toBe(0);
    expect(await t.one<{ n: number }>(sql`select count(*)::int n from vehicles where plate = '浙A7R009'`)).toEqual({
      n: 0,
    });
    const del = await t.post(`${CARS}/del`, { id: v!.id }, property);
    expect(del.body.code).not.toBe(0);
    expect(await t.one<{ status: number }>(sql`select status from vehicles where id = ${v!.id}`)).toEqual({
      status: 1,
    });
  });

  it("keeps one company's residents' cars from another", async () => {
    const seen = await t.post<ListReply>(`${CARS}/list`, { current: 1, size: 20, person_id: owner.id }, propertyb);
    expect(seen.body.code, seen.body.msg).toBe(0);
    expect(seen.body.data.records).toEqual([]);
  });
});
