import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { intArray } from '../../core/db/sql.ts';
import { accessRecords } from '../estate/index.ts';
import { accessDevices } from './schema.ts';
import { ONLINE_SQL } from './devices/online.ts';
import { DEVICE_TYPES } from './fields.ts';

/** whose figures: a company, and the villages its user may see (null: all of them) */
export type AccessScope = { tenantId: number; villageIds: readonly number[] | null };

export type DeviceTypeFigure = { type: number; title: string; online: number; offline: number };
export type InOut = { in: number; out: number };
export type HourFigure = InOut & { hour: number };
export type MonthFigure = InOut & { month: string };

const rowsOf = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const villageOf = (col: SQL, s: AccessScope) =>
  s.villageIds === null ? sql`true` : sql`${col} = any(${intArray(s.villageIds)})`;

/** 设备在线/离线 per device type (every type listed, 0 when none), enabled devices only */
export const deviceFigures = async (db: Db, s: AccessScope): Promise<DeviceTypeFigure[]> => {
  const rows = await rowsOf<{ type: number; online: number; offline: number }>(
    db,
    sql`select d.device_type as type,
        count(*) filter (where ${ONLINE_SQL(sql`d.last_heartbeat`)} = 1)::int as online,
        count(*) filter (where ${ONLINE_SQL(sql`d.last_heartbeat`)} = 2)::int as offline
      from ${accessDevices} d
      where d.tenant_id = ${s.tenantId} and d.status = 1 and ${villageOf(sql`d.village_id`, s)}
      group by d.device_type`,
  );
  return DEVICE_TYPES.map(({ value, label }) => {
    const r = rows.find((x) => Number(x.type) === value);
    return { type: value, title: label, online: Number(r?.online ?? 0), offline: Number(r?.offline ?? 0) };
  });
};

/** 今日通行 per hour of today (Shanghai), 0–23 all listed */
export const accessByHour = async (db: Db, s: AccessScope): Promise<HourFigure[]> => {
  const rows = await rowsOf<{ hour: number; in: number; out: number }>(
    db,
    sql`select extract(hour from r.created_at at time zone 'Asia/Shanghai')::int as hour,
        count(*) filter (where r.jctype = 1)::int as in, count(*) filter (where r.jctype <> 1)::int as out
      from ${accessRecords} r
      where r.tenant_id = ${s.tenantId} and ${villageOf(sql`r.village_id`, s)}
        and r.created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'
      group by 1`,
  );
  return Array.from({ length: 24 }, (_, hour) => {
    const r = rows.find((x) => Number(x.hour) === hour);
    return { hour, in: Number(r?.in ?? 0), out: Number(r?.out ?? 0) };
  });
};

/** 月度通行 over the last `months` months (Shanghai), oldest first, every month listed */
export const accessByMonth = async (db: Db, s: AccessScope, months = 12): Promise<MonthFigure[]> =>
  (
    await rowsOf<{ month: string; in: number; out: number }>(
      db,
      sql`with m as (
          select to_char(date_trunc('month', now() at time zone 'Asia/Shanghai') - k * interval '1 month', 'YYYY-MM')
            as month
          from generate_series(0, ${months - 1}::int) k
        ), r as (
          select to_char(r.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
            count(*) filter (where r.jctype = 1)::int as in, count(*) filter (where r.jctype <> 1)::int as out
          from ${accessRecords} r
          where r.tenant_id = ${s.tenantId} and ${villageOf(sql`r.village_id`, s)}
            and r.created_at >= (date_trunc('month', now() at time zone 'Asia/Shanghai')
              - ${months - 1}::int * interval '1 month') at time zone 'Asia/Shanghai'
          group by 1
        )
        select m.month, coalesce(r.in, 0)::int as in, coalesce(r.out, 0)::int as out
        from m left join r on r.month = m.month order by m.month`,
    )
  ).map((r) => ({ month: r.month, in: Number(r.in), out: Number(r.out) }));

/**
 * The platform's IoT counts over a set of villages (a subquery of ids): enabled doors of the estate's gates (no
 * building) and of unit entrances, online when heard from lately.
 */
export const doorCounts = async (db: Db, villageIds: SQL) => {
  const [r] = await rowsOf<{ gate_on: number; gate_off: number; unit_on: number; unit_off: number }>(
    db,
    sql`select
        count(*) filter (where d.building_id is null and ${ONLINE_SQL(sql`d.last_heartbeat`)} = 1)::int as gate_on,
        count(*) filter (where d.building_id is null and ${ONLINE_SQL(sql`d.last_heartbeat`)} = 2)::int as gate_off,
        count(*) filter (where d.building_id is not null and ${ONLINE_SQL(sql`d.last_heartbeat`)} = 1)::int as unit_on,
        count(*) filter (where d.building_id is not null and ${ONLINE_SQL(sql`d.last_heartbeat`)} = 2)::int as unit_off
      from ${accessDevices} d where d.status = 1 and d.village_id in ${villageIds}`,
  );
  return {
    door: { on: r?.gate_on ?? 0, off: r?.gate_off ?? 0 },
    unitDoor: { on: r?.unit_on ?? 0, off: r?.unit_off ?? 0 },
  };
};
