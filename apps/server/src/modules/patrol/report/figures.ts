import { sql, type SQL } from 'drizzle-orm';
import type {
  PatrolCounts,
  PatrolGuardRow,
  PatrolReport,
  PatrolRouteRow,
  PatrolWeekRow,
} from '@5a/contracts/endpoints/patrol';
import type { Db } from '../../../core/db/client.ts';

/** the report's shapes are its contract's: a completion figure counts tasks (status 2 已完成, 3 已漏巡) */
export type { PatrolCounts, PatrolReport };

/** Whose tasks: a company, the villages of the caller's data scope (null = all), optionally one village. */
export type PatrolScope = { tenantId: number; villageIds: readonly number[] | null; villageId?: number };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** ids as one int[] parameter: the same on pg and PGlite */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`}::int[]`;

/** the tasks of the scope: tenant first (an id of another company is never counted), then villages */
export const patrolScope = (s: PatrolScope, alias = ''): SQL => {
  const col = (c: string) => sql.raw(alias ? `${alias}.${c}` : c);
  return sql.join(
    [
      sql`${col('tenant_id')} = ${s.tenantId}`,
      ...(s.villageIds === null ? [] : [sql`${col('village_id')} = any(${intArray(s.villageIds)})`]),
      ...(s.villageId ? [sql`${col('village_id')} = ${s.villageId}`] : []),
    ],
    sql` and `,
  );
};

/** the four counts over the rows of a grouped query whose tasks are `t` */
const COUNTS = sql.raw(`count(*)::int as total,
  count(*) filter (where t.status = 2)::int as completed,
  count(*) filter (where t.status = 3)::int as missed,
  coalesce(round(100.0 * count(*) filter (where t.status = 2) / nullif(count(*), 0), 2), 0)::float8 as rate`);

/**
 * The report over the tasks whose day lies in [start, end] (YYYY-MM-DD, Asia/Shanghai days as the generator
 * writes task_date): totals, per guard, per route and per week, each one grouped statement.
 */
export const patrolReport = async (
  db: Db,
  scope: PatrolScope,
  range: { start: string; end: string },
): Promise<Omit<PatrolReport, 'villages'>> => {
  const days = sql`t.task_date between ${range.start}::date and ${range.end}::date`;
  const [summary, byGuard, byRoute, byWeek] = await Promise.all([
    db.execute(sql`select ${COUNTS} from patrol_tasks t where ${patrolScope(scope, 't')} and ${days}`),
    // A shared task (worker_id 0, walked together) counts once for each guard listed on it: each of them
    // answered for that walk, so a guard's figures are the windows he was on, alone or with others. The
    // per-guard totals may therefore add up to more than the summary's. A person working in two villages is a
    // worker in each, so the name carries the village.
    db.execute(sql`
      select g.worker_id, coalesce(w.name || '（' || wv.name || '）', w.name, '已删除人员') as worker_name, ${COUNTS}
      from patrol_tasks t
      cross join lateral unnest(case when t.worker_id > 0 then array[t.worker_id]
        else string_to_array(nullif(t.staff_ids, ''), ',')::int[] end) as g(worker_id)
      left join workers w on w.id = g.worker_id and w.tenant_id = t.tenant_id
      left join villages wv on wv.id = w.village_id
      where ${patrolScope(scope, 't')} and ${days}
      group by g.worker_id, w.name, wv.name
      order by total desc, g.worker_id`),
    db.execute(sql`
      select t.route_id, coalesce(r.name, '') as route_name, coalesce(v.name, '') as village_name, ${COUNTS}
      from patrol_tasks t
      left join patrol_routes r on r.id = t.route_id and r.tenant_id = t.tenant_id
      left join villages v on v.id = t.village_id
      where ${patrolScope(scope, 't')} and ${days}
      group by t.route_id, r.name, v.name
      order by total desc, t.route_id`),
    db.execute(sql`
      select to_char(wk, 'YYYY-MM-DD') as week,
        count(t.id)::int as total,
        count(t.id) filter (where t.status = 2)::int as completed,
        count(t.id) filter (where t.status = 3)::int as missed,
        coalesce(round(100.0 * count(t.id) filter (where t.status = 2) / nullif(count(t.id), 0), 2), 0)::float8 as rate
      from generate_series(date_trunc('week', ${range.start}::timestamp), date_trunc('week', ${range.end}::timestamp), interval '1 week') wk
      left join patrol_tasks t on date_trunc('week', t.task_date::timestamp) = wk and ${patrolScope(scope, 't')} and ${days}
      group by wk order by wk`),
  ]);
  return {
    start_date: range.start,
    end_date: range.end,
    summary: rowsOf<PatrolCounts>(summary)[0] ?? { total: 0, completed: 0, missed: 0, rate: 0 },
    byGuard: rowsOf<PatrolGuardRow>(byGuard),
    byRoute: rowsOf<PatrolRouteRow>(byRoute),
    byWeek: rowsOf<PatrolWeekRow>(byWeek),
  };
};

/** The caller's villages (company, data scope) for the village filter. */
export const reportVillages = async (db: Db, scope: PatrolScope) =>
  rowsOf<{ id: number; name: string }>(
    await db.execute(
      sql`select id, name from villages where tenant_id = ${scope.tenantId} and ${
        scope.villageIds === null ? sql`true` : sql`id = any(${intArray(scope.villageIds)})`
      } order by id`,
    ),
  );

/**
 * The workbench's patrol panel: the tasks of one day in the caller's company and villages, and how many of them
 * are completed.
 */
export const patrolFigures = async (
  db: Db,
  opts: { tenantId: number; villageIds: readonly number[] | null; day: string },
): Promise<{ intelligentPatrol: number; intelligentPatrolSuc: number }> => {
  const scope = { tenantId: opts.tenantId, villageIds: opts.villageIds };
  const r = rowsOf<{ total: number; completed: number }>(
    await db.execute(sql`
      select count(*)::int as total, count(*) filter (where status = 2)::int as completed
      from patrol_tasks where ${patrolScope(scope)} and task_date = ${opts.day}::date`),
  )[0];
  return { intelligentPatrol: r?.total ?? 0, intelligentPatrolSuc: r?.completed ?? 0 };
};
