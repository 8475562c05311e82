import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { formatDate } from '../../../core/time.ts';
import { workers } from '../../estate/index.ts';
import { patrolRoutePoints, patrolRoutes, patrolTasks } from '../schema.ts';

export type GenerateOptions = {
  /** first day, 'YYYY-MM-DD' in Asia/Shanghai; today when omitted */
  from?: string;
  /** how many days from `from` (default 7) */
  days?: number;
  routeIds?: readonly number[];
  tenantId?: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = '^\\d{2}:\\d{2}(:\\d{2})?$';
const ID = '^\\d{1,9}$';

/**
 * Writes the patrol tasks of `days` days from `from` in one INSERT … SELECT: every enabled route with guards and
 * at least one point × each day × each time window of its patrol_time that falls on that day (daily; weekly on
 * the listed ISO weekdays; monthly on the listed days of the month) × its guards — a task per guard when each
 * walks it (dispatch_type 1), one task with worker_id 0 when they share it (2). Windows are wall-clock times
 * in Asia/Shanghai. A window that closed before the route was dispatched is not a task of that dispatch.
 * The unique (route, worker, window start) index makes a re-run write nothing; returns the rows written.
 * patrol_time must be JSON (the route's save validates it); inside it, a window or day list of the wrong
 * shape only loses that window or day (shapes are checked before any cast), and so does a guard id that is no
 * worker of the route's company.
 */
export const generatePatrolTasks = async (db: Pick<Db, 'execute'>, opts: GenerateOptions = {}): Promise<number> => {
  const from = opts.from && DAY.test(opts.from) ? opts.from : formatDate(new Date());
  const days = Math.max(1, Math.min(366, Math.trunc(opts.days ?? 7)));
  const routeFilter = opts.routeIds ? sql`and r.id = any(${intArray(opts.routeIds)})` : sql``;
  const tenantFilter = opts.tenantId !== undefined ? sql`and r.tenant_id = ${opts.tenantId}::int` : sql``;
  const result = await db.execute(sql`
    with r as (
      select r.id, r.tenant_id, r.village_id, r.staff_ids, r.dispatch_type, r.dispatched_at, r.patrol_time::jsonb as pt,
             (select count(distinct p.point_id)::int from ${patrolRoutePoints} p where p.route_id = r.id) as total
      from ${patrolRoutes} r
      where r.state = 1 and r.staff_ids <> '' and r.patrol_time like '{%}' ${routeFilter} ${tenantFilter}
    ), w as (
      select r.*, (case when t->>'start' ~ ${TIME} then (t->>'start')::time end) as s,
             (case when t->>'end' ~ ${TIME} then (t->>'end')::time end) as e
      from r
      cross join lateral jsonb_array_elements(case when jsonb_typeof(r.pt->'times') = 'array' then r.pt->'times' else '[]'::jsonb end) t
      where r.total > 0
    ), d as (
      select w.*, ${from}::date + g as day
      from w
      cross join generate_series(0, ${days - 1}::int) g
      where w.s is not null and w.e > w.s
        and case w.pt->>'type'
          when '1' then true
          when '2' then jsonb_typeof(w.pt->'week') = 'array'
            and exists (select 1 from jsonb_array_elements_text(w.pt->'week') x where x = extract(isodow from ${from}::date + g)::int::text)
          when '3' then jsonb_typeof(w.pt->'month') = 'array'
            and exists (select 1 from jsonb_array_elements_text(w.pt->'month') x where x = extract(day from ${from}::date + g)::int::text)
          else false
        end
    ), ins as (
      insert into ${patrolTasks} (tenant_id, village_id, route_id, worker_id, staff_ids, task_date, window_start, window_end, points_total)
      select d.tenant_id, d.village_id, d.id, g.worker_id, d.staff_ids, d.day,
             (d.day + d.s) at time zone 'Asia/Shanghai', (d.day + d.e) at time zone 'Asia/Shanghai', d.total
      from d
      cross join lateral (
        select distinct case when d.dispatch_type = 2 then 0 else k.id end as worker_id
        from ${workers} k
        where k.tenant_id = d.tenant_id
          and k.id in (select case when x ~ ${ID} then x::int end from regexp_split_to_table(btrim(d.staff_ids), '\\s*,\\s*') x)
      ) g
      where d.dispatched_at is null or (d.day + d.e) at time zone 'Asia/Shanghai' > d.dispatched_at
      on conflict (route_id, worker_id, window_start, tenant_id) do nothing
      returning 1
    )
    select count(*)::int as n from ins`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n) touchTable(patrolTasks);
  return n;
};

/** 生成任务: the caller's company, the routes of the villages of his data scope, from today. */
export const generateFor = async (db: Db, caller: Caller, days: number): Promise<number> => {
  const tenantId = caller.actor.tenantId ?? -1;
  if (caller.villageIds === null) return generatePatrolTasks(db, { tenantId, days });
  if (!caller.villageIds.length) return 0;
  const routes = (
    (await db.execute(
      sql`select id from ${patrolRoutes} where tenant_id = ${tenantId} and village_id = any(${intArray(caller.villageIds)})`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  return routes.length ? generatePatrolTasks(db, { tenantId, days, routeIds: routes.map((r) => r.id) }) : 0;
};
