import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { companyVillages } from '../../core/db/sql.ts';
import { rollupState, villageDailyFigures } from './schema.ts';

/** The days asked (YYYY-MM-DD, Shanghai days, both included) of a company's villages. */
export type FiguresQuery = { tenantId: number; villageIds: readonly number[]; from: string; to: string };

/** One day's figures over the villages asked. */
export type DailyFigure = {
  day: string;
  /** passages at the doors, in (jctype 1) and out */
  accessIn: number;
  accessOut: number;
  /** of them, those that raised a door alert */
  accessAlerted: number;
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
  'accessAlerted',
  'carIn',
  'carOut',
  'patrolTasks',
  'patrolDone',
  'repairs',
  'repairsDone',
  'visitors',
  'revenue',
] as const;
/** the rollup table's column of each figure */
const COLUMNS: Record<(typeof KEYS)[number], string> = {
  accessIn: 'access_in',
  accessOut: 'access_out',
  accessAlerted: 'access_alerted',
  carIn: 'car_in',
  carOut: 'car_out',
  patrolTasks: 'patrol_tasks',
  patrolDone: 'patrol_done',
  repairs: 'repairs',
  repairsDone: 'repairs_done',
  visitors: 'visitors',
  revenue: 'revenue',
};
const COLS = KEYS.map((k) => COLUMNS[k]);

const rowsOf = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const dayOf = (col: string) => sql.raw(`(${col} at time zone 'Asia/Shanghai')::date`);

/**
 * Every source's figures per village and Shanghai day within [from, to], as rows of (tenant_id, village_id, day and
 * one figure column each, 0 for the others); `where(alias)` narrows each source (a company's villages, or none).
 */
const sourceRows = (from: string, to: string, where: (alias: string) => SQL): SQL => {
  const start = sql`(${from}::date)::timestamp at time zone 'Asia/Shanghai'`;
  const end = sql`(${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  const inRange = (col: string): SQL => sql`${sql.raw(col)} >= ${start} and ${sql.raw(col)} < ${end}`;
  /** the figures of one source, named; the others 0 */
  const pick = (given: Partial<Record<(typeof KEYS)[number], string>>) =>
    sql.raw(KEYS.map((k) => `${given[k] ?? '0'}::bigint as ${COLUMNS[k]}`).join(', '));
  return sql`
    select r.tenant_id, r.village_id, ${dayOf('r.created_at')} as day,
      ${pick({ accessIn: 'count(*) filter (where r.jctype = 1)', accessOut: 'count(*) filter (where r.jctype <> 1)' })}
    from access_records r where ${where('r')} and ${inRange('r.created_at')} group by 1, 2, 3
    union all
    -- a passage's alert is raised as it is recorded (once per passage): counted by the alert's day, the few alerts
    -- read instead of a lookup for every passage
    select a.tenant_id, a.village_id, ${dayOf('a.created_at')}, ${pick({ accessAlerted: 'count(*)' })}
    from abnormal_alerts a where ${where('a')} and a.source = 'access_record' and ${inRange('a.created_at')}
    group by 1, 2, 3
    union all
    select e.tenant_id, e.village_id, ${dayOf('e.occurred_at')},
      ${pick({ carIn: 'count(*) filter (where e.is_type = 1)', carOut: 'count(*) filter (where e.is_type = 2)' })}
    from gate_events e where ${where('e')} and e.decision = 'open' and ${inRange('e.occurred_at')} group by 1, 2, 3
    union all
    select t.tenant_id, t.village_id, t.task_date,
      ${pick({ patrolTasks: 'count(*)', patrolDone: 'count(*) filter (where t.status = 2)' })}
    from patrol_tasks t where ${where('t')} and t.task_date between ${from}::date and ${to}::date group by 1, 2, 3
    union all
    select o.tenant_id, o.village_id, ${dayOf('o.created_at')}, ${pick({ repairs: 'count(*)' })}
    from repair_orders o where ${where('o')} and ${inRange('o.created_at')} group by 1, 2, 3
    union all
    select o.tenant_id, o.village_id, ${dayOf('o.completed_at')}, ${pick({ repairsDone: 'count(*)' })}
    from repair_orders o where ${where('o')} and ${inRange('o.completed_at')} group by 1, 2, 3
    union all
    select v.tenant_id, v.village_id, ${dayOf('v.created_at')}, ${pick({ visitors: 'count(*)' })}
    from visitors v where ${where('v')} and ${inRange('v.created_at')} group by 1, 2, 3
    union all
    select b.tenant_id, b.village_id, ${dayOf('b.paid_at')}, ${pick({ revenue: 'sum(b.paid_amount)' })}
    from bills b where ${where('b')} and b.status = 2 and ${inRange('b.paid_at')} group by 1, 2, 3`;
};

const sums = sql.raw(COLS.map((c) => `sum(${c})::bigint as ${c}`).join(', '));
const ROLLUP_STATE_ID = 1;

/**
 * Rebuilds the rollups of every village for the days [from, to] from the source tables, in one transaction: the
 * days' rows are replaced by one INSERT…SELECT. Returns how many village-days hold figures.
 */
export const refreshRollups = async (db: Db, from: string, to: string): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${villageDailyFigures} where day between ${from}::date and ${to}::date`);
    const { rows } = (await tx.execute(
      sql`with ins as (
          insert into ${villageDailyFigures} (tenant_id, village_id, day, ${sql.raw(COLS.join(', '))})
          select tenant_id, village_id, day, ${sums}
          from (${sourceRows(from, to, () => sql`true`)}) s group by tenant_id, village_id, day
          returning 1)
        select count(*)::int as n from ins`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]?.n ?? 0;
  });

/** days the job refreshes again each run: passages a device sends late, repairs and patrols closed late */
export const REFRESH_DAYS = 3;

/**
 * The rollup job's run: the last REFRESH_DAYS days before today rebuilt (the first run: the whole past year), and
 * the mark moved to today — days before it are read from the rollups, today and later live.
 */
export const rollUp = async (db: Db, today: string): Promise<{ from: string; to: string; rows: number }> => {
  const [state] = await rowsOf<{ through: string }>(
    db,
    sql`select to_char(through, 'YYYY-MM-DD') as through from ${rollupState} where id = ${ROLLUP_STATE_ID}`,
  );
  const [range] = await rowsOf<{ from: string; to: string }>(
    db,
    sql`select to_char(least(coalesce(${state?.through ?? null}::date, ${today}::date - 366), ${today}::date - ${REFRESH_DAYS}::int), 'YYYY-MM-DD') as from,
      to_char(${today}::date - 1, 'YYYY-MM-DD') as to`,
  );
  const rows = await refreshRollups(db, range!.from, range!.to);
  await db.execute(sql`insert into ${rollupState} (id, through) values (${ROLLUP_STATE_ID}, ${today}::date)
    on conflict (id) do update set through = excluded.through, updated_at = now()`);
  return { from: range!.from, to: range!.to, rows };
};

/**
 * Every day of the range with the time-series figures the big screens chart: days before the rollup mark from the
 * per-village daily rollups, the others counted live from the sources (only those days scanned), on the calendar.
 */
export const dailyFigures = async (db: Db, q: FiguresQuery): Promise<DailyFigure[]> => {
  if (!q.villageIds.length) return [];
  // the live part scans only the days the rollups do not hold yet
  const [mark] = await rowsOf<{ through: string }>(
    db,
    sql`select to_char(greatest(coalesce((select through from ${rollupState} where id = ${ROLLUP_STATE_ID}), ${q.from}::date),
      ${q.from}::date), 'YYYY-MM-DD') as through`,
  );
  const through = mark!.through;
  const rows = await rowsOf<Record<string, number> & { day: string }>(
    db,
    sql`with rolled as (
        select f.day, ${sums} from ${villageDailyFigures} f
        where ${companyVillages('f', q)} and f.day between ${q.from}::date and ${q.to}::date and f.day < ${through}::date
        group by f.day
      ), live as (
        select s.day, ${sums} from (${through <= q.to ? sourceRows(through, q.to, (a) => companyVillages(a, q)) : sql`select null::date as day, ${sql.raw(COLS.map((c) => `0::bigint as ${c}`).join(', '))} where false`}) s
        group by s.day
      ), figures as (select * from rolled union all select * from live)
      select to_char(d::date, 'YYYY-MM-DD') as day, ${sql.raw(COLS.map((c) => `coalesce(f.${c}, 0)::bigint as ${c}`).join(', '))}
      from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
      left join figures f on f.day = d::date
      order by d`,
  );
  return rows.map((r) => ({
    day: r.day,
    ...(Object.fromEntries(KEYS.map((k) => [k, Number(r[COLUMNS[k]] ?? 0)])) as Record<(typeof KEYS)[number], number>),
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
