import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { villages } from '../../tenancy/index.ts';
import { workers } from '../../estate/index.ts';
import { patrolCheckins, patrolPoints, patrolRoutePoints, patrolRoutes, patrolTasks } from '../schema.ts';
import {
  idsOf,
  pointDone,
  recountTask,
  rowsOf,
  taskOfWorkers,
  taskView,
  taskViews,
  textArray,
  VERDICT,
  verdictText,
  type Q,
  type TaskView,
} from './sql.ts';

type Point = {
  id: number;
  tenant_id: number;
  village_id: number;
  name: string;
  point_no: string;
  state: number;
  village_name: string;
};

/** A point of the caller's company; anything else (another company's, a forged id) does not exist for him. */
const loadPoint = async (q: Q, caller: Caller, pointId: number): Promise<Point> => {
  const [p] = await rowsOf<Point>(
    q,
    sql`select p.id, p.tenant_id, p.village_id, p.name, p.point_no, p.state, coalesce(v.name, '') as village_name
        from ${patrolPoints} p left join ${villages} v on v.id = p.village_id
        where p.id = ${pointId} and p.tenant_id = ${caller.actor.tenantId ?? -1}::int`,
  );
  if (!p) throw invalid('点位不存在', 'point_id');
  return p;
};

/** The caller's worker rows in the company (a guard may work several villages, a row each). */
const guardOf = async (q: Q, caller: Caller, tenantId: number): Promise<number[]> => {
  const ws = await rowsOf<{ id: number }>(
    q,
    sql`select id from ${workers} where user_id = ${caller.actor.id} and tenant_id = ${tenantId} order by id`,
  );
  if (!ws.length) throw fail('您不是巡更人员');
  return ws.map((w) => w.id);
};

type Candidate = { id: number; open: boolean; done: boolean; worker_id: number };

/**
 * His tasks of today (and yesterday's, for a window reaching past midnight) on routes that contain the point:
 * the open ones first — a point not yet walked before one already walked, the earliest closing first — then
 * the closed ones of today, the latest first.
 */
const candidates = (q: Q, point: Point, workerIds: number[], now: Date) => {
  const at = now.toISOString();
  const today = formatDate(now);
  return rowsOf<Candidate>(
    q,
    sql`select t.id, (t.window_start <= ${at}::timestamptz and t.window_end >= ${at}::timestamptz) as open,
          ${pointDone(sql`t.id`, sql`${point.id}::int`, sql`t.tenant_id`)} as done,
          case when t.worker_id <> 0 then t.worker_id
               else (select min(w) from unnest(${`{${workerIds.join(',')}}`}::int[]) w where w::text = any(${idsOf(sql`t.staff_ids`)})) end as worker_id
        from ${patrolTasks} t
        where t.tenant_id = ${point.tenant_id} and t.task_date between ${today}::date - 1 and ${today}::date
          and ${taskOfWorkers(sql`t`, workerIds)}
          and exists (select 1 from ${patrolRoutePoints} rp where rp.route_id = t.route_id and rp.tenant_id = t.tenant_id and rp.point_id = ${point.id})
          and (t.window_start <= ${at}::timestamptz and t.window_end >= ${at}::timestamptz
               or t.task_date = ${today}::date and t.window_end < ${at}::timestamptz)
        order by open desc, case when t.window_end >= ${at}::timestamptz then (${pointDone(sql`t.id`, sql`${point.id}::int`, sql`t.tenant_id`)})::int end,
          case when t.window_end >= ${at}::timestamptz then t.window_end end, t.window_end desc
        limit 1`,
  );
};

/** Whether the point is on one of his enabled routes at all (then a check-in outside every window is 不在巡更时段). */
const onHisRoutes = async (q: Q, point: Point, workerIds: number[]) =>
  (
    await rowsOf<{ n: number }>(
      q,
      sql`select count(*)::int as n from ${patrolRoutes} r
          where r.tenant_id = ${point.tenant_id} and r.state = 1 and ${idsOf(sql`r.staff_ids`)} && ${textArray(workerIds)}
            and exists (select 1 from ${patrolRoutePoints} rp where rp.route_id = r.id and rp.tenant_id = r.tenant_id and rp.point_id = ${point.id})`,
    )
  )[0]!.n > 0;

const pointView = (p: Point) => ({
  id: p.id,
  name: p.name,
  point_no: p.point_no,
  village_name: p.village_name,
  state: p.state,
});

/** The H5 page's first call: the point and the caller's task of the moment for it (none outside his windows). */
export const pointOfMoment = async (db: Db, caller: Caller, pointId: number, now = new Date()) => {
  const point = await loadPoint(db, caller, pointId);
  const workerIds = await guardOf(db, caller, point.tenant_id);
  const [c] = await candidates(db, point, workerIds, now);
  const task = c?.open ? await taskView(db, c.id, point.tenant_id) : null;
  return { point: pointView(point), task, done: !!c?.open && c.done };
};

/**
 * The phone page opened without a point: the caller's tasks of today, and yesterday's whose window still runs past
 * midnight, each with its points done and left.
 */
export const tasksToday = async (db: Db, caller: Caller, now = new Date()) => {
  const tenantId = caller.actor.tenantId;
  if (!tenantId) throw fail('您不是巡更人员');
  const workerIds = await guardOf(db, caller, tenantId);
  const today = formatDate(now);
  const tasks = await taskViews(
    db,
    sql`t.tenant_id = ${tenantId} and ${taskOfWorkers(sql`t`, workerIds)}
        and (t.task_date = ${today}::date or t.task_date = ${today}::date - 1 and t.window_end >= ${now.toISOString()}::timestamptz)`,
  );
  return { date: today, tasks };
};

export type CheckinInput = { point_id: number; photo?: string; note?: string };
export type CheckinResult = { id: number; verdict: number; verdict_text: string; task: TaskView | null };

/**
 * One check-in, always recorded: 准时 inside a window of one of his tasks on a route with the point (the task
 * recounted under its row lock), 迟到 when only a window of today has closed, 不在巡更时段 when the point is on
 * his routes but no window fits, 错误点位 otherwise.
 */
export const checkIn = async (
  db: Db,
  caller: Caller,
  input: CheckinInput,
  now = new Date(),
): Promise<CheckinResult> => {
  const point = await loadPoint(db, caller, input.point_id);
  const workerIds = await guardOf(db, caller, point.tenant_id);
  if (point.state !== 1) throw fail('该点位已停用');
  const result = await db.transaction(async (tx) => {
    const [c] = await candidates(tx, point, workerIds, now);
    const verdict = c?.open
      ? VERDICT.onTime
      : c
        ? VERDICT.late
        : (await onHisRoutes(tx, point, workerIds))
          ? VERDICT.offWindow
          : VERDICT.wrongPoint;
    if (c?.open)
      await tx.execute(
        sql`select id from ${patrolTasks} where id = ${c.id} and tenant_id = ${point.tenant_id} for update`,
      );
    const [row] = await tx
      .insert(patrolCheckins)
      .values({
        tenantId: point.tenant_id,
        villageId: point.village_id,
        taskId: c?.id ?? null,
        pointId: point.id,
        workerId: c?.worker_id ?? workerIds[0]!,
        userId: caller.actor.id,
        checkedAt: now,
        verdict,
        photo: input.photo ?? '',
        note: input.note ?? '',
      })
      .returning({ id: patrolCheckins.id });
    if (c?.open) await recountTask(tx, c.id, point.tenant_id);
    return { id: row!.id, verdict, taskId: c?.id };
  });
  touchTable(patrolCheckins, patrolTasks);
  return {
    id: result.id,
    verdict: result.verdict,
    verdict_text: verdictText[result.verdict]!,
    task: result.taskId ? await taskView(db, result.taskId, point.tenant_id) : null,
  };
};
