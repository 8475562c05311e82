import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { repairScope } from './sql.ts';

export type RepairStats = {
  byStatus: { status: number; n: number }[];
  byCategory: { category: string; n: number }[];
  /** 'YYYY-MM' of the report time, with reported, completed (incl. visited/closed) and paid-service counts */
  byMonth: { month: string; reported: number; completed: number; paid: number }[];
  overdue: number;
  events: { open: number; unread: number };
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Aggregates of the work orders and event reports the caller may see (own company, villages of his
 * data scope), optionally one village and the last `months` months. For the workbench and statistics.
 */
export const repairStats = async (
  db: Db,
  caller: Caller,
  opts: { villageId?: number; months?: number } = {},
): Promise<RepairStats> => {
  const since = sql`created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') - make_interval(months => ${Math.max(0, (opts.months ?? 12) - 1)})`;
  const [byStatus, byCategory, byMonth, overdue, events] = await Promise.all([
    db.execute(
      sql`select status, count(*)::int as n from repair_orders where ${repairScope(caller, opts.villageId)} group by status order by status`,
    ),
    db.execute(
      sql`select coalesce((select name from repair_categories c where c.id = o.category_id and c.tenant_id = o.tenant_id), '未分类') as category, count(*)::int as n from repair_orders o where ${repairScope(caller, opts.villageId)} group by 1 order by 2 desc`,
    ),
    db.execute(sql`
      select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, count(*)::int as reported,
             count(*) filter (where status in (5, 6, 7))::int as completed, count(*) filter (where paid_service_id is not null)::int as paid
      from repair_orders where ${repairScope(caller, opts.villageId)} and ${since} group by 1 order by 1`),
    db.execute(
      sql`select count(*)::int as n from repair_orders where ${repairScope(caller, opts.villageId)} and status <= 3 and overdue_at is not null`,
    ),
    db.execute(
      sql`select count(*) filter (where status = 0)::int as open, count(*) filter (where not is_read)::int as unread from report_things where ${repairScope(caller, opts.villageId)}`,
    ),
  ]);
  return {
    byStatus: rowsOf<{ status: number; n: number }>(byStatus),
    byCategory: rowsOf<{ category: string; n: number }>(byCategory),
    byMonth: rowsOf<{ month: string; reported: number; completed: number; paid: number }>(byMonth),
    overdue: rowsOf<{ n: number }>(overdue)[0]?.n ?? 0,
    events: rowsOf<{ open: number; unread: number }>(events)[0] ?? { open: 0, unread: 0 },
  };
};
