import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import type { PayResult } from '../../payment/index.ts';
import { villages } from '../../tenancy/index.ts';
import { buildings, gatePersons, houses, maskPhone } from '../../estate/index.ts';
import { openidOf, providerFor } from '../../payment/index.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { markPaid, notifyPath } from './collect.ts';
import { newOutTradeNo, readPayToken, yuan } from '../format.ts';
import { bills, payments, payOrders, refundDue } from '../schema.ts';
import { AlertType, raiseAlert } from '../../notice/index.ts';

type Order = typeof payOrders.$inferSelect;
export type Settled = 'settled' | 'already' | 'refund' | 'ignored' | 'unknown';

const PAY_WECHAT = 4;

const recordRefund = async (tx: Tx, o: Order, r: PayResult, reason: string) => {
  // one row per (order, transaction): a replayed notification records nothing new
  await tx
    .insert(refundDue)
    .values({
      tenantId: o.tenantId,
      villageId: o.villageId,
      houseId: o.houseId,
      payOrderId: o.id,
      outTradeNo: o.outTradeNo,
      transactionId: r.transactionId,
      amount: r.amountFen,
      reason,
    })
    .onConflictDoNothing();
};

/**
 * Applies a verified provider result once, however often it arrives (notification replays,
 * polling): the order row is locked, `UPDATE … WHERE state <> 'SUCCESS' RETURNING` lets exactly
 * one caller settle, and the unique payments.pay_order_id is the last guard. Money that cannot
 * settle (wrong amount, bill paid meanwhile on site, a second transaction) becomes refund_due.
 */
export const settle = async (registry: AppRegistry, db: Db, tenantId: number, r: PayResult): Promise<Settled> => {
  let failed: Order | null = null;
  const out = await db.transaction(async (tx): Promise<Settled> => {
    const [o] = await tx
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.tenantId, tenantId), eq(payOrders.outTradeNo, r.outTradeNo)))
      .for('update');
    if (!o) return 'unknown';
    if (r.state !== 'SUCCESS') {
      if (o.state === 'NOTPAY' && ['CLOSED', 'PAYERROR', 'REVOKED'].includes(r.state))
        await tx
          .update(payOrders)
          .set({ state: r.state === 'REVOKED' ? 'CLOSED' : r.state, updatedAt: new Date() })
          .where(eq(payOrders.id, o.id));
      if (o.state === 'NOTPAY' && r.state === 'PAYERROR') failed = o;
      return 'ignored';
    }
    if (o.state === 'SUCCESS') {
      if (o.transactionId !== r.transactionId) {
        await recordRefund(tx, o, r, '重复支付：订单已结算');
        return 'refund';
      }
      return 'already';
    }
    if (r.amountFen !== o.amount) {
      await recordRefund(tx, o, r, `支付金额与订单金额不符：实付¥${yuan(r.amountFen)}，应付¥${yuan(o.amount)}`);
      await tx
        .update(payOrders)
        .set({ state: 'PAYERROR', transactionId: r.transactionId, updatedAt: new Date() })
        .where(eq(payOrders.id, o.id));
      return 'refund';
    }
    const paidAt = r.paidAt ?? new Date();
    const won = await tx
      .update(payOrders)
      .set({ state: 'SUCCESS', transactionId: r.transactionId, paidAt, updatedAt: new Date() })
      .where(and(eq(payOrders.id, o.id), ne(payOrders.state, 'SUCCESS')))
      .returning({ id: payOrders.id });
    if (!won.length) return 'already';
    const locked = await tx
      .select({ id: bills.id, status: bills.status })
      .from(bills)
      .where(and(inArray(bills.id, o.billIds), eq(bills.tenantId, tenantId)))
      .orderBy(asc(bills.id))
      .for('update');
    if (locked.length !== o.billIds.length || locked.some((b) => b.status !== 1)) {
      await recordRefund(tx, o, r, '账单已缴费（线下或其他订单已收款），本次支付需退款');
      return 'refund';
    }
    const [p] = await tx
      .insert(payments)
      .values({
        tenantId,
        villageId: o.villageId,
        houseId: o.houseId,
        billIds: o.billIds,
        total: o.total,
        discount: o.discount,
        amount: o.amount,
        payMethod: PAY_WECHAT,
        orderNum: o.outTradeNo,
        channel: 'online',
        payOrderId: o.id,
        userId: o.userId,
        createdAt: paidAt,
      })
      .returning({ id: payments.id });
    // settled by the provider's word: the order's opener (a resident on his page, staff at the desk) is the payer
    await markPaid(registry, tx, tenantId, o.lines, p!.id, PAY_WECHAT, paidAt, {
      id: o.userId ?? 0,
      userName: '在线支付',
      tenantId,
      operatorId: null,
    });
    return 'settled';
  });
  // after the commit: the office sees a failed online payment at once (one alert per order)
  const f = failed as Order | null;
  if (f)
    await raiseAlert(db, {
      tenantId,
      villageId: f.villageId,
      type: AlertType.paymentFailed,
      title: '在线缴费支付失败',
      content: `订单 ${f.outTradeNo} 支付失败，金额 ¥${yuan(f.amount)}`,
      source: 'payment',
      sourceId: f.outTradeNo,
    });
  return out;
};

/** While an order is NOTPAY, asks the provider (the notification may be late) and settles what it says. */
const refresh = async (registry: AppRegistry, db: Db, o: Order) => {
  if (o.state !== 'NOTPAY' || o.provider === 'pending') return o.state;
  const provider = await providerFor(registry, db, o.tenantId);
  const r = await provider.queryOrder(o.outTradeNo);
  if (r) await settle(registry, db, o.tenantId, r);
  const [now] = await db.select({ state: payOrders.state }).from(payOrders).where(eq(payOrders.id, o.id));
  return now?.state ?? o.state;
};

/** orderState {orderId}: the collection dialog polls this until SUCCESS. */
export const orderState = async (registry: AppRegistry, db: Db, caller: Caller, orderId: number) => {
  const villageOk =
    caller.villageIds === null
      ? undefined
      : caller.villageIds.length
        ? inArray(payOrders.villageId, [...caller.villageIds])
        : sql`false`;
  const [o] = await db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.id, orderId), eq(payOrders.tenantId, caller.actor.tenantId!), villageOk));
  if (!o) throw notFound();
  const state = await refresh(registry, db, o);
  return { orderId: o.id, outTradeNo: o.outTradeNo, state, paid: state === 'SUCCESS', amount: yuan(o.amount) };
};

const orderOfToken = async (db: Db, token: unknown) => {
  const id = readPayToken(token);
  const [o] = id ? await db.select().from(payOrders).where(eq(payOrders.id, id)) : [];
  if (!o) throw fail('支付链接无效或已过期');
  return o;
};

/** payConfig {id} → what the online pay page shows; {paidid} → the result ('confirming' until known). */
export const payConfig = async (registry: AppRegistry, db: Db, body: { id?: unknown; paidid?: unknown }) => {
  if (body.paidid !== undefined) {
    const o = await orderOfToken(db, body.paidid);
    const state = await refresh(registry, db, o).catch(() => o.state);
    return {
      state: state === 'SUCCESS' ? 'success' : state === 'NOTPAY' ? 'confirming' : 'failed',
      tradeno: o.outTradeNo,
    };
  }
  const o = await orderOfToken(db, body.id);
  return {
    totalFee: yuan(o.amount),
    href: o.codeUrl,
    tradeno: o.outTradeNo,
    time: formatTime(o.createdAt),
    state: o.state,
  };
};

/** billInfo {billInfo} → the wap pay page's bill summary. */
export const billInfo = async (registry: AppRegistry, db: Db, token: unknown) => {
  const o = await orderOfToken(db, token);
  const [h] = await db
    .select({
      village: villages.name,
      address: villages.address,
      building: buildings.name,
      unit: houses.unitName,
      room: houses.name,
    })
    .from(houses)
    .innerJoin(villages, eq(villages.id, houses.villageId))
    .innerJoin(buildings, eq(buildings.id, houses.buildingId))
    .where(eq(houses.id, o.houseId));
  const [owner] = await db
    .select({ name: gatePersons.name, tel: gatePersons.tel })
    .from(gatePersons)
    .where(and(eq(gatePersons.houseId, o.houseId), eq(gatePersons.personnelType, 1)))
    .orderBy(asc(gatePersons.isHuzhu), asc(gatePersons.id))
    .limit(1);
  const [p] = await db
    .select({
      from: sql<string>`to_char(min(${bills.periodStart}), 'YYYY-MM')`,
      to: sql<string>`to_char(max(${bills.periodEnd}), 'YYYY-MM')`,
    })
    .from(bills)
    .where(inArray(bills.id, o.billIds));
  return {
    villageName: h?.village ?? '',
    address: h ? `${h.address} ${h.building}${h.unit}${h.room}` : '',
    name: owner?.name ?? '',
    tel: maskPhone(owner?.tel ?? ''),
    totalNum: o.billIds.length,
    period: p?.from === p?.to ? (p?.from ?? '') : `${p?.from}~${p?.to}`,
    TaxAmount: yuan(o.amount),
    state: o.state,
    // the page sends a payer without an OAuth code to this official account's authorization
    appId: (await providerFor(registry, db, o.tenantId).catch(() => null))?.appId ?? '',
  };
};

/** a JSAPI order's life at the provider; reused only while comfortably inside it */
const JSAPI_TTL_MS = 2 * 3600_000;
const JSAPI_REUSE_MS = JSAPI_TTL_MS - 10 * 60_000;

/** The open JSAPI order of the same bills and amount, if one was placed lately with this provider. */
const openJsapiOrder = async (db: Db, o: Order, provider: string) => {
  const [open] = await db
    .select()
    .from(payOrders)
    .where(
      and(
        eq(payOrders.tenantId, o.tenantId),
        eq(payOrders.channel, 'jsapi'),
        eq(payOrders.state, 'NOTPAY'),
        eq(payOrders.provider, provider),
        eq(payOrders.amount, o.amount),
        sql`${payOrders.billIds} = ${sql.raw(`ARRAY[${o.billIds.map(Number).join(',')}]::int[]`)}`,
        gt(payOrders.createdAt, new Date(Date.now() - JSAPI_REUSE_MS)),
      ),
    )
    .orderBy(desc(payOrders.id))
    .limit(1);
  return open;
};

/**
 * webPay {code, payInfoId}: JSAPI parameters for the WeChat page, on a JSAPI order (channel jsapi)
 * for the same bills and amount: whichever of it and the QR order is paid second becomes
 * refund_due. The page is public, so the open JSAPI order is reused rather than a new one placed
 * per call; the provider answers a repeated order number with the same prepay.
 */
export const webPay = async (
  registry: AppRegistry,
  db: Db,
  body: { code?: unknown; payInfoId?: unknown },
  baseUrl: string,
) => {
  if (typeof body.code !== 'string' || !body.code) throw fail('缺少授权code');
  const o = await orderOfToken(db, body.payInfoId);
  if (o.state === 'SUCCESS') throw fail('订单已支付');
  if (o.state !== 'NOTPAY') throw fail('订单已关闭，请重新发起支付');
  const provider = await providerFor(registry, db, o.tenantId);
  const openid = await openidOf(provider, body.code);
  const place = (order: Order) =>
    provider.createOrder({
      outTradeNo: order.outTradeNo,
      description: '物业缴费',
      amountFen: o.amount,
      channel: 'jsapi',
      openid,
      notifyUrl: `${baseUrl}${notifyPath(o.tenantId)}`,
      expireAt: new Date(order.createdAt.getTime() + JSAPI_TTL_MS),
    });
  const reused = await openJsapiOrder(db, o, provider.kind);
  // a reused order the provider refuses (another payer's openid) gives way to a fresh one
  let created = reused ? await place(reused).catch(() => null) : null;
  if (!created) {
    const { id: _id, outTradeNo: _no, createdAt: _c, updatedAt: _u, ...rest } = o;
    const [fresh] = await db
      .insert(payOrders)
      .values({
        ...rest,
        outTradeNo: newOutTradeNo(o.tenantId),
        channel: 'jsapi',
        provider: provider.kind,
        codeUrl: '',
      })
      .returning();
    try {
      created = await place(fresh!);
    } catch (e) {
      // never reused: an order the provider does not know
      await db.update(payOrders).set({ state: 'CLOSED', updatedAt: new Date() }).where(eq(payOrders.id, fresh!.id));
      throw e;
    }
  }
  if (!created.jsapi) throw fail('支付渠道未返回支付参数');
  return created.jsapi;
};
