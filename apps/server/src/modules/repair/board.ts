import { sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { formatTime } from '../../core/time.ts';
import { repairScope } from './sql.ts';
import { statusLabels, type OrderStatus } from './status.ts';

/** Months are 'YYYY-MM' of the report time in Asia/Shanghai. */
export type BoardRange = { villageId?: number; from: string; to: string };
export type VillageMonth = {
  village_id: number;
  month: string;
  reported: number;
  completed: number;
  overdue: number;
  paid: number;
  paid_amount: number;
};
export type RepairBoard = {
  byVillageMonth: VillageMonth[];
  byStatus: { status: number; n: number }[];
  byCategory: { category: string; n: number }[];
  eventsByMonthType: { month: string; type: number; n: number }[];
};

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const month = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM')`);

/**
 * The repair statistics in four grouped statements whatever the number of orders: per village and
 * month (reported, completed, overdue, paid-service count and amount), per state, per category,
 * and event reports per month and type.
 */
export const repairBoard = async (db: Db, caller: Caller, range: BoardRange): Promise<RepairBoard> => {
  const inRange = sql`${month('created_at')} between ${range.from} and ${range.to}`;
  const [vm, status, category, events] = await Promise.all([
    db.execute(sql`
      select village_id, ${month('created_at')} as month, count(*)::int as reported,
             count(*) filter (where status in (5, 6, 7))::int as completed,
             count(*) filter (where overdue_at is not null)::int as overdue,
             count(*) filter (where paid_service_id is not null)::int as paid,
             coalesce(sum(material_cost + labour_cost) filter (where paid_service_id is not null), 0)::bigint as paid_amount
      from repair_orders where ${repairScope(caller, range.villageId)} and ${inRange} group by 1, 2 order by 2, 1`),
    db.execute(
      sql`select status, count(*)::int as n from repair_orders where ${repairScope(caller, range.villageId)} and ${inRange} group by status order by status`,
    ),
    db.execute(sql`
      select coalesce((select name from repair_categories c where c.id = o.category_id and c.tenant_id = o.tenant_id), '未分类') as category, count(*)::int as n
      from repair_orders o where ${repairScope(caller, range.villageId)} and ${inRange} group by 1 order by 2 desc, 1`),
    db.execute(
      sql`select ${month('created_at')} as month, type, count(*)::int as n from report_things where ${repairScope(caller, range.villageId)} and ${inRange} group by 1, 2 order by 1, 2`,
    ),
  ]);
  return {
    byVillageMonth: rowsOf<VillageMonth>(vm).map((r) => ({ ...r, paid_amount: Number(r.paid_amount) })),
    byStatus: rowsOf<{ status: number; n: number }>(status),
    byCategory: rowsOf<{ category: string; n: number }>(category),
    eventsByMonthType: rowsOf<{ month: string; type: number; n: number }>(events),
  };
};

/** Open orders of the caller's villages whose required completion time falls today (the workbench's reminder). */
export const repairDueToday = async (db: Db, caller: Caller) => {
  const res = await db.execute(sql`
    select count(*)::int as n from repair_orders where ${repairScope(caller)} and status < 5
      and (wctime at time zone 'Asia/Shanghai')::date = (now() at time zone 'Asia/Shanghai')::date`);
  return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
};

export type RepairActivity = {
  kind: 'event' | 'order';
  id: number;
  ref_id: number;
  title: string;
  content: string;
  status: string;
  time: string;
};

/** The latest event reports and work-order changes of the caller's villages, newest first (two indexed reads). */
export const recentRepairActivity = async (db: Db, caller: Caller, limit = 10): Promise<RepairActivity[]> => {
  const [events, changes] = await Promise.all([
    db.execute(sql`
      select id, problem, person_name, status, created_at from report_things where ${repairScope(caller)} order by id desc limit ${limit}`),
    db.execute(sql`
      select t.id, t.order_id, t.user_name, t.action, t.to_status, t.created_at, o.problem
      from repair_timeline t join repair_orders o on o.id = t.order_id
      where t.tenant_id = ${caller.actor.tenantId ?? -1} and o.id in (select id from repair_orders where ${repairScope(caller)})
      order by t.id desc limit ${limit}`),
  ]);
  const eventStatus = ['待处理', '已转工单', '已答复', '已关闭'];
  const list: (RepairActivity & { at: Date })[] = [
    ...rowsOf<{ id: number; problem: string; person_name: string; status: number; created_at: Date | string }>(
      events,
    ).map((e) => ({
      kind: 'event' as const,
      id: e.id,
      ref_id: e.id,
      title: `事件上报：${e.problem}`,
      content: e.person_name,
      status: eventStatus[e.status] ?? '',
      time: formatTime(new Date(e.created_at)),
      at: new Date(e.created_at),
    })),
    ...rowsOf<{
      id: number;
      order_id: number;
      user_name: string;
      action: string;
      to_status: number;
      created_at: Date | string;
      problem: string;
    }>(changes).map((c) => ({
      kind: 'order' as const,
      id: c.id,
      ref_id: c.order_id,
      title: `工单#${c.order_id}：${c.problem}`,
      content: c.user_name,
      status: statusLabels[c.to_status as OrderStatus] ?? '',
      time: formatTime(new Date(c.created_at)),
      at: new Date(c.created_at),
    })),
  ];
  return list
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, limit)
    .map(({ at: _at, ...r }) => r);
};
