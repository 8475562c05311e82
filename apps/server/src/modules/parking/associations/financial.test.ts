import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@5a/contracts';
import { openDemo, type DemoApp } from '../../estate/testing.ts';

/** 财务报表's selector (carSquireList): the villages, then the cars and parking spaces that have bills. */
let { t, property, propertyb, ids } = {} as DemoApp;
let car = 0;
beforeAll(async () => {
  ({ t, property, propertyb, ids } = await openDemo());
  // a car with a monthly-card top-up bill, through the parking screens
  const lot = await t.one<{ id: number }>(
    sql`select id from parking_lots where village_id = ${ids.sunshine.id} order by id limit 1`,
  );
  const pkg = await t.post<{ id: number }>(
    '/Web/Parking/Package/add',
    {
      row: { village_id: ids.sunshine.id, name: '报表季卡', months: 3, price: '450.00', status: 1, lot_ids: [lot.id] },
    },
    property,
  );
  const owner = await t.one<{ id: number }>(
    sql`select id from gate_persons where village_id = ${ids.sunshine.id} and house_id is not null order by id limit 1`,
  );
  car = (
    await t.one<{ id: number }>(sql`insert into vehicles (tenant_id, village_id, plate, person_id)
      values (${ids.tenantA}, ${ids.sunshine.id}, '浙A66661', ${owner.id}) returning id`)
  ).id;
  const r = await t.post(
    '/Web/Parking/Card/topUp',
    { vehicle_id: car, package_id: pkg.body.data.id, payType: 2 },
    property,
  );
  expect(r.body.code, r.body.msg).toBe(0);
});
afterAll(() => t.close());

const F = '/Web/Renewal/Financial/index';
type Financial = {
  carSquireList: { id: number | string; name: string }[];
  tableData: { name: string; count: number; receivable: string }[];
};
const RANGE = { start_time: '2000-01-01', end_time: '2099-12-31' };

describe('财务报表 · 车辆/车位', () => {
  it('lists the villages, then the spaces and cars with bills of the caller’s company', async () => {
    const list = (await t.post<Financial>(F, RANGE, property)).body.data.carSquireList;
    expect(list.slice(0, 2).map((o) => typeof o.id)).toEqual(['number', 'number']);
    const spaces = await t.rows<{ id: number; space_no: string }>(sql`
      select distinct s.id, s.space_no from parking_charges c join parking_associations a on a.id = c.association_id
      join parking_spaces s on s.id = a.space_id where c.tenant_id = ${ids.tenantA} order by s.id`);
    expect(spaces.length).toBeGreaterThan(0);
    expect(list.filter((o) => String(o.id).startsWith('space:'))).toEqual(
      spaces.map((s) => ({
        id: `space:${s.id}`,
        name: expect.stringMatching(new RegExp(`^车位 ${s.space_no}（.+）$`)),
      })),
    );
    expect(list).toContainEqual({ id: `car:${car}`, name: '车辆 浙A66661（阳光花园）' });
    // another company lists none of them
    const b = (await t.post<Financial>(F, RANGE, propertyb)).body.data.carSquireList;
    expect(b.some((o) => o.id === `car:${car}` || spaces.some((s) => o.id === `space:${s.id}`))).toBe(false);
  });

  it('narrows the statement to the chosen car or space', async () => {
    const byCar = (await t.post<Financial>(`${F}?tabkey=item`, { ...RANGE, id: `car:${car}` }, property)).body.data;
    expect(byCar.tableData).toEqual([expect.objectContaining({ count: 1, receivable: '450.00' })]);

    const space = await t.one<{ id: number; n: number; fen: number }>(sql`
      select a.space_id as id, count(*)::int as n, sum(b.amount)::int as fen
      from parking_charges c join parking_associations a on a.id = c.association_id join bills b on b.id = c.bill_id
      where c.tenant_id = ${ids.tenantA} group by a.space_id order by a.space_id limit 1`);
    const bySpace = (await t.post<Financial>(`${F}?tabkey=village`, { ...RANGE, id: `space:${space.id}` }, property))
      .body.data;
    expect(bySpace.tableData).toEqual([
      expect.objectContaining({ name: '阳光花园', count: space.n, receivable: (space.fen / 100).toFixed(2) }),
    ]);
    // a village id still narrows to the village
    const byVillage = (await t.post<Financial>(`${F}?tabkey=village`, { ...RANGE, id: ids.anju.id }, property)).body
      .data;
    expect(byVillage.tableData.every((r) => r.name !== '阳光花园')).toBe(true);
  });

  it('shows the renewals of every space as one 车位费 row, not one row per space', async () => {
    const n = await t.one<{ n: number }>(sql`select count(*)::int as n from parking_charges c
      where c.tenant_id = ${ids.tenantA} and c.kind = 1`);
    expect(n.n).toBeGreaterThan(1);
    const byItem = (await t.post<Financial>(`${F}?tabkey=item`, RANGE, property)).body.data.tableData;
    expect(byItem.filter((r) => r.name.startsWith('车位续费'))).toEqual([]);
    expect(byItem.filter((r) => r.name === '车位费')).toHaveLength(1);
  });

  it('refuses an id it does not know, naming the field', async () => {
    for (const id of ['lot:1', 'car:x', 'space:99999999999'])
      expect((await t.post(F, { ...RANGE, id }, property)).body).toMatchObject({
        code: Code.validation,
        msg: '车辆/车位 格式错误',
      });
  });
});
