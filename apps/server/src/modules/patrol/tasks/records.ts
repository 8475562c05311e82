import type { PatrolTaskDetailPoint } from '@5a/contracts';
import { and, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { scopeWhere } from '../../../core/engine/scope.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { workers } from '../../estate/index.ts';
import { patrolCheckins, patrolPoints, patrolRoutePoints, patrolTasks } from '../schema.ts';
import { effectiveVerdict, recountTask, rowsOf, statusText, verdictText } from './sql.ts';

export type CorrectInput = { id: number; verdict: number; reason: string };

/**
 * A correction is a new row naming the original check-in (never the correction of a correction) with the verdict
 * it should have had and why; the original stays as written. The task it counted for is recounted.
 */
export const correctRecord = async (db: Db, caller: Caller, def: ResourceDef, input: CorrectInput) => {
  const [c] = await db
    .select()
    .from(patrolCheckins)
    .where(and(sql`${patrolCheckins.id} = ${input.id}`, scopeWhere(def, caller, true)))
    .limit(1);
  if (!c) throw notFound();
  const originalId = c.correctsId ?? c.id;
  // a guard does not grade his own walk
  const [own] = await rowsOf<{ id: number }>(
    db,
    sql`select c.id from ${patrolCheckins} c
        where c.id = ${originalId} and c.tenant_id = ${c.tenantId}
          and (c.user_id = ${caller.actor.id} or c.worker_id in (select w.id from ${workers} w where w.user_id = ${caller.actor.id} and w.tenant_id = c.tenant_id))`,
  );
  if (own) throw fail('不能校正本人的巡更记录');
  return db.transaction(async (tx) => {
    const [o] = await rowsOf<{ task_id: number | null; verdict: number }>(
      tx,
      sql`select task_id, ${effectiveVerdict(sql`c`)} as verdict from ${patrolCheckins} c where c.id = ${originalId} and c.tenant_id = ${c.tenantId}`,
    );
    if (!o) throw notFound();
    if (o.task_id)
      await tx.execute(
        sql`select id from ${patrolTasks} where id = ${o.task_id} and tenant_id = ${c.tenantId} for update`,
      );
    if (o.verdict === input.verdict) throw fail(`该记录已是“${verdictText[input.verdict]}”，无需校正`);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into ${patrolCheckins} (tenant_id, village_id, task_id, point_id, worker_id, user_id, checked_at, verdict, corrects_id, reason)
          select tenant_id, village_id, task_id, point_id, worker_id, ${caller.actor.id}, checked_at, ${input.verdict}, id, ${input.reason}
          from ${patrolCheckins} where id = ${originalId} and tenant_id = ${c.tenantId}
          returning id`,
    );
    if (o.task_id) await recountTask(tx, o.task_id, c.tenantId);
    touchTable(patrolCheckins, patrolTasks);
    return { id: row!.id };
  });
};

export type TaskPoint = PatrolTaskDetailPoint;

/** 巡更详情: the task and its points in walking order, each with its first on-time check-in or 未巡, and the missed ones. */
export const taskDetail = async (db: Db, caller: Caller, def: ResourceDef, id: number) => {
  const [t] = await db
    .select({
      id: patrolTasks.id,
      tenantId: patrolTasks.tenantId,
      status: patrolTasks.status,
      routeId: patrolTasks.routeId,
    })
    .from(patrolTasks)
    .where(and(sql`${patrolTasks.id} = ${id}`, scopeWhere(def, caller, false)))
    .limit(1);
  if (!t) throw notFound();
  const points = await rowsOf<Omit<TaskPoint, 'verdict_text'>>(
    db,
    sql`select rp.seq, p.id, p.name, p.point_no,
          coalesce(to_char(k.checked_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '') as checked_at, k.verdict
        from ${patrolRoutePoints} rp join ${patrolPoints} p on p.id = rp.point_id and p.tenant_id = rp.tenant_id
        left join lateral (
          select c.checked_at, ${effectiveVerdict(sql`c`)} as verdict from ${patrolCheckins} c
          where c.task_id = ${id} and c.tenant_id = ${t.tenantId} and c.point_id = p.id and c.corrects_id is null
          order by (${effectiveVerdict(sql`c`)} = 1) desc, c.checked_at limit 1) k on true
        where rp.route_id = ${t.routeId} and rp.tenant_id = ${t.tenantId}
        order by rp.seq`,
  );
  const view = points.map((p) => ({ ...p, verdict_text: p.verdict ? verdictText[p.verdict]! : '未巡' }));
  return {
    id: t.id,
    status: t.status,
    status_text: statusText[t.status] ?? '',
    points: view,
    missed: t.status === 3 ? view.filter((p) => p.verdict !== 1).map((p) => p.name) : [],
  };
};
