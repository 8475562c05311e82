import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { fail, notFound } from '../../core/errors.ts';
import { abnormalAlerts, alertScopeWhere } from '../notice/index.ts';
import type { dispatchBody } from './bodies.ts';
import { repairOrders, repairTimeline } from './schema.ts';
import { S, statusLabels, type OrderStatus } from './status.ts';
import { dispatchOrder, loadOrder } from './workflow.ts';

/** 报修来源 of an order made from an abnormal alert */
export const SOURCE_ALERT = 6;

export type MapDispatch = z.output<typeof dispatchBody> & { source: 'alert' | 'repair' };

/**
 * 一张图's 派单: a work order is sent to a worker as 派单 does. From a work order: the order itself (派单 while
 * 待派单, 改派 once sent and not yet done). From an alert the caller sees: a new order of the alert's village
 * (source 异常预警), dispatched at once, and the alert marked handled — all in one transaction, so a refused
 * worker or time writes no order either. An alert gives one order only.
 */
export const dispatchFromMap = (db: Db, caller: Caller, b: MapDispatch) =>
  db.transaction(async (tx) => {
    if (b.source === 'repair') {
      const o = await loadOrder(tx, caller, b.id);
      if (o.status === S.reported) return { order_id: o.id, ...(await dispatchOrder(tx, caller, o, b, 'dispatch')) };
      if (o.status === S.dispatched || o.status === S.accepted || o.status === S.inProgress)
        return { order_id: o.id, ...(await dispatchOrder(tx, caller, o, b, 'redispatch')) };
      throw fail(`工单当前状态为“${statusLabels[o.status as OrderStatus] ?? '未知'}”，不能派单`);
    }
    const [a] = await tx
      .select()
      .from(abnormalAlerts)
      .where(and(eq(abnormalAlerts.id, b.id), alertScopeWhere(caller)))
      .for('update');
    if (!a) throw notFound('预警');
    const [made] = await tx.select({ id: repairOrders.id }).from(repairOrders).where(eq(repairOrders.alertId, a.id));
    if (made) throw fail(`该预警已派单（工单 #${made.id}）`);
    const [o] = await tx
      .insert(repairOrders)
      .values({
        tenantId: a.tenantId,
        villageId: a.villageId,
        personName: caller.actor.name || '物业',
        problem: a.title,
        source: SOURCE_ALERT,
        status: S.reported,
        alertId: a.id,
        createdBy: caller.actor.id,
      })
      .returning();
    await tx.insert(repairTimeline).values({
      tenantId: a.tenantId,
      orderId: o!.id,
      userId: caller.actor.id,
      userName: caller.actor.name,
      action: '预警转工单',
      fromStatus: null,
      toStatus: S.reported,
      note: `预警 #${a.id}：${a.title}`.slice(0, 1000),
    });
    await tx
      .update(abnormalAlerts)
      .set({ handled: 1, handledBy: caller.actor.id, handledAt: new Date() })
      .where(eq(abnormalAlerts.id, a.id));
    touchTable(repairOrders);
    return { order_id: o!.id, ...(await dispatchOrder(tx, caller, o!, b, 'dispatch')) };
  });
