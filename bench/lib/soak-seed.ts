/**
 * What the soak's mix needs beyond the demo seed, written straight into the database before a server starts: a car
 * park with entry and exit lanes, cards for the residents the doors let through, unpaid bills to collect (copies of
 * demo company A's unpaid bills on earlier periods, one payment each), and the posts a small filtered export reads.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import type { Device } from './soak-load.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type SoakSeed = {
  villageId: number;
  lanes: { entry: Device; exit: Device }[];
  people: { id: number; card: string }[];
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
  const [lot] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into parking_lots (tenant_id, village_id, name, code, free_minutes, hour_price, day_cap)
      values (${tenant}, ${village}, '压测停车场', 'SOAK', 15, 500, 3000) returning id`),
  );
  await db.execute(sql`insert into parking_gates (tenant_id, village_id, lot_id, name, parkcode, direction, secret)
    select ${tenant}::int, ${village}::int, ${lot!.id}::int, 'soak' || g || '-' || d, 'SOAK-' || g || '-' || d, d,
      'soak-secret-' || g || '-' || d
    from generate_series(0, ${lanes - 1}::int) g, generate_series(1, 2) d`);
  await db.execute(sql`update gate_persons set status = 1, gate_card_id = 'SOAK-' || id where village_id = ${village}`);
  const people = rowsOf<{ id: number; card: string }>(
    await db.execute(sql`select id, gate_card_id as card from gate_persons where village_id = ${village} order by id`),
  );
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
  const lanesOut = Array.from({ length: lanes }, (_, g) => ({
    entry: { code: `SOAK-${g}-1`, secret: `soak-secret-${g}-1` },
    exit: { code: `SOAK-${g}-2`, secret: `soak-secret-${g}-2` },
  }));
  return { villageId: village, lanes: lanesOut, people, billIds, houseIds, workerIds };
};
