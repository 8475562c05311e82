import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import { operators, tenants } from '../../tenancy/index.ts';
import { toFen } from '../format.ts';
import { serviceOrders, services } from '../schema.ts';

/** the platform's own service: its end is the company's (tenants.service_expire) */
export const PLATFORM_SERVICE = 'platform';

/** How far an end moves: whole years (a paid renewal, a contract) or days (the platform's 延期). */
export type EndMove = { years: number } | { days: number };

/**
 * An end moved by years or days: from the end itself while it runs, from the day before today once it has passed
 * (or when there is none), so what is added is never spent on days already gone.
 */
export const movedEnd = (end: SQLWrapper, by: EndMove) => {
  const from = sql`(${formatDate(new Date())}::date - 1)`;
  const span =
    'years' in by ? sql`make_interval(years => ${by.years}::int)` : sql`make_interval(days => ${by.days}::int)`;
  return sql<string>`(greatest(coalesce(${end}, ${from}), ${from}) + ${span})::date`;
};

/**
 * What a paid renewal order is stamped with, once: the company's operator now and its share of the amount (fen) at
 * the operator's percentage now, so a later change of either never rewrites what was earned.
 */
export const operatorShareOf = (tenantId: SQLWrapper | number, amount: SQLWrapper | number) => ({
  operatorId: sql<number | null>`(select t.operator_id from ${tenants} t where t.id = ${tenantId})`,
  shareAmount: sql<number>`coalesce((select round(${amount}::numeric * op.share_percent / 100) from ${tenants} t
    join ${operators} op on op.id = t.operator_id where t.id = ${tenantId}), 0)::bigint`,
});

export const newServiceTradeNo = (tenantId: number, prefix = 'R') =>
  `${prefix}${tenantId}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`.slice(
    0,
    32,
  );

export type OfflineRenewal = {
  tenantIds: readonly number[];
  years: number;
  /** service_orders.pay_method: how the money came (cash, transfer …) */
  payMethod: number;
  /** the amount a company the form showed (yuan); refused when the price moved since */
  shownMoney?: string;
  remark: string;
  by: { id: number; name: string };
};

/**
 * 线下续费 in the caller's transaction (the companies already chosen and locked by him): each company's platform
 * subscription moves as settlement moves it and gets a SUCCESS order stamped as settlement stamps it, so it shows in
 * 续费订单 with its operator's share. Three statements for any number of companies.
 */
export const renewOffline = async (tx: Tx, r: OfflineRenewal) => {
  const [svc] = await tx
    .select({ id: services.id, price: services.price })
    .from(services)
    .where(and(eq(services.code, PLATFORM_SERVICE), eq(services.status, 1)));
  if (!svc) throw fail('平台服务未启用，不能续费');
  const amount = svc.price * r.years;
  if (r.shownMoney !== undefined && r.shownMoney !== '' && toFen(r.shownMoney) !== amount)
    throw fail('服务价格已变更，请刷新页面后重试');
  if (amount <= 0) throw fail('支付金额必须大于0');
  const moved = await tx
    .update(tenants)
    .set({ serviceExpire: movedEnd(tenants.serviceExpire, { years: r.years }), updatedAt: new Date() })
    .where(inArray(tenants.id, [...r.tenantIds]))
    .returning({ id: tenants.id, name: tenants.name, expire: tenants.serviceExpire });
  if (!moved.length) return moved;
  const paidAt = new Date();
  await tx.insert(serviceOrders).values(
    moved.map((m) => ({
      tenantId: m.id,
      serviceId: svc.id,
      years: r.years,
      amount,
      payMethod: r.payMethod,
      outTradeNo: newServiceTradeNo(m.id, 'X'),
      state: 'SUCCESS',
      provider: 'offline',
      endDate: m.expire,
      remark: r.remark ? `线下续费：${r.remark}` : '线下续费',
      userId: r.by.id,
      userName: r.by.name.slice(0, 50),
      paidAt,
      ...operatorShareOf(m.id, amount),
    })),
  );
  return moved;
};
