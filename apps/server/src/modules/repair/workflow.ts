import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RepairDetail } from '@5a/contracts/endpoints/repair';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import type { Tx } from '../../core/engine/types.ts';
import { fail, invalid, notFound } from '../../core/errors.ts';
import { formatTime } from '../../core/time.ts';
import { workers } from '../estate/index.ts';
import { createServiceBill, serviceBillStatus, voidServiceBill } from '../fees/index.ts';
import type { completeBody, dispatchBody, reasonBody, visitBody } from './bodies.ts';
import { paidServices, repairOrders, repairTimeline } from './schema.ts';
import { S, staleMessage, transitions, type TransitionName } from './status.ts';

export type Order = typeof repairOrders.$inferSelect;

/** the order as the caller may see it: own company, villages of the data scope */
const scoped = (caller: Caller, id: number): SQL | undefined =>
  and(
    eq(repairOrders.id, id),
    eq(repairOrders.tenantId, caller.actor.tenantId ?? -1),
    caller.villageIds === null
      ? undefined
      : caller.villageIds.length
        ? inArray(repairOrders.villageId, [...caller.villageIds])
        : sql`false`,
  );

export const loadOrder = async (q: Db | Tx, caller: Caller, id: number): Promise<Order> => {
  const [o] = await q.select().from(repairOrders).where(scoped(caller, id)).limit(1);
  if (!o) throw notFound('工单');
  return o;
};

/** Only the worker the order is dispatched to (his login user) may accept, start and complete it. */
const mustBeWorker = async (q: Tx, caller: Caller, o: Order) => {
  const [w] = o.workerId
    ? await q.select({ userId: workers.userId }).from(workers).where(eq(workers.id, o.workerId))
    : [];
  if (!w || w.userId !== caller.actor.id) throw fail('该工单未派给您，只有被派单的维修人员可以操作');
};

/**
 * One transition: the UPDATE names the state the order was read in, so a stale page or a repeated
 * click changes nothing and is told the current state; the timeline row goes in the same transaction.
 */
const move = async (
  tx: Tx,
  caller: Caller,
  o: Order,
  name: TransitionName,
  set: Partial<Order>,
  note = '',
  to?: number,
) => {
  const t = transitions[name];
  const target = to ?? t.to;
  if (!(t.from as readonly number[]).includes(o.status)) throw fail(staleMessage(name, o.status));
  const done = await tx
    .update(repairOrders)
    .set({ ...set, status: target, updatedAt: new Date() })
    .where(and(eq(repairOrders.id, o.id), eq(repairOrders.status, o.status)))
    .returning({ id: repairOrders.id });
  if (!done.length) {
    const [now] = await tx.select({ status: repairOrders.status }).from(repairOrders).where(eq(repairOrders.id, o.id));
    throw fail(staleMessage(name, now?.status ?? o.status));
  }
  await tx.insert(repairTimeline).values({
    tenantId: o.tenantId,
    orderId: o.id,
    userId: caller.actor.id,
    userName: caller.actor.name,
    action: t.title,
    fromStatus: o.status,
    toStatus: target,
    note: note.slice(0, 1000),
  });
  touchTable(repairOrders);
  return { id: o.id, status: target };
};

const inTx = <T>(db: Db, caller: Caller, id: number, run: (tx: Tx, o: Order) => Promise<T>) =>
  db.transaction(async (tx) => run(tx, await loadOrder(tx, caller, id)));

const workerOf = async (tx: Tx, o: Order, personid: number) => {
  const [w] = await tx
    .select({ id: workers.id, name: workers.name, status: workers.status })
    .from(workers)
    .where(and(eq(workers.id, personid), eq(workers.tenantId, o.tenantId), eq(workers.villageId, o.villageId)));
  if (!w || w.status !== 1) throw invalid('维修人员不存在或不属于该工单的小区', 'personid');
  return w;
};

/** Sends an order read in this transaction to a worker of its village (派单, or 改派 of one already sent). */
export const dispatchOrder = async (
  tx: Tx,
  caller: Caller,
  o: Order,
  b: Omit<z.output<typeof dispatchBody>, 'id'>,
  name: 'dispatch' | 'redispatch' = 'dispatch',
) => {
  const w = await workerOf(tx, o, b.personid);
  if (b.wctime.getTime() < Date.now() - 60_000) throw invalid('要求完成时间不能早于当前时间', 'wctime');
  const reset = name === 'redispatch' ? { acceptedAt: null, startedAt: null } : {};
  return move(
    tx,
    caller,
    o,
    name,
    {
      workerId: w.id,
      content: b.content,
      wctime: b.wctime,
      stime: b.stime ?? null,
      etime: b.etime ?? null,
      dispatchedAt: new Date(),
      overdueAt: null,
      ...reset,
    },
    `${w.name}：${b.content}（要求${formatTime(b.wctime).slice(0, 16)}前完成）`,
  );
};

export const dispatch = (
  db: Db,
  caller: Caller,
  b: z.output<typeof dispatchBody>,
  name: 'dispatch' | 'redispatch' = 'dispatch',
) => inTx(db, caller, b.id, (tx, o) => dispatchOrder(tx, caller, o, b, name));

export const accept = (db: Db, caller: Caller, id: number) =>
  inTx(db, caller, id, async (tx, o) => {
    await mustBeWorker(tx, caller, o);
    return move(tx, caller, o, 'accept', { acceptedAt: new Date() });
  });

export const start = (db: Db, caller: Caller, id: number) =>
  inTx(db, caller, id, async (tx, o) => {
    await mustBeWorker(tx, caller, o);
    return move(tx, caller, o, 'start', { startedAt: new Date() });
  });

/** Completes the work; a paid service order gets its bill and waits in 待付款 until paid or waived. */
export const complete = (db: Db, caller: Caller, b: z.output<typeof completeBody>) =>
  inTx(db, caller, b.id, async (tx, o) => {
    await mustBeWorker(tx, caller, o);
    if (!(transitions.complete.from as readonly number[]).includes(o.status))
      throw fail(staleMessage('complete', o.status));
    const material = b.material_cost ?? 0;
    const labour = b.labour_cost ?? 0;
    const set: Partial<Order> = {
      completedAt: new Date(),
      result: b.result,
      resultImgs: b.result_imgs ?? '',
      materialCost: material,
      labourCost: labour,
    };
    if (!o.paidServiceId) return move(tx, caller, o, 'complete', set, b.result);
    const [svc] = await tx.select().from(paidServices).where(eq(paidServices.id, o.paidServiceId));
    if (!svc || !o.houseId) throw fail('有偿服务或房屋不存在，无法生成账单');
    const amount = svc.price + material + labour;
    const bill = await createServiceBill(tx, {
      tenantId: o.tenantId,
      villageId: o.villageId,
      houseId: o.houseId,
      workOrderId: o.id,
      date: formatTime(o.createdAt).slice(0, 10),
      name: `有偿服务-${svc.name}`,
      amount,
      formula: `服务费¥${(svc.price / 100).toFixed(2)} + 材料费¥${(material / 100).toFixed(2)} + 人工费¥${(labour / 100).toFixed(2)} = ¥${(amount / 100).toFixed(2)}`,
    });
    return {
      ...(await move(
        tx,
        caller,
        o,
        'complete',
        { ...set, billId: bill.id },
        `${b.result}；账单¥${(amount / 100).toFixed(2)}待缴`,
        S.awaitingPay,
      )),
      bill_id: bill.id,
    };
  });

/** 待付款 → 已完成 once the order's bill is paid (also run by the periodic sweep). */
export const settle = (db: Db, caller: Caller, id: number) =>
  inTx(db, caller, id, async (tx, o) => {
    if (o.status === S.awaitingPay && o.billId && (await serviceBillStatus(tx, o.billId)) !== 2)
      throw fail('账单尚未缴费，不能确认完成');
    return move(tx, caller, o, 'settle', {}, '账单已缴');
  });

export const waive = (db: Db, caller: Caller, b: z.output<typeof reasonBody>) =>
  inTx(db, caller, b.id, async (tx, o) => {
    if (o.status === S.awaitingPay && o.billId && !(await voidServiceBill(tx, o.billId)))
      throw fail('账单已缴费，请确认收款');
    return move(tx, caller, o, 'waive', { waiveReason: b.reason, billId: null }, `减免：${b.reason}`);
  });

export const visit = (db: Db, caller: Caller, b: z.output<typeof visitBody>) =>
  inTx(db, caller, b.id, (tx, o) =>
    move(
      tx,
      caller,
      o,
      'visit',
      { rating: b.rating, comment: b.comment ?? '', visitedAt: new Date() },
      `${b.rating}星${b.comment ? `：${b.comment}` : ''}`,
    ),
  );

export const close = (db: Db, caller: Caller, id: number) =>
  inTx(db, caller, id, (tx, o) => move(tx, caller, o, 'close', { closedAt: new Date() }));

export const cancel = (db: Db, caller: Caller, b: z.output<typeof reasonBody>) =>
  inTx(db, caller, b.id, (tx, o) =>
    move(tx, caller, o, 'cancel', { cancelReason: b.reason, closedAt: new Date() }, b.reason),
  );

/** the names a detail looks up beside the order (null where the order names none) */
type NameRow = {
  worker_name: string | null;
  worker_tel: string | null;
  category_name: string | null;
  service_name: string | null;
  village_name: string | null;
  bill_status: number | null;
};

/** The detail page: the order, its worker, category and paid service names, and its timeline. */
export const detail = async (db: Db, caller: Caller, id: number): Promise<RepairDetail> => {
  const o = await loadOrder(db, caller, id);
  const names = await db.execute(sql`
    select (select name from workers where id = ${o.workerId} and tenant_id = ${o.tenantId}) as worker_name,
           (select phone from workers where id = ${o.workerId} and tenant_id = ${o.tenantId}) as worker_tel,
           (select name from repair_categories where id = ${o.categoryId} and tenant_id = ${o.tenantId}) as category_name,
           (select name from paid_services where id = ${o.paidServiceId} and tenant_id = ${o.tenantId}) as service_name,
           (select name from villages where id = ${o.villageId}) as village_name,
           (select b.status from bills b where b.id = ${o.billId} and b.tenant_id = ${o.tenantId}) as bill_status`);
  const n: Partial<NameRow> = (names as unknown as { rows: NameRow[] }).rows[0] ?? {};
  const t = (d: Date | null) => (d ? formatTime(d) : '');
  return {
    id: o.id,
    village_id: o.villageId,
    village_name: n.village_name ?? '',
    house_id: o.houseId,
    person_name: o.personName,
    tel: o.tel,
    address: o.address,
    problem: o.problem,
    imgs: o.imgs ? o.imgs.split(',') : [],
    category_id: o.categoryId,
    category_name: n.category_name ?? '',
    urgency: o.urgency,
    source: o.source,
    status: o.status,
    worker_id: o.workerId,
    worker_name: n.worker_name ?? '',
    worker_tel: n.worker_tel ?? '',
    content: o.content,
    wctime: t(o.wctime),
    stime: t(o.stime),
    etime: t(o.etime),
    dispatched_at: t(o.dispatchedAt),
    accepted_at: t(o.acceptedAt),
    started_at: t(o.startedAt),
    completed_at: t(o.completedAt),
    result: o.result,
    result_imgs: o.resultImgs ? o.resultImgs.split(',') : [],
    material_cost: (o.materialCost / 100).toFixed(2),
    labour_cost: (o.labourCost / 100).toFixed(2),
    paid_service_id: o.paidServiceId,
    service_name: n.service_name ?? '',
    bill_id: o.billId,
    bill_status: n.bill_status ?? null,
    waive_reason: o.waiveReason,
    rating: o.rating,
    comment: o.comment,
    cancel_reason: o.cancelReason,
    event_id: o.eventId,
    created_at: t(o.createdAt),
    timeline: await timelineOf(db, o.id),
  };
};

/** An order's timeline, oldest first (the caller already may see the order). */
export const timelineOf = async (db: Db, orderId: number) =>
  (
    await db.select().from(repairTimeline).where(eq(repairTimeline.orderId, orderId)).orderBy(asc(repairTimeline.id))
  ).map((r) => ({
    id: r.id,
    action: r.action,
    user_name: r.userName,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    note: r.note,
    created_at: formatTime(r.createdAt),
  }));

/** The dispatch dialog's choices: active workers of the order's village. */
export const workerOptions = async (db: Db, caller: Caller, id: number) => {
  const o = await loadOrder(db, caller, id);
  const rows = await db
    .select({ value: workers.id, label: workers.name, section: workers.sectionName })
    .from(workers)
    .where(and(eq(workers.tenantId, o.tenantId), eq(workers.villageId, o.villageId), eq(workers.status, 1)))
    .orderBy(asc(workers.id));
  return rows.map((r) => ({ value: r.value, label: r.section ? `${r.label}（${r.section}）` : r.label }));
};
