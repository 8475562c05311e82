import { touchTable } from '../../../core/engine/list-totals.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idListOf } from '@5a/contracts';
import { recordCustomAudit, type AuditBy } from '../../../core/engine/audit.ts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere, type Caller } from '../../../core/engine/scope.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { fail, invalid, notFound } from '../../../core/errors.ts';
import { houses } from '../../estate/index.ts';
import { collectMinDiscount } from '../../system/index.ts';
import { providerFor } from '../../payment/index.ts';
import { applyDiscount, discountBasis, newOutTradeNo, signPayToken, splitPaid, yuan } from '../format.ts';
import { runBillsPaid } from './paid-hooks.ts';
import { lateFeeSql, renewalListResource } from '../bills/resource.ts';
import { balanceLedger, bills, payments, payOrders, type PayLine } from '../schema.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { formatDate } from '../../../core/time.ts';

const ids = idListOf('ids', { max: 500, tooMany: '一次最多收取500条账单' });
export const chargeBody = z.object({
  ids,
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '收款方式只能是线上或线下')
    .default(1),
  payway: z.union([z.string(), z.number()]).optional(),
  orderNum: z.union([z.string(), z.number()]).optional(),
  discount: z.union([z.string(), z.number()]).optional(),
  isOl: z.unknown().optional(),
});

/** pay methods: 1 bank card, 2 cash, 3 Alipay-type, 4 WeChat; 5 the house's prepaid balance */
export const PAY_BALANCE = 5;
export const PAY_CASH = 2;
/** cash has no reference of its own: its 订单编号 is made from the date and the payment's id */
const cashOrderNum = (paymentId: number, at: Date) =>
  `XJ${formatDate(at).replaceAll('-', '')}${String(paymentId).padStart(6, '0')}`;

const lineFields = {
  id: bills.id,
  houseId: bills.houseId,
  villageId: bills.villageId,
  name: bills.name,
  status: bills.status,
  amount: bills.amount,
  lateFee:
    sql<number>`${lateFeeSql({ status: sql`${bills.status}`, amount: sql`${bills.amount}`, rate: sql`${bills.lateFeeRate}`, due: sql`${bills.dueDate}`, stored: sql`${bills.lateFee}` })}`.mapWith(
      Number,
    ),
};

/**
 * The bills of one collection, locked (SELECT … FOR UPDATE, in id order so two collections never
 * deadlock): all visible to the caller, one house, none paid yet.
 */
const lockLines = async (tx: Tx, caller: Caller, billIds: number[]) => {
  const rows = await tx
    .select(lineFields)
    .from(bills)
    .where(and(inArray(bills.id, billIds), scopeWhere(renewalListResource, caller, true)))
    .orderBy(asc(bills.id))
    .for('update');
  if (rows.length !== new Set(billIds).size) throw notFound();
  if (new Set(rows.map((r) => r.houseId)).size > 1) throw fail('一次只能收取同一房屋的账单');
  const paid = rows.filter((r) => r.status === 2);
  if (paid.length) throw fail(`账单已缴费，不能重复收款（${paid.map((r) => r.name).join('、')}）`);
  return rows;
};

/** who may collect below the company's 收款最低折扣: whoever may edit the bills' amounts anyway */
export const DISCOUNT_APPROVE_PERM = 'RenewalList:edit';

/**
 * The discount of a collection in hundredths of a percent, checked before anything is written:
 * in range, and not below the company's minimum unless the caller may approve it.
 */
const discountOf = async (db: Db, caller: Caller, discount: unknown) => {
  const basis = discountBasis(discount);
  if (basis === 'invalid') throw invalid('折扣应为大于0且不超过100的数字（百分比），最多两位小数', 'discount');
  if (caller.actor.isSuper || caller.perms.has(DISCOUNT_APPROVE_PERM)) return basis;
  const min = await collectMinDiscount(db, caller.actor.tenantId!);
  if (basis < Math.round(min * 100))
    throw invalid(`折扣不能低于收款最低折扣${min.toFixed(2)}%，更低的折扣需由有账单编辑权限的人员收款`, 'discount');
  return basis;
};

/** what each line owes now and its share of the discounted total */
const priceLines = (rows: { id: number; amount: number; lateFee: number }[], basis: number) => {
  const dues = rows.map((r) => Number(r.amount) + Number(r.lateFee));
  const total = dues.reduce((s, d) => s + d, 0);
  const amount = applyDiscount(total, basis);
  const shares = splitPaid(dues, amount);
  const lines: PayLine[] = rows.map((r, i) => ({
    id: r.id,
    amount: Number(r.amount),
    lateFee: Number(r.lateFee),
    paid: shares[i]!,
  }));
  return { lines, total, amount, discount: (basis / 100).toFixed(2) };
};

const arr = (values: number[], type: 'int' | 'bigint') =>
  sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::${sql.raw(type)}[]`;

/** Marks the lines paid in one statement, links them to their payment and writes the payment to the audit trail. */
export const markPaid = async (
  registry: AppRegistry,
  tx: Tx,
  tenantId: number,
  lines: PayLine[],
  paymentId: number,
  payMethod: number,
  paidAt: Date,
  by: AuditBy,
) => {
  await tx.execute(sql`update ${bills} set status = 2, paid_amount = l.paid, late_fee = l.late, pay_method = ${payMethod}::smallint,
      payment_id = ${paymentId}::int, paid_at = ${paidAt.toISOString()}::timestamptz, updated_at = now()
    from unnest(${arr(
      lines.map((l) => l.id),
      'int',
    )}, ${arr(
      lines.map((l) => l.paid),
      'bigint',
    )}, ${arr(
      lines.map((l) => l.lateFee),
      'bigint',
    )}) as l(id, paid, late)
    where ${bills.id} = l.id and ${bills.tenantId} = ${tenantId}`);
  touchTable(bills, payments);
  await recordCustomAudit(registry, tx, by, {
    screen: 'Payment',
    screenTitle: '收款',
    action: 'pay',
    recordId: paymentId,
    after: {
      bill_ids: lines.map((l) => l.id),
      amount: yuan(lines.reduce((s, l) => s + l.paid, 0)),
      pay_method: payMethod,
    },
  });
  await runBillsPaid(
    registry,
    tx,
    tenantId,
    lines.map((l) => l.id),
  );
};

/** Takes an amount from a house's balance (never below zero) and writes the ledger row. */
export const debitBalance = async (tx: Tx, caller: Caller, houseId: number, amount: number, reason: string) => {
  const [h] = await tx
    .update(houses)
    .set({ balance: sql`${houses.balance} - ${amount}`, updatedAt: new Date() })
    .where(and(eq(houses.id, houseId), sql`${houses.balance} >= ${amount}`))
    .returning({ after: houses.balance, villageId: houses.villageId, tenantId: houses.tenantId });
  if (!h) throw fail('预存余额不足');
  touchTable(balanceLedger);
  await tx.insert(balanceLedger).values({
    tenantId: h.tenantId,
    villageId: h.villageId,
    houseId,
    kind: 2,
    before: h.after + amount,
    change: -amount,
    after: h.after,
    reason,
    userId: caller.actor.id,
    userName: caller.actor.name,
  });
};

const notifyPath = (tenantId: number) => `/xapi/Web/NoLoginApi/OnlinePay/notify/${tenantId}`;

/**
 * 收款: type 1 on site records a payment and marks the bills paid in one
 * transaction; type 0 online creates a pay order and returns the provider's QR code URL.
 */
export const charge = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  body: z.output<typeof chargeBody>,
  baseUrl: string,
) => {
  const tenantId = caller.actor.tenantId!;
  if (body.type === 1) {
    const payway = Number(body.payway);
    if (body.payway === undefined || body.payway === '' || ![1, 2, 3, 4, PAY_BALANCE].includes(payway))
      throw invalid('选择支付方式', 'payway');
    let orderNum = String(body.orderNum ?? '').trim();
    if (!orderNum && payway !== PAY_BALANCE && payway !== PAY_CASH) throw invalid('输入订单编号', 'orderNum');
    if (orderNum.length > 64) throw invalid('订单编号不能超过64个字符', 'orderNum');
    const basis = await discountOf(db, caller, body.discount);
    return db.transaction(async (tx) => {
      const rows = await lockLines(tx, caller, body.ids);
      const priced = priceLines(rows, basis);
      const first = rows[0]!;
      const generated = !orderNum && payway === PAY_CASH;
      if (!orderNum && payway === PAY_BALANCE) orderNum = `YE${Date.now()}`;
      if (payway === PAY_BALANCE)
        await debitBalance(
          tx,
          caller,
          first.houseId,
          priced.amount,
          `缴费：${rows.map((r) => r.name).join('、')}`.slice(0, 100),
        );
      const now = new Date();
      const [p] = await tx
        .insert(payments)
        .values({
          tenantId,
          villageId: first.villageId,
          houseId: first.houseId,
          billIds: rows.map((r) => r.id),
          total: priced.total,
          discount: priced.discount,
          amount: priced.amount,
          payMethod: payway,
          orderNum,
          channel: payway === PAY_BALANCE ? 'balance' : 'onsite',
          userId: caller.actor.id,
          createdAt: now,
        })
        .returning({ id: payments.id });
      if (generated) {
        orderNum = cashOrderNum(p!.id, now);
        await tx.update(payments).set({ orderNum }).where(eq(payments.id, p!.id));
      }
      await markPaid(registry, tx, tenantId, priced.lines, p!.id, payway, now, caller.actor);
      return {
        paymentId: p!.id,
        total: yuan(priced.total),
        discount: priced.discount,
        amount: yuan(priced.amount),
        orderNum,
        msg: '收款成功',
      };
    });
  }

  // online: the bills stay unpaid until the provider's notification (or a query) settles the order
  const basis = await discountOf(db, caller, body.discount);
  return openPayOrder(registry, db, {
    tenantId,
    userId: caller.actor.id,
    basis,
    baseUrl,
    lock: (tx) => lockLines(tx, caller, body.ids),
  });
};

type PayOrderInput = {
  tenantId: number;
  /** the staff user who started it; null: the resident himself on his phone */
  userId: number | null;
  basis: number;
  baseUrl: string;
  /** the order's bills, locked, one house's and none paid */
  lock: (
    tx: Tx,
  ) => Promise<{ id: number; houseId: number; villageId: number; name: string; amount: number; lateFee: number }[]>;
};

/**
 * An online pay order for the bills the lock finds: written first (so the provider's notification always finds it),
 * then created at the provider; the payer opens its pay page. A provider failure closes the order.
 */
const openPayOrder = async (registry: AppRegistry, db: Db, p: PayOrderInput) => {
  const { tenantId } = p;
  const order = await db.transaction(async (tx) => {
    const rows = await p.lock(tx);
    const priced = priceLines(rows, p.basis);
    if (priced.amount <= 0) throw fail('支付金额必须大于0');
    const first = rows[0]!;
    const [o] = await tx
      .insert(payOrders)
      .values({
        tenantId,
        villageId: first.villageId,
        houseId: first.houseId,
        outTradeNo: newOutTradeNo(tenantId),
        billIds: rows.map((r) => r.id),
        total: priced.total,
        discount: priced.discount,
        amount: priced.amount,
        lines: priced.lines,
        provider: 'pending',
        userId: p.userId,
      })
      .returning();
    return { ...o!, names: rows.map((r) => r.name) };
  });
  try {
    const provider = await providerFor(registry, db, tenantId);
    const created = await provider.createOrder({
      outTradeNo: order.outTradeNo,
      description: `物业缴费-${order.names.join('、')}`.slice(0, 127),
      amountFen: order.amount,
      channel: 'native',
      notifyUrl: `${p.baseUrl}${notifyPath(tenantId)}`,
      expireAt: new Date(Date.now() + 2 * 3600_000),
    });
    await db
      .update(payOrders)
      .set({ provider: provider.kind, codeUrl: created.codeUrl ?? '', updatedAt: new Date() })
      .where(eq(payOrders.id, order.id));
    const token = signPayToken(order.id);
    return {
      orderId: order.id,
      outTradeNo: order.outTradeNo,
      codeUrl: created.codeUrl ?? '',
      amount: yuan(order.amount),
      total: yuan(order.total),
      discount: String(order.discount),
      payToken: token,
      payUrl: `/ol_pay?id=${encodeURIComponent(token)}`,
      wapUrl: `/wap_pay_page?billInfo=${encodeURIComponent(token)}`,
    };
  } catch (e) {
    await db.update(payOrders).set({ state: 'CLOSED', updatedAt: new Date() }).where(eq(payOrders.id, order.id));
    throw e instanceof Error && 'code' in e
      ? e
      : fail(`创建支付订单失败：${e instanceof Error ? e.message : String(e)}`);
  }
};

/**
 * A resident paying his own bills on his phone: the bills must be unpaid, of one house, and of the houses he lives
 * in (any other id is 数据不存在); no discount.
 */
export const residentPayOrder = async (
  registry: AppRegistry,
  db: Db,
  r: { tenantId: number; houseIds: readonly number[]; billIds: readonly number[]; baseUrl: string },
) =>
  openPayOrder(registry, db, {
    tenantId: r.tenantId,
    userId: null,
    basis: 10_000,
    baseUrl: r.baseUrl,
    lock: async (tx) => {
      const rows = await tx
        .select(lineFields)
        .from(bills)
        .where(
          and(
            eq(bills.tenantId, r.tenantId),
            inArray(bills.id, [...r.billIds]),
            inArray(bills.houseId, r.houseIds.length ? [...r.houseIds] : [0]),
          ),
        )
        .orderBy(asc(bills.id))
        .for('update');
      if (rows.length !== new Set(r.billIds).size) throw notFound();
      if (new Set(rows.map((x) => x.houseId)).size > 1) throw fail('一次只能缴纳同一房屋的账单');
      if (rows.some((x) => x.status === 2)) throw fail('账单已缴费，请刷新后重试');
      return rows;
    },
  });

export { notifyPath };
