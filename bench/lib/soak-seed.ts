/**
 * What the soak's mix needs beyond the demo seed, written straight into the database before a server starts: a car
 * park with entry and exit lanes, cards for the residents the doors let through, unpaid bills to collect (copies of
 * demo company A's unpaid bills on earlier periods, one payment each), and the posts a small filtered export reads.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import type { Lane, Person } from './device-events.ts';
import { seedLanes, seedResidentCards } from './device-seed.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type SoakSeed = {
  villageId: number;
  lanes: Lane[];
  people: Person[];
  billIds: number[];
  houseIds: number[];
  workerIds: number[];
};

export const EXPORT_CODE = 'soak-exp-';

export const seedSoak = async (db: Db, lanes: number, bills: number): Promise<SoakSeed> => {
  const [v] = rowsOf<{ id: number; tenant_id: number }>(
    await db.execute(sql`select id, tenant_id from villages where name = '阳光花园'`),
  );
  const village = v!.id;
  const tenant = v!.tenant_id;
  const park = await seedLanes(
    db,
    { tenantId: tenant, villageId: village },
    { lanes, prefix: 'SOAK', lotName: '压测停车场' },
  );
  const people = await seedResidentCards(db, village, 'SOAK');
  // one bill per (house, fee item, period): the copies take periods long before the demo's
  await db.execute(sql`with t as (
      select row_number() over (order by id) - 1 as i, count(*) over () as n, * from bills
      where tenant_id = ${tenant} and village_id = ${village} and status = 1 and amount > 0 and work_order_id = 0)
    insert into bills (tenant_id, village_id, building_id, house_id, fee_item_id, category, name, period_start,
      period_end, months, quantity, unit_price, amount, formula, due_date, late_fee_rate)
    select t.tenant_id, t.village_id, t.building_id, t.house_id, t.fee_item_id, t.category, t.name,
      date '1990-01-01' - g, date '1990-01-01' - g, t.months, t.quantity, t.unit_price,
      t.amount, t.formula, t.due_date, 0
    from generate_series(0, ${bills - 1}::int) g join t on t.i = g % t.n`);
  const billIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from bills where village_id = ${village} and period_start < date '1990-01-02'
      order by id`),
  ).map((r) => r.id);
  const houseIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from houses where village_id = ${village} order by id`),
  ).map((r) => r.id);
  const workerIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from workers where tenant_id = ${tenant} order by id`),
  ).map((r) => r.id);
  await db.execute(sql`insert into posts (tenant_id, name, code, sort, status)
    select ${tenant}::int, '压测岗位' || g, ${EXPORT_CODE} || g, 1000 + g, 1 from generate_series(1, 20) g`);
  return { villageId: village, lanes: park.lanes, people, billIds, houseIds, workerIds };
};
