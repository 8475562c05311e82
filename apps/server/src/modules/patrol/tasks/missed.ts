import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { workers } from '../../estate/index.ts';
import { AlertType, type RaiseAlertInput } from '../../notice/index.ts';
import { patrolCheckins, patrolPoints, patrolRoutePoints, patrolRoutes, patrolTasks } from '../schema.ts';

export type RaisePatrolAlert = (db: Db, input: RaiseAlertInput) => Promise<unknown>;

type MissedRow = {
  id: number;
  tenant_id: number;
  village_id: number;
  route_name: string;
  guard: string;
  window_text: string;
  points_total: number;
  missed: string[] | null;
};

/** The alert of one missed task: the route, the window, who should have walked it and the points left unwalked. */
export const missedAlertText = (r: MissedRow) => {
  const missed = r.missed ?? [];
  return {
    title: `巡更漏巡：${r.route_name}`,
    content:
      `${r.window_text}（${r.guard}）未完成巡更，漏巡点位 ${missed.length}/${r.points_total}` +
      (missed.length ? `：${missed.join('、')}` : ''),
  };
};

/**
 * Marks the tasks whose window closed at `now` before they were completed as 已漏巡 (status 3), then raises one
 * alert per task after the marking committed and notes it (missed_alerted). A task marked but not yet noted —
 * the process stopped between — is raised on the next run; the alert's (source, id) keeps it to one either way.
 * The clock is a parameter so a test can move time.
 */
export const checkMissedPatrols = async (db: Db, now: Date, raise: RaisePatrolAlert): Promise<number[]> => {
  const at = now.toISOString();
  await db.execute(sql`
    update ${patrolTasks} set status = 3, updated_at = now()
    where id in (select id from ${patrolTasks} where status < 2 and window_end < ${at}::timestamptz order by id limit 1000)`);
  const result = await db.execute(sql`
    select t.id, t.tenant_id, t.village_id, r.name as route_name, t.points_total,
           coalesce((select w.name from ${workers} w where w.id = t.worker_id and w.tenant_id = t.tenant_id), '共同巡更') as guard,
           to_char(t.window_start at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') || '-' ||
             to_char(t.window_end at time zone 'Asia/Shanghai', 'HH24:MI') as window_text,
           (select array_agg(p.name order by rp.seq) from ${patrolRoutePoints} rp join ${patrolPoints} p on p.id = rp.point_id and p.tenant_id = rp.tenant_id
             where rp.route_id = t.route_id and rp.tenant_id = t.tenant_id
               and not exists (select 1 from ${patrolCheckins} c where c.task_id = t.id and c.tenant_id = t.tenant_id and c.point_id = rp.point_id and c.verdict = 1)
           ) as missed
    from ${patrolTasks} t join ${patrolRoutes} r on r.id = t.route_id and r.tenant_id = t.tenant_id
    where t.status = 3 and not t.missed_alerted
    order by t.id limit 1000`);
  const rows = (result as unknown as { rows: MissedRow[] }).rows;
  if (rows.length) touchTable(patrolTasks);
  for (const r of rows) {
    await raise(db, {
      tenantId: r.tenant_id,
      villageId: r.village_id,
      type: AlertType.patrolMissed,
      ...missedAlertText(r),
      source: 'patrol_task',
      sourceId: r.id,
    });
    await db.execute(
      sql`update ${patrolTasks} set missed_alerted = true where id = ${r.id} and tenant_id = ${r.tenant_id}`,
    );
  }
  return rows.map((r) => r.id);
};
