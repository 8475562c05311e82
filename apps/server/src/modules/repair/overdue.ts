import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { serviceBillStatus } from '../fees/index.ts';
import { repairOrders, repairTimeline } from './schema.ts';
import { deadlineSql, slaText } from './sla.ts';
import { S, statusLabels, type OrderStatus } from './status.ts';

export type OverdueOrder = {
  id: number;
  tenantId: number;
  villageId: number;
  status: number;
  problem: string;
  leftSeconds: number;
};
export type RaiseOverdue = (db: Db, o: OverdueOrder) => Promise<unknown>;

/**
 * Marks every open order whose deadline passed at `now` (once: overdue_at) and raises one alert for
 * each, after the marking committed. The clock is a parameter so a test can move time.
 */
export const checkOverdue = async (db: Db, now: Date, raise: RaiseOverdue) => {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update repair_orders set overdue_at = ${at}::timestamptz
    where id in (
      select id from repair_orders
      where status <= ${S.inProgress} and overdue_at is null and ${deadlineSql} < ${at}::timestamptz
      order by id limit 1000)
    returning id, tenant_id, village_id, status, problem, floor(extract(epoch from (${deadlineSql} - ${at}::timestamptz)))::int as left_seconds`);
  const rows = (
    result as unknown as {
      rows: {
        id: number;
        tenant_id: number;
        village_id: number;
        status: number;
        problem: string;
        left_seconds: number;
      }[];
    }
  ).rows;
  for (const r of rows)
    await raise(db, {
      id: r.id,
      tenantId: r.tenant_id,
      villageId: r.village_id,
      status: r.status,
      problem: r.problem,
      leftSeconds: r.left_seconds,
    });
  return rows.map((r) => r.id);
};

/** 待付款 orders whose bill was paid move to 已完成 (the fees module does not know work orders). */
export const settlePaid = async (db: Db) => {
  const waiting = await db
    .select({ id: repairOrders.id, tenantId: repairOrders.tenantId, billId: repairOrders.billId })
    .from(repairOrders)
    .where(sql`${repairOrders.status} = ${S.awaitingPay} and ${repairOrders.billId} is not null`)
    .limit(1000);
  let n = 0;
  for (const o of waiting) {
    if ((await serviceBillStatus(db, o.billId!)) !== 2) continue;
    await db.transaction(async (tx) => {
      const done = await tx
        .update(repairOrders)
        .set({ status: S.completed, updatedAt: new Date() })
        .where(sql`${repairOrders.id} = ${o.id} and ${repairOrders.status} = ${S.awaitingPay}`)
        .returning({ id: repairOrders.id });
      if (done.length)
        await tx.insert(repairTimeline).values({
          tenantId: o.tenantId,
          orderId: o.id,
          userName: '系统',
          action: '确认收款',
          fromStatus: S.awaitingPay,
          toStatus: S.completed,
          note: '账单已缴',
        });
      n += done.length;
    });
  }
  if (n) touchTable(repairOrders);
  return n;
};

/** The alert text of an overdue order. */
export const overdueAlertText = (o: OverdueOrder) => ({
  title: `工单 #${o.id} 已超时`,
  content: `工单 #${o.id}（${statusLabels[o.status as OrderStatus] ?? ''}）${slaText(o.leftSeconds)}：${o.problem.slice(0, 100)}`,
});
