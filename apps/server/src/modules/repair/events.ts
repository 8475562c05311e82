import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { fail, notFound } from '../../core/errors.ts';
import { repairOrders, repairTimeline, reportThings } from './schema.ts';
import { S } from './status.ts';

/** report status: 0 待处理, 1 已转工单, 2 已答复, 3 已关闭 */
export const R = { open: 0, ordered: 1, answered: 2, closed: 3 } as const;
const labels = ['待处理', '已转工单', '已答复', '已关闭'];

const inScope = (caller: Caller): SQL | undefined =>
  and(
    eq(reportThings.tenantId, caller.actor.tenantId ?? -1),
    caller.villageIds === null
      ? undefined
      : caller.villageIds.length
        ? inArray(reportThings.villageId, [...caller.villageIds])
        : sql`false`,
  );

const load = async (db: Db, caller: Caller, id: number) => {
  const [r] = await db
    .select()
    .from(reportThings)
    .where(and(eq(reportThings.id, id), inScope(caller)));
  if (!r) throw notFound('事件');
  return r;
};

/** Unread reports of the villages the caller may see (the header bell). */
export const unreadReportCount = async (db: Db, caller: Caller) => {
  if (caller.actor.tenantId === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportThings)
    .where(and(inScope(caller), eq(reportThings.isRead, false)));
  return Number(row?.n ?? 0);
};

/** 标记已读: the chosen reports, or every unread one the caller sees when none is chosen (the bell). */
export const markRead = async (db: Db, caller: Caller, ids: readonly number[] | undefined) => {
  const done = await db
    .update(reportThings)
    .set({ isRead: true, updatedAt: new Date() })
    .where(
      and(
        inScope(caller),
        eq(reportThings.isRead, false),
        ids?.length ? inArray(reportThings.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: reportThings.id });
  touchTable(reportThings);
  return { count: done.length };
};

/** A pending report's state change, refused with its current state when someone was quicker. */
const settleReport = async (
  db: Db,
  caller: Caller,
  id: number,
  to: number,
  set: Partial<typeof reportThings.$inferInsert>,
  verb: string,
) => {
  const r = await load(db, caller, id);
  const done = await db
    .update(reportThings)
    .set({ ...set, status: to, isRead: true, updatedAt: new Date() })
    .where(and(eq(reportThings.id, r.id), eq(reportThings.status, R.open)))
    .returning({ id: reportThings.id });
  if (!done.length) throw fail(`该事件${labels[r.status] ?? ''}，不能${verb}`);
  touchTable(reportThings);
  return { id: r.id, status: to };
};

export const answerReport = (db: Db, caller: Caller, id: number, answer: string) =>
  settleReport(db, caller, id, R.answered, { answer, answeredAt: new Date() }, '答复');
export const closeReport = (db: Db, caller: Caller, id: number) => settleReport(db, caller, id, R.closed, {}, '关闭');

/** 转工单: a work order (source 事件上报) from a pending report, once; its timeline starts with the report. */
export const reportToOrder = async (db: Db, caller: Caller, id: number) =>
  db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(reportThings)
      .where(and(eq(reportThings.id, id), inScope(caller)))
      .for('update');
    if (!r) throw notFound('事件');
    if (r.status !== R.open) throw fail(`该事件${labels[r.status] ?? ''}，不能转工单`);
    const [o] = await tx
      .insert(repairOrders)
      .values({
        tenantId: r.tenantId,
        villageId: r.villageId,
        personName: r.personName || '住户',
        tel: r.tel,
        address: r.address,
        problem: r.problem || '（无描述）',
        imgs: r.imgs,
        source: 3,
        status: S.reported,
        eventId: r.id,
        createdBy: caller.actor.id,
      })
      .returning({ id: repairOrders.id });
    await tx.insert(repairTimeline).values({
      tenantId: r.tenantId,
      orderId: o!.id,
      userId: caller.actor.id,
      userName: caller.actor.name,
      action: '事件转工单',
      fromStatus: null,
      toStatus: S.reported,
      note: `事件 #${r.id}`,
    });
    await tx
      .update(reportThings)
      .set({ status: R.ordered, isRead: true, orderId: o!.id, updatedAt: new Date() })
      .where(eq(reportThings.id, r.id));
    touchTable(reportThings, repairOrders);
    return { id: r.id, order_id: o!.id };
  });
