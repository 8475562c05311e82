import { sql } from 'drizzle-orm';
import { companyVillages } from '../../../core/db/sql.ts';
import type { Db } from '../../../core/db/client.ts';
import { OFFLINE_AFTER_MINUTES } from '../../access/index.ts';
import { rowsOf, type ScreenScope } from './scope.ts';

/** statuses of a repair order not yet done (待派单 … 待付款) and done (已完成, 已回访, 已关闭); 8 已取消 counts in neither */
export const OPEN_REPAIR = [0, 1, 2, 3, 4];
export const DONE_REPAIR = [5, 6, 7];

const COUNT_KEYS = [
  'building',
  'house',
  'owner',
  'usingHouse',
  'tenant',
  'visitor',
  'proPerson',
  'trafficRecord',
  'intelligentPatrol',
  'intelligentPatrolSuc',
  'repairStatisticsErr',
  'repairStatisticsSuc',
  'interControlNum',
  'gateNum',
  'videoNum',
  'lots',
  'capacity',
  'surplus',
  'carInto',
  'carOut',
] as const;
export type ScreenCounts = Record<(typeof COUNT_KEYS)[number], number>;

/** The screens' counters in one statement: each a count over the villages shown; `today` a Shanghai day. */
export const countsOf = async (db: Db, s: ScreenScope, today: string): Promise<ScreenCounts> => {
  const since = sql`(${today}::date)::timestamp at time zone 'Asia/Shanghai'`;
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from buildings b where ${companyVillages('b', s)}) as building,
      (select count(*) from houses h where ${companyVillages('h', s)}) as house,
      (select count(*) from gate_persons p where ${companyVillages('p', s)} and p.personnel_type = 1) as owner,
      (select count(*) from houses h where ${companyVillages('h', s)}
        and exists (select 1 from gate_persons p where p.house_id = h.id and p.tenant_id = h.tenant_id)) as "usingHouse",
      (select count(*) from gate_persons p where ${companyVillages('p', s)} and p.personnel_type = 2) as tenant,
      (select count(*) from visitors v where ${companyVillages('v', s)}) as visitor,
      (select count(*) from workers k where ${companyVillages('k', s)} and k.status = 1) as "proPerson",
      (select count(*) from access_records r where ${companyVillages('r', s)} and r.created_at >= ${since}) as "trafficRecord",
      pt.total as "intelligentPatrol", pt.done as "intelligentPatrolSuc",
      ro.open as "repairStatisticsErr", ro.done as "repairStatisticsSuc",
      (select count(*) from access_devices d where ${companyVillages('d', s)} and d.status = 1) as "interControlNum",
      (select count(*) from parking_gates g where ${companyVillages('g', s)} and g.status = 1) as "gateNum",
      (select count(*) from video_cameras c where ${companyVillages('c', s)}) as "videoNum",
      lo.lots, lo.capacity, lo.surplus, ve.into as "carInto", ve.out as "carOut"
    from
      (select count(*) as total, count(*) filter (where t.status = 2) as done
        from patrol_tasks t where ${companyVillages('t', s)} and t.task_date = ${today}::date) pt,
      (select count(*) filter (where o.status = any(${`{${OPEN_REPAIR.join(',')}}`}::int[])) as open,
          count(*) filter (where o.status = any(${`{${DONE_REPAIR.join(',')}}`}::int[])) as done
        from repair_orders o where ${companyVillages('o', s)}) ro,
      (select count(*) as lots, coalesce(sum(l.capacity), 0) as capacity,
          coalesce(sum(greatest(l.capacity - coalesce(i.n, 0), 0)), 0) as surplus
        from parking_lots l
        left join (
          select e.lot_id, count(distinct e.plate) as n from gate_events e
          where ${companyVillages('e', s)} and e.decision = 'open' and e.is_type = 1
            and not exists (select 1 from gate_events x where x.entry_id = e.id and x.tenant_id = e.tenant_id and x.decision = 'open')
          group by e.lot_id
        ) i on i.lot_id = l.id
        where ${companyVillages('l', s)} and l.status = 1) lo,
      (select count(*) filter (where e.is_type = 1) as into, count(*) filter (where e.is_type = 2) as out
        from gate_events e where ${companyVillages('e', s)} and e.decision = 'open' and e.occurred_at >= ${since}) ve`,
  );
  return Object.fromEntries(COUNT_KEYS.map((k) => [k, Number(r?.[k] ?? 0)])) as ScreenCounts;
};

export type MarkRow = {
  kind: 'b' | 'c' | 'a' | 'g' | 'p';
  id: number;
  name: string;
  village_id: number;
  lonlat: string;
  online: number;
};

/**
 * The map tabs' markers in one statement: located buildings, cameras (they keep no location), enabled doors
 * (at their building's location; online by their last call), barrier lanes and patrol points.
 */
export const marksOf = (db: Db, s: ScreenScope) => {
  return rowsOf<MarkRow>(
    db,
    sql`select 'b' as kind, b.id, b.name, b.village_id, b.lonlat, 1 as online from buildings b
        where ${companyVillages('b', s)} and b.lonlat <> ''
      union all
      select 'c', c.id, c.name, c.village_id, '', (case when c.state = 1 then 1 else 2 end) from video_cameras c
        where ${companyVillages('c', s)}
      union all
      select 'a', d.id, d.name, d.village_id, coalesce(b.lonlat, ''),
        (case when d.last_heartbeat >= now() - make_interval(mins => ${OFFLINE_AFTER_MINUTES}::int) then 1 else 2 end)
        from access_devices d left join buildings b on b.id = d.building_id and b.tenant_id = d.tenant_id
        where ${companyVillages('d', s)} and d.status = 1
      union all
      select 'g', g.id, g.name, g.village_id, g.lonlat, 1 from parking_gates g where ${companyVillages('g', s)} and g.status = 1
      union all
      select 'p', p.id, p.name, p.village_id, p.lonlat, (case when p.state = 1 then 1 else 2 end) from patrol_points p
        where ${companyVillages('p', s)}
      order by 1, 4, 2`,
  );
};
