import type { PatrolTaskView } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { patrolCheckins, patrolPoints, patrolRoutePoints, patrolRoutes, patrolTasks } from '../schema.ts';

export type Q = Db | Tx;
export const rowsOf = async <T>(q: Q, query: SQL) =>
  (((await q.execute(query)) as unknown as { rows: T[] }).rows ?? []) as T[];

export const VERDICT = { onTime: 1, late: 2, wrongPoint: 3, offWindow: 4 } as const;
export const verdictText: Record<number, string> = { 1: '准时', 2: '迟到', 3: '错误点位', 4: '不在巡更时段' };
export const statusText: Record<number, string> = { 0: '待巡更', 1: '巡更中', 2: '已完成', 3: '已漏巡' };

/** a comma list of ids as stored (staff_ids) split into text[] */
export const idsOf = (col: SQL) => sql`regexp_split_to_array(btrim(${col}), '\\s*,\\s*')`;
export const textArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::text[]`;

/** a task walked by one of these workers: his own, or a shared one (worker 0) that lists him */
export const taskOfWorkers = (t: SQL, workerIds: readonly number[]) =>
  sql`(${t}.worker_id = any(${`{${workerIds.join(',')}}`}::int[]) or (${t}.worker_id = 0 and ${idsOf(sql`${t}.staff_ids`)} && ${textArray(workerIds)}))`;

/** a check-in's verdict after its latest correction (corrections name the original row) */
export const effectiveVerdict = (c: SQL) =>
  sql`coalesce((select x.verdict from ${patrolCheckins} x where x.corrects_id = ${c}.id and x.tenant_id = ${c}.tenant_id order by x.id desc limit 1), ${c}.verdict)`;

/** the point of a task walked on time (an original check-in whose verdict, after corrections, is 准时) */
export const pointDone = (task: SQL, point: SQL, tenant: SQL) =>
  sql`exists (select 1 from ${patrolCheckins} c where c.tenant_id = ${tenant} and c.task_id = ${task} and c.point_id = ${point} and c.corrects_id is null and ${effectiveVerdict(sql`c`)} = 1)`;

export type TaskView = PatrolTaskView;

/** Tasks as the check-in page shows them (route, window, progress, points in walking order), in window order. */
export const taskViews = async (q: Q, where: SQL): Promise<TaskView[]> => {
  const rows = await rowsOf<Omit<TaskView, 'status_text'>>(
    q,
    sql`select t.id, r.name as route_name, t.task_date::text as task_date,
          to_char(t.window_start at time zone 'Asia/Shanghai', 'HH24:MI') || '-' || to_char(t.window_end at time zone 'Asia/Shanghai', 'HH24:MI') as window,
          t.status, t.points_total, t.points_done,
          coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'done', ${pointDone(sql`t.id`, sql`p.id`, sql`t.tenant_id`)}) order by rp.seq)
             from ${patrolRoutePoints} rp join ${patrolPoints} p on p.id = rp.point_id and p.tenant_id = rp.tenant_id
             where rp.route_id = t.route_id and rp.tenant_id = t.tenant_id), '[]') as points
        from ${patrolTasks} t join ${patrolRoutes} r on r.id = t.route_id and r.tenant_id = t.tenant_id
        where ${where}
        order by t.window_start, t.id`,
  );
  return rows.map((r) => ({
    ...r,
    points: typeof r.points === 'string' ? (JSON.parse(r.points) as TaskView['points']) : r.points,
    status_text: statusText[r.status] ?? '',
  }));
};

/** One task as the check-in page shows it. */
export const taskView = async (q: Q, taskId: number, tenantId: number): Promise<TaskView | null> =>
  (await taskViews(q, sql`t.id = ${taskId} and t.tenant_id = ${tenantId}`))[0] ?? null;

/**
 * Recounts a task from its check-ins: distinct points of the route walked on time; all of them → 已完成 (the
 * time of the first completion kept), none left open while the window still runs → 巡更中 / 待巡更, a closed
 * window short of points → 已漏巡. The caller holds the task's row lock.
 */
export const recountTask = async (q: Q, taskId: number, tenantId: number) => {
  await q.execute(sql`
    update ${patrolTasks} t set
      points_done = n.done,
      status = case when n.done >= t.points_total then 2 when t.window_end < now() then 3 when n.done > 0 then 1 else 0 end,
      completed_at = case when n.done >= t.points_total then coalesce(t.completed_at, now()) end,
      updated_at = now()
    from (select count(distinct rp.point_id)::int as done from ${patrolRoutePoints} rp
          where rp.tenant_id = ${tenantId} and rp.route_id = (select route_id from ${patrolTasks} where id = ${taskId} and tenant_id = ${tenantId})
            and ${pointDone(sql`${taskId}::int`, sql`rp.point_id`, sql`${tenantId}::int`)}) n
    where t.id = ${taskId} and t.tenant_id = ${tenantId}`);
};
