import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { companyVillages, intArray } from '../../../core/db/sql.ts';
import { invalid, notFound } from '../../../core/errors.ts';
import { formatDate, formatTime } from '../../../core/time.ts';
import { villages } from '../../tenancy/index.ts';
import { yuan } from '../fee.ts';
import { parkingAssociations, parkingCharges } from '../schema-assoc.ts';
import { gateEvents, parkingPackages } from '../schema-gate.ts';
import { parkingLots, parkingSpaces } from '../schema.ts';
import { parkingTempOrders } from '../schema-temp.ts';
import type { LotOccupancy, ParkingFigures } from '@5a/contracts';

export type ParkingStatsQuery = { villageId?: number; from?: string; to?: string };
export type { LotOccupancy, ParkingFigures };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const validDay = (s: string) => DAY.test(s) && !Number.isNaN(new Date(`${s}T00:00:00+08:00`).getTime());

/** The default range: this month up to today (Shanghai days). */
const thisMonth = (now: Date): [string, string] => {
  const today = formatDate(now);
  return [`${today.slice(0, 8)}01`, today];
};

/** The caller's villages (company and data scope), and the ones the figures cover (one when filtered). */
const villagesInScope = async (db: Db, caller: Caller, villageId?: number) => {
  const scoped = caller.villageIds === null ? sql`true` : sql`${villages.id} = any(${intArray(caller.villageIds)})`;
  const vs = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select ${villages.id} as id, ${villages.name} as name from ${villages}
      where ${villages.tenantId} = ${caller.actor.tenantId ?? -1} and ${scoped} order by ${villages.id}`),
  );
  // a village outside the caller's scope does not exist for him
  if (villageId && !vs.some((v) => v.id === villageId)) throw notFound('小区');
  return { vs, ids: villageId ? [villageId] : vs.map((v) => v.id) };
};

/**
 * 停车概览 for the caller's villages (or one of them): occupancy now per enabled lot (capacity, cars inside = opened
 * entries that no opened exit has closed, counted once per plate; surplus never below 0), today's opened entries
 * and exits by Shanghai hour, the latest ten passages, and revenue per lot over the date range (default: this
 * month): the temporary fees paid on the phone (by when they were paid, under the order's lot), and the parking
 * bills paid in the range (a charge is applied in the transaction that marks its bill paid): renewals under their
 * space's lot, card top-ups under the first lot of their package. Four grouped statements, none per lot or event.
 */
export const parkingFigures = async (
  db: Db,
  caller: Caller,
  q: ParkingStatsQuery = {},
  now = new Date(),
): Promise<ParkingFigures> => {
  const [defFrom, defTo] = thisMonth(now);
  const from = q.from || defFrom;
  const to = q.to || defTo;
  if (!validDay(from) || !validDay(to)) throw invalid('日期格式应为YYYY-MM-DD', 'date_range');
  if (from > to) throw invalid('开始日期不能晚于结束日期', 'date_range');
  const { vs, ids } = await villagesInScope(db, caller, q.villageId);
  const tenant = caller.actor.tenantId ?? -1;
  const scope = { tenantId: tenant, villageIds: ids };
  const today = formatDate(now);
  const start = sql`${from}::timestamp at time zone 'Asia/Shanghai'`;
  const end = sql`(${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;

  const [lotRows, hourRows, latest, revenueRows] = await Promise.all([
    db.execute(sql`
      select l.id, l.name, l.capacity, coalesce(i.n, 0)::int as parking
      from ${parkingLots} l
      left join (
        select e.lot_id, count(distinct e.plate)::int as n from ${gateEvents} e
        where ${companyVillages('e', scope)} and e.decision = 'open' and e.is_type = 1
          and not exists (select 1 from ${gateEvents} x where x.entry_id = e.id and x.tenant_id = e.tenant_id and x.decision = 'open')
        group by e.lot_id
      ) i on i.lot_id = l.id
      where ${companyVillages('l', scope)} and l.status = 1
      order by l.village_id, l.id`),
    db.execute(sql`
      select extract(hour from e.occurred_at at time zone 'Asia/Shanghai')::int as hour, e.is_type, count(*)::int as n
      from ${gateEvents} e
      where ${companyVillages('e', scope)} and e.decision = 'open' and e.occurred_at >= ${today}::timestamp at time zone 'Asia/Shanghai'
        and e.occurred_at < (${today}::date + 1)::timestamp at time zone 'Asia/Shanghai'
      group by 1, 2`),
    db.execute(sql`
      select e.picimg, e.plate, e.occurred_at, e.is_type from ${gateEvents} e
      where ${companyVillages('e', scope)} and e.decision = 'open'
      order by e.occurred_at desc, e.id desc limit 10`),
    db.execute(sql`
      select l.id, l.name, coalesce(t.fee, 0)::bigint as temp, coalesce(c.renewal, 0)::bigint as renewal,
        coalesce(c.card, 0)::bigint as card
      from ${parkingLots} l
      left join (
        select o.lot_id, sum(o.amount) as fee from ${parkingTempOrders} o
        where o.tenant_id = ${tenant} and o.state = 'SUCCESS' and o.paid_at >= ${start} and o.paid_at < ${end}
        group by o.lot_id
      ) t on t.lot_id = l.id
      left join (
        select coalesce(s.lot_id, p.lot_ids[1]) as lot_id,
          sum(c.amount) filter (where c.kind = 1) as renewal, sum(c.amount) filter (where c.kind = 2) as card
        from ${parkingCharges} c
        left join ${parkingAssociations} a on c.kind = 1 and a.id = c.association_id and a.tenant_id = c.tenant_id
        left join ${parkingSpaces} s on s.id = a.space_id and s.tenant_id = a.tenant_id
        left join ${parkingPackages} p on c.kind = 2 and p.id = c.package_id and p.tenant_id = c.tenant_id
        where c.tenant_id = ${tenant} and c.applied_at >= ${start} and c.applied_at < ${end}
        group by 1
      ) c on c.lot_id = l.id
      where l.tenant_id = ${tenant} and l.village_id = any(${intArray(ids)})
      order by l.id`),
  ]);

  const lots = rowsOf<{ id: number; name: string; capacity: number; parking: number }>(lotRows).map((l) => ({
    id: l.id,
    name: l.name,
    capacity: l.capacity,
    parking: l.parking,
    surplus: Math.max(0, l.capacity - l.parking),
  }));
  const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, into: 0, out: 0 }));
  for (const r of rowsOf<{ hour: number; is_type: number; n: number }>(hourRows)) {
    const h = hourly[r.hour];
    if (h) h[r.is_type === 1 ? 'into' : 'out'] += r.n;
  }
  const parkNum = lots.reduce((a, l) => a + l.capacity, 0);
  const parking = lots.reduce((a, l) => a + l.parking, 0);
  return {
    villages: vs,
    village_id: q.villageId ?? 0,
    date_range: [from, to],
    parkingIot: { parkNum, parking, surplus: Math.max(0, parkNum - parking) },
    lots,
    hourly,
    vehicleEntryexit: {
      into: hourly.reduce((a, h) => a + h.into, 0),
      out: hourly.reduce((a, h) => a + h.out, 0),
    },
    vehicleEntryexitList: rowsOf<{ picimg: string; plate: string; occurred_at: string | Date; is_type: number }>(
      latest,
    ).map((e) => ({ picimg: e.picimg, platenum: e.plate, create_time: formatTime(e.occurred_at), is_type: e.is_type })),
    revenue: rowsOf<{ id: number; name: string; temp: string; renewal: string; card: string }>(revenueRows).map(
      (r) => ({
        lot_id: r.id,
        lot: r.name,
        temp: yuan(Number(r.temp)),
        renewal: yuan(Number(r.renewal)),
        card: yuan(Number(r.card)),
      }),
    ),
  };
};
