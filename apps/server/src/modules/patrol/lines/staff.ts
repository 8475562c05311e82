import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { workers } from '../../estate/index.ts';
import { patrolTasks } from '../schema.ts';

type Q = Db | Tx;

/** '3,5' or [3, 5] → [3, 5] (a route keeps its guards as a comma list, the form sends ids) */
export const staffIdList = (v: unknown): number[] =>
  (Array.isArray(v) ? v.map(String) : String(v ?? '').split(','))
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/** The guards must be enabled workers of the route's village in its company; else 巡更人员不存在. */
export const checkStaff = async (q: Q, tenantId: number, villageId: number, ids: readonly number[]) => {
  if (!ids.length) return;
  const found = await q
    .select({ id: workers.id })
    .from(workers)
    .where(
      and(
        inArray(workers.id, [...ids]),
        eq(workers.tenantId, tenantId),
        eq(workers.villageId, villageId),
        eq(workers.status, 1),
      ),
    );
  if (found.length !== new Set(ids).size) throw invalid('巡更人员不存在', 'staff_ids');
};

/** New guards of a route: its tasks not yet begun that open later go, to be made again for them. */
export const dropUnbegunTasks = (q: Q, routeId: number, tenantId: number) =>
  q.execute(sql`delete from ${patrolTasks} t where t.route_id = ${routeId} and t.tenant_id = ${tenantId} and t.status = 0
    and t.window_start > now() and not exists (select 1 from patrol_checkins c where c.task_id = t.id and c.tenant_id = t.tenant_id)`);
