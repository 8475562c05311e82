import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { rowsOf, within } from './scope.ts';

/** The days asked (YYYY-MM-DD, Shanghai days, both included) of a company's villages. */
export type FiguresQuery = { tenantId: number; villageIds: readonly number[]; from: string; to: string };

/** One day's figures over the villages asked. */
export type DailyFigure = {
  day: string;
  /** passages at the doors, in (jctype 1) and out */
  accessIn: number;
  accessOut: number;
  /** opened barrier entries and exits */
  carIn: number;
  carOut: number;
  /** patrol tasks of the day, and those completed */
  patrolTasks: number;
  patrolDone: number;
  /** repair orders reported that day, and those completed that day */
  repairs: number;
  repairsDone: number;
  /** visitor registrations */
  visitors: number;
  /** bills paid that day, fen */
  revenue: number;
};

const KEYS = [
  'accessIn',
  'accessOut',
  'carIn',
  'carOut',
  'patrolTasks',
  'patrolDone',
  'repairs',
  'repairsDone',
  'visitors',
  'revenue',
] as const;

const dayOf = (col: string) => sql.raw(`(${col} at time zone 'Asia/Shanghai')::date`);

/**
 * Every day of the range with the time-series figures the big screens chart, in one statement: each source grouped
 * by day once, joined to the calendar. The screens read only this, so it can be answered from per-village daily
 * rollups later without touching them.
 */
export const dailyFigures = async (db: Db, q: FiguresQuery): Promise<DailyFigure[]> => {
  if (!q.villageIds.length) return [];
  const start = sql`(${q.from}::date)::timestamp at time zone 'Asia/Shanghai'`;
  const end = sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  const inRange = (col: string): SQL => sql`${sql.raw(col)} >= ${start} and ${sql.raw(col)} < ${end}`;
  const rows = await rowsOf<Record<(typeof KEYS)[number], number> & { day: string }>(
    db,
    sql`with days as (
        select d::date as day from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
      ), a as (
        select ${dayOf('r.created_at')} as day, count(*) filter (where r.jctype = 1) as i,
          count(*) filter (where r.jctype <> 1) as o
        from access_records r where ${within('r', q)} and ${inRange('r.created_at')} group by 1
      ), c as (
        select ${dayOf('e.occurred_at')} as day, count(*) filter (where e.is_type = 1) as i,
          count(*) filter (where e.is_type = 2) as o
        from gate_events e where ${within('e', q)} and e.decision = 'open' and ${inRange('e.occurred_at')} group by 1
      ), p as (
        select t.task_date as day, count(*) as n, count(*) filter (where t.status = 2) as done
        from patrol_tasks t where ${within('t', q)} and t.task_date between ${q.from}::date and ${q.to}::date
        group by 1
      ), ro as (
        select ${dayOf('o.created_at')} as day, count(*) as n
        from repair_orders o where ${within('o', q)} and ${inRange('o.created_at')} group by 1
      ), rd as (
        select ${dayOf('o.completed_at')} as day, count(*) as n
        from repair_orders o where ${within('o', q)} and ${inRange('o.completed_at')} group by 1
      ), vi as (
        select ${dayOf('v.created_at')} as day, count(*) as n
        from visitors v where ${within('v', q)} and ${inRange('v.created_at')} group by 1
      ), rv as (
        select ${dayOf('b.paid_at')} as day, sum(b.paid_amount) as n
        from bills b where ${within('b', q)} and b.status = 2 and ${inRange('b.paid_at')} group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce(a.i, 0)::int as "accessIn", coalesce(a.o, 0)::int as "accessOut",
        coalesce(c.i, 0)::int as "carIn", coalesce(c.o, 0)::int as "carOut",
        coalesce(p.n, 0)::int as "patrolTasks", coalesce(p.done, 0)::int as "patrolDone",
        coalesce(ro.n, 0)::int as repairs, coalesce(rd.n, 0)::int as "repairsDone",
        coalesce(vi.n, 0)::int as visitors, coalesce(rv.n, 0)::bigint as revenue
      from days
      left join a on a.day = days.day left join c on c.day = days.day left join p on p.day = days.day
      left join ro on ro.day = days.day left join rd on rd.day = days.day left join vi on vi.day = days.day
      left join rv on rv.day = days.day
      order by days.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    ...(Object.fromEntries(KEYS.map((k) => [k, Number(r[k] ?? 0)])) as Record<(typeof KEYS)[number], number>),
  }));
};

export type MonthlyFigure = Omit<DailyFigure, 'day'> & { month: string };

/** The days summed per month (YYYY-MM), in order. */
export const byMonth = (days: readonly DailyFigure[]): MonthlyFigure[] => {
  const out = new Map<string, MonthlyFigure>();
  for (const { day, ...f } of days) {
    const month = day.slice(0, 7);
    const m = out.get(month);
    if (!m) out.set(month, { month, ...f });
    else for (const k of KEYS) m[k] += f[k];
  }
  return [...out.values()];
};
