import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { fail, invalid } from '../../core/errors.ts';
import { formatDate } from '../../core/time.ts';
import { monthlyCards, parkingPackages } from './schema-gate.ts';
import { vehicles } from './schema.ts';
import { NO_PACKAGE } from './packages.ts';

export type TopUp = { vehicle_id: number; package_id?: number };
export type CardRow = { lot_id: number; start_date: string; end_date: string };

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * 月卡充值: a package bought for a vehicle. In each car park of the package a card still running is extended by the
 * package's months from its end; otherwise a card starts today. One statement for every lot of the package; the
 * vehicle and the package must be the caller's (company and villages) and of the same village.
 */
export const topUpCard = async (db: Db, caller: Caller, input: TopUp): Promise<CardRow[]> => {
  if (!input.package_id) throw invalid(NO_PACKAGE, 'package_id');
  const tenant = caller.actor.tenantId ?? -1;
  const seen =
    caller.villageIds === null ? sql`true` : sql`v.village_id = any(${`{${caller.villageIds.join(',')}}`}::int[])`;
  const today = formatDate(new Date());
  const [pair] = rowsOf<{ vehicle: number | null; pkg: number | null; same: boolean }>(
    await db.execute(sql`
      select v.id as vehicle, p.id as pkg, v.village_id = p.village_id as same
      from (select 1) one
      left join ${vehicles} v on v.id = ${input.vehicle_id} and v.tenant_id = ${tenant} and v.status = 1 and ${seen}
      left join ${parkingPackages} p on p.id = ${input.package_id} and p.tenant_id = ${tenant} and p.status = 1`),
  );
  if (!pair?.vehicle) throw fail('车辆不存在');
  if (!pair.pkg) throw invalid(NO_PACKAGE, 'package_id');
  if (!pair.same) throw invalid('套餐不属于车辆所在小区', 'package_id');
  return rowsOf<CardRow>(
    await db.execute(sql`
      with pk as (
        select unnest(p.lot_ids) as lot_id, p.months, p.id, p.tenant_id, p.village_id
        from ${parkingPackages} p where p.id = ${input.package_id}
      ),
      extended as (
        update ${monthlyCards} c
        set end_date = (c.end_date + make_interval(months => pk.months))::date, package_id = pk.id, updated_at = now()
        from pk
        where c.vehicle_id = ${input.vehicle_id} and c.lot_id = pk.lot_id and c.status = 1
          and c.end_date >= ${today}::date
        returning c.lot_id, c.start_date, c.end_date
      ),
      started as (
        insert into ${monthlyCards} (tenant_id, village_id, vehicle_id, lot_id, package_id, start_date, end_date)
        select pk.tenant_id, pk.village_id, ${input.vehicle_id}, pk.lot_id, pk.id, ${today}::date,
          (${today}::date + make_interval(months => pk.months) - interval '1 day')::date
        from pk where pk.lot_id not in (select lot_id from extended)
        returning lot_id, start_date, end_date
      )
      select lot_id, start_date::text, end_date::text from extended
      union all select lot_id, start_date::text, end_date::text from started
      order by lot_id`),
  );
};
