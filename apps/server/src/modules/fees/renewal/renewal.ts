import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import { fail, forbidden, notFound } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';
import type { PayResult } from '../../payment/index.ts';
import { tenants } from '../../tenancy/index.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { platformProviderFor } from '../../payment/index.ts';
import { toFen, yuan } from '../format.ts';
import { serviceOrders, services, tenantServices } from '../schema.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { movedEnd, newServiceTradeNo, operatorShareOf, PLATFORM_SERVICE } from './subscription.ts';

/** 服务续费 (Renewal/Service): the platform's services a property company renews (1 or 2 years, WeChat only). */
export const RENEW_PERM = 'RenewalService:renew';
export { PLATFORM_SERVICE };
export const SERVICE_NOTIFY_PATH = '/xapi/Web/NoLoginApi/ServicePay/notify';
const PAY_WECHAT = 4;
const PERPETUAL = '长期';

type Order = typeof serviceOrders.$inferSelect;
export type ServiceSettled = 'settled' | 'already' | 'refund' | 'ignored' | 'unknown';

/** today in Asia/Shanghai, 'YYYY-MM-DD' */
const today = () => formatDate(new Date());

const tenantOf = (caller: Caller) => {
  const { actor } = caller;
  if (actor.kind !== 'web' || actor.tenantId === null) throw forbidden();
  return actor.tenantId;
};

/** Each active service with the company's expiry: status 1 (active: renew) or 2 (activate). */
export const listServices = async (db: Db, caller: Caller) => {
  const tenantId = tenantOf(caller);
  const [rows, [t]] = await Promise.all([
    db
      .select({
        id: services.id,
        code: services.code,
        title: services.title,
        icon: services.icon,
        desc: services.description,
        price: services.price,
        end: tenantServices.endDate,
      })
      .from(services)
      .leftJoin(tenantServices, and(eq(tenantServices.serviceId, services.id), eq(tenantServices.tenantId, tenantId)))
      .where(eq(services.status, 1))
      .orderBy(asc(services.sort), asc(services.id)),
    db.select({ expire: tenants.serviceExpire }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  const now = today();
  const list = rows.map((r) => {
    // the platform subscription's expiry is the company's own (tenants.service_expire; empty = 长期)
    const end = r.code === PLATFORM_SERVICE ? (t?.expire ?? PERPETUAL) : r.end;
    const active = end === PERPETUAL || (!!end && end >= now);
    return {
      id: r.id,
      icon: r.icon,
      title: r.title,
      desc: r.desc,
      status: active ? (1 as const) : (2 as const),
      endtime: end ?? '',
      price: yuan(r.price),
    };
  });
  return { list, canRenew: caller.perms.has(RENEW_PERM) };
};

const orderBody = z.object({
  id: z.coerce.number({ error: '请选择服务' }).int('请选择服务').positive('请选择服务'),
  // the order form's duration radio (the form sends radio, money, payway)
  radio: z.coerce.number({ error: '请选择续费时长' }).refine((v) => v === 1 || v === 2, '续费时长只能是1年或2年'),
  payway: z.coerce
    .number({ error: '请选择支付方式' })
    .refine((v) => v === PAY_WECHAT, '请选择支付方式（仅支持微信支付）'),
  money: z.union([z.string().max(20), z.number()], { error: '金额格式错误' }).optional(),
});
/** the order form's body: `years` is an older name of `radio` */
export const orderInput = z.preprocess((v) => {
  const o = (v ?? {}) as Record<string, unknown>;
  return { ...o, radio: o.radio ?? o.years };
}, orderBody);

/**
 * 续费/开通 {id, radio: years, payway: 4, money?}: an order paid to the platform and its QR code.
 * The price is the server's (price × years); a page showing an old price is told to refresh.
 */
export const orderService = async (
  registry: AppRegistry,
  db: Db,
  caller: Caller,
  body: z.output<typeof orderBody>,
  baseUrl: string,
) => {
  const tenantId = tenantOf(caller);
  const [svc] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, body.id), eq(services.status, 1)));
  if (!svc) throw notFound('服务');
  if (svc.code === PLATFORM_SERVICE) {
    const [t] = await db.select({ expire: tenants.serviceExpire }).from(tenants).where(eq(tenants.id, tenantId));
    if (!t?.expire) throw fail('该服务长期有效，无需续费');
  }
  const amount = svc.price * body.radio;
  if (body.money !== undefined && body.money !== '' && toFen(body.money) !== amount)
    throw fail('服务价格已变更，请刷新页面后重试');
  if (amount <= 0) throw fail('支付金额必须大于0');

  // no provider (production without WeChat Pay): 未配置支付方式, and no order row left behind
  const provider = await platformProviderFor(registry, db);
  const [order] = await db
    .insert(serviceOrders)
    .values({
      tenantId,
      serviceId: svc.id,
      years: body.radio,
      amount,
      payMethod: PAY_WECHAT,
      outTradeNo: newServiceTradeNo(tenantId),
      userId: caller.actor.id,
      userName: caller.actor.name,
    })
    .returning();
  try {
    const created = await provider.createOrder({
      outTradeNo: order!.outTradeNo,
      description: `5A云小区-${svc.title}${body.radio}年`,
      amountFen: amount,
      channel: 'native',
      notifyUrl: `${baseUrl}${SERVICE_NOTIFY_PATH}`,
      expireAt: new Date(Date.now() + 2 * 3600_000),
    });
    await db
      .update(serviceOrders)
      .set({ provider: provider.kind, codeUrl: created.codeUrl ?? '', updatedAt: new Date() })
      .where(eq(serviceOrders.id, order!.id));
    return {
      orderId: order!.id,
      outTradeNo: order!.outTradeNo,
      codeUrl: created.codeUrl ?? '',
      money: yuan(amount),
      years: body.radio,
      title: svc.title,
    };
  } catch (e) {
    await db
      .update(serviceOrders)
      .set({ state: 'CLOSED', updatedAt: new Date() })
      .where(eq(serviceOrders.id, order!.id));
    throw e instanceof Error && 'code' in e
      ? e
      : fail(`创建支付订单失败：${e instanceof Error ? e.message : String(e)}`);
  }
};

const note = (o: Order, text: string) => (o.remark ? `${o.remark}；${text}` : text).slice(0, 200);

/**
 * Applies a verified result of the platform's provider once, however often it arrives: the order
 * row is locked and only a NOTPAY (or failed) order becomes SUCCESS, extending the service from its
 * expiry (or from today when it has lapsed) by the years paid. Money that cannot settle (wrong
 * amount, a second transaction) is noted on the order for the platform to refund.
 */
export const settleServiceOrder = async (db: Db, r: PayResult): Promise<ServiceSettled> => {
  const settled = await settleOnce(db, r);
  // a service bought or renewed shows its menus and lifts read-only at once, not when access caches expire
  if (settled === 'settled') bumpAccessVersion();
  return settled;
};

const settleOnce = (db: Db, r: PayResult): Promise<ServiceSettled> =>
  db.transaction(async (tx) => {
    const [o] = await tx.select().from(serviceOrders).where(eq(serviceOrders.outTradeNo, r.outTradeNo)).for('update');
    if (!o) return 'unknown';
    if (r.state !== 'SUCCESS') {
      if (o.state === 'NOTPAY' && ['CLOSED', 'PAYERROR', 'REVOKED'].includes(r.state))
        await tx
          .update(serviceOrders)
          .set({ state: r.state === 'REVOKED' ? 'CLOSED' : r.state, updatedAt: new Date() })
          .where(eq(serviceOrders.id, o.id));
      return 'ignored';
    }
    if (o.state === 'SUCCESS') {
      if (o.transactionId === r.transactionId) return 'already';
      if (!o.remark.includes(r.transactionId))
        await tx
          .update(serviceOrders)
          .set({ remark: note(o, `重复支付¥${yuan(r.amountFen)}（${r.transactionId}）需退款`), updatedAt: new Date() })
          .where(eq(serviceOrders.id, o.id));
      return 'refund';
    }
    if (r.amountFen !== o.amount) {
      await tx
        .update(serviceOrders)
        .set({
          state: 'PAYERROR',
          transactionId: r.transactionId,
          remark: note(o, `支付金额与订单金额不符：实付¥${yuan(r.amountFen)}，应付¥${yuan(o.amount)}，需退款`),
          updatedAt: new Date(),
        })
        .where(eq(serviceOrders.id, o.id));
      return 'refund';
    }
    const [svc] = await tx.select({ code: services.code }).from(services).where(eq(services.id, o.serviceId));
    let endDate: string | undefined;
    if (svc?.code === PLATFORM_SERVICE) {
      const [t] = await tx
        .update(tenants)
        .set({
          serviceExpire: movedEnd(tenants.serviceExpire, { years: o.years }),
          updatedAt: new Date(),
        })
        .where(eq(tenants.id, o.tenantId))
        .returning({ end: tenants.serviceExpire });
      endDate = t?.end ?? undefined;
    } else {
      const [s] = await tx
        .insert(tenantServices)
        .values({
          tenantId: o.tenantId,
          serviceId: o.serviceId,
          endDate: movedEnd(sql`null::date`, { years: o.years }),
        })
        .onConflictDoUpdate({
          target: [tenantServices.tenantId, tenantServices.serviceId],
          set: {
            endDate: movedEnd(tenantServices.endDate, { years: o.years }),
            updatedAt: new Date(),
          },
        })
        .returning({ end: tenantServices.endDate });
      endDate = s?.end;
    }
    await tx
      .update(serviceOrders)
      .set({
        state: 'SUCCESS',
        transactionId: r.transactionId,
        paidAt: r.paidAt ?? new Date(),
        endDate: endDate ?? null,
        // the company's operator and its share at that day's percentage: stamped once, here, never recomputed
        ...operatorShareOf(o.tenantId, o.amount),
        updatedAt: new Date(),
      })
      .where(eq(serviceOrders.id, o.id));
    return 'settled';
  });

/** orderState {orderId}: the renewal dialog polls this; a NOTPAY order asks the provider (a late notification). */
export const serviceOrderState = async (registry: AppRegistry, db: Db, caller: Caller, orderId: number) => {
  const tenantId = tenantOf(caller);
  const find = async () =>
    (
      await db
        .select()
        .from(serviceOrders)
        .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.tenantId, tenantId)))
    )[0];
  let o = await find();
  if (!o) throw notFound();
  if (o.state === 'NOTPAY' && o.provider !== 'pending') {
    const r = await (await platformProviderFor(registry, db)).queryOrder(o.outTradeNo).catch(() => null);
    if (r) {
      await settleServiceOrder(db, r);
      o = (await find()) ?? o;
    }
  }
  return {
    orderId: o.id,
    outTradeNo: o.outTradeNo,
    state: o.state,
    paid: o.state === 'SUCCESS',
    money: yuan(o.amount),
    endtime: o.endDate ?? '',
  };
};
