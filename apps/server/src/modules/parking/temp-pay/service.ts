import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import { scopeWhere, type Caller } from '../../../core/engine/scope.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { formatDate, formatTime } from '../../../core/time.ts';
import { openidOf, providerFor, type CreatedOrder, type PayResult } from '../../payment/index.ts';
import { ON_OWN_SPACE, PAID_GRACE_MINUTES, paidCovered, stillOwed } from '../gate/decide.ts';
import { yuan } from '../fee.ts';
import { lotResource } from '../lots/lots.ts';
import { normalizePlate, plateKind } from '../plate.ts';
import { gateEvents, monthlyCards } from '../schema-gate.ts';
import { parkingLots, vehicles } from '../schema.ts';
import { parkingTempOrders } from '../schema-temp.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';

/** 1 出口缴费码: posted at the exit lane; 2 场内缴费码: posted inside, pay before walking back to the car */
export const TEMP_QR_TYPES = { 1: '出口缴费码', 2: '场内缴费码' } as const;
export const TEMP_PAY_PAGE = '/parking_pay';
export const tempNotifyPath = (tenantId: number) => `/xapi/Web/NoLoginApi/ParkingPay/notify/${tenantId}`;
export const INVALID_LOT = '缴费码无效';
export const NO_ENTRY = '未查询到该车辆的入场记录';
export const NOTHING_OWED = '无需缴费';

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());
export const tempQrBody = z.object({
  id: idOf('停车场'),
  qr_type: z.coerce
    .number({ error: '二维码类型格式错误' })
    .refine((v) => v === 1 || v === 2, '二维码类型格式错误')
    .default(1)
    .describe('1 出口缴费码 / 2 场内缴费码'),
  entry_no: z
    .union([z.string(), z.number()], { error: '出入口编号格式错误' })
    .transform((v) => String(v).trim())
    .refine((s) => s.length <= 20, '出入口编号不能超过20个字符')
    .optional()
    .describe('出入口编号（印在二维码下方）'),
  show_name: flag.optional().describe('说明中包含停车场名称'),
  show_type: flag.optional().describe('说明中包含二维码类型'),
});

const lotToken = z
  .string({ error: INVALID_LOT })
  .trim()
  .min(1, INVALID_LOT)
  .max(200, INVALID_LOT)
  .describe('停车场缴费码（二维码中的 lot 参数）');
const plateInput = z
  .string({ error: '请输入车牌号' })
  .transform((s) => normalizePlate(s))
  .refine((s) => s.length > 0, '请输入车牌号')
  .refine((s) => plateKind(s) !== null, '车牌号格式错误')
  .describe('车牌号，如 京A12345');
export const feeBody = z.object({ lot: lotToken, plate: plateInput });
export const orderBody = feeBody.extend({
  code: z.string().max(256).optional().describe('微信网页授权 code（公众号内 JSAPI 支付时）'),
});
export const stateBody = z.object({
  lot: lotToken,
  out_trade_no: z.string({ error: '订单号格式错误' }).trim().min(1, '订单号格式错误').max(32, '订单号格式错误'),
});

// ---- the lot's signed token: a printed QR code names its company and lot without exposing a guessable id ----

/** A key of its own for the QR tokens, derived from the server's secret-settings key (stable across restarts). */
export const lotTokenKey = (configSecret: string | undefined): Buffer | null =>
  configSecret ? createHmac('sha256', configSecret).update('parking-temp-pay-qr').digest() : null;

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

export const signLotToken = (key: Buffer, tenantId: number, lotId: number): string => {
  const payload = Buffer.from(`${tenantId}.${lotId}`).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
};

export const readLotToken = (key: Buffer | null, token: string): { tenantId: number; lotId: number } | null => {
  const m = /^([\w-]{1,40})\.([\w-]{32})$/.exec(token);
  if (!key || !m) return null;
  const want = Buffer.from(mac(key, m[1]!));
  const got = Buffer.from(m[2]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const ids = /^(\d{1,10})\.(\d{1,10})$/.exec(Buffer.from(m[1]!, 'base64url').toString('utf8'));
  return ids ? { tenantId: Number(ids[1]), lotId: Number(ids[2]) } : null;
};

export type TempPayConfig = { key: Buffer | null; publicBaseUrl: string | undefined; registry: AppRegistry };

const baseOf = (cfg: TempPayConfig) => {
  if (!cfg.publicBaseUrl) throw fail('未配置对外访问地址（PUBLIC_BASE_URL），无法生成缴费码');
  return cfg.publicBaseUrl.replace(/\/+$/, '');
};

/** 临时停车费二维码: the public pay page's address for one of the caller's lots, its caption and file name. */
export const tempQr = async (db: Db, caller: Caller, body: z.output<typeof tempQrBody>, cfg: TempPayConfig) => {
  const [lot] = await db
    .select({ id: parkingLots.id, tenantId: parkingLots.tenantId, name: parkingLots.name })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, body.id), scopeWhere(lotResource, caller, false)));
  if (!lot) throw notFound();
  if (!cfg.key) throw fail('未设置 CONFIG_SECRET_KEY，无法生成缴费码');
  const type = TEMP_QR_TYPES[body.qr_type as 1 | 2];
  const desc = [
    body.show_name ? lot.name : '',
    body.show_type ? type : '',
    body.entry_no ? `${body.entry_no}号${body.qr_type === 1 ? '出口' : '区域'}` : '',
  ].filter(Boolean);
  return {
    baseurl: `${baseOf(cfg)}${TEMP_PAY_PAGE}?lot=${signLotToken(cfg.key, lot.tenantId, lot.id)}`,
    desc: desc.join(' · '),
    qr_type: body.qr_type,
    filename: `${lot.name}-${type}.png`.replace(/[\\/:*?"<>|\s]+/g, '_'),
  };
};

type Lot = {
  id: number;
  tenantId: number;
  villageId: number;
  name: string;
  freeMinutes: number;
  hourPrice: number;
  dayCap: number;
};

/** The enabled lot a token names; anything else (forged, another company's lot, disabled) is one answer. */
const lotOf = async (db: Db, cfg: TempPayConfig, token: string): Promise<Lot> => {
  const t = readLotToken(cfg.key, token);
  if (!t) throw fail(INVALID_LOT);
  const [lot] = await db
    .select({
      id: parkingLots.id,
      tenantId: parkingLots.tenantId,
      villageId: parkingLots.villageId,
      name: parkingLots.name,
      freeMinutes: parkingLots.freeMinutes,
      hourPrice: parkingLots.hourPrice,
      dayCap: parkingLots.dayCap,
    })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, t.lotId), eq(parkingLots.tenantId, t.tenantId), eq(parkingLots.status, 1)));
  if (!lot) throw fail(INVALID_LOT);
  return lot;
};

type Stay = {
  entry_id: number;
  entry_at: Date | string;
  has_card: boolean;
  /** it came in on its owner's space (固定车位): nothing to pay */
  fixed: boolean;
  paid_at: Date | string | null;
  paid: string;
};

/**
 * The plate's open stay in the lot (or the one an order was placed for, while it is open), in one statement: its
 * latest entry no opened exit has closed (as the exit lane matches it), whether a monthly card covers it today, and
 * what was paid online for it.
 */
const stayOf = async (
  db: Db,
  lot: Lot,
  which: { plate: string } | { entryId: number },
  now: Date,
): Promise<Stay | null> => {
  const r = (await db.execute(sql`
    select n.id as entry_id, n.occurred_at as entry_at,
      exists (
        select 1 from ${monthlyCards} c join ${vehicles} v on v.id = c.vehicle_id
        where v.tenant_id = ${lot.tenantId} and v.plate = n.plate and v.status = 1 and c.lot_id = ${lot.id}
          and c.status = 1 and ${formatDate(now)}::date between c.start_date and c.end_date
      ) as has_card,
      n.reason = ${ON_OWN_SPACE} as fixed,
      paid.at as paid_at, coalesce(paid.amount, 0)::text as paid
    from ${gateEvents} n
    left join lateral (
      select max(o.paid_at) as at, sum(o.amount) as amount from ${parkingTempOrders} o
      where o.entry_id = n.id and o.paid_at is not null
    ) paid on true
    where n.lot_id = ${lot.id} and ${'plate' in which ? sql`n.plate = ${which.plate}` : sql`n.id = ${which.entryId}`}
      and n.is_type = 1 and n.occurred_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from ${gateEvents} x where x.entry_id = n.id and x.decision = 'open')
    order by n.occurred_at desc, n.id desc limit 1`)) as unknown as { rows: Stay[] };
  return r.rows[0] ?? null;
};

/** What the stay costs now and what is still owed, by the same rule as the exit lane. */
const priceStay = (lot: Lot, stay: Stay, now: Date) => {
  const entryAt = new Date(stay.entry_at);
  const minutes = Math.max(0, Math.floor((now.getTime() - entryAt.getTime()) / 60_000));
  const paid = stay.paid_at === null ? null : { at: new Date(stay.paid_at), amount: Number(stay.paid) };
  const free = stay.has_card || stay.fixed;
  const tariff = { freeMinutes: lot.freeMinutes, hourPrice: Number(lot.hourPrice), dayCap: Number(lot.dayCap) };
  return {
    entryAt,
    minutes,
    paid,
    owed: free ? 0 : stillOwed(entryAt, tariff, paid, now),
    // the leave-by time holds only for a payment that covered the stay when it was made
    grace: paid !== null && paidCovered(entryAt, tariff, paid),
  };
};

const leaveBy = (paidAt: Date) => formatTime(new Date(paidAt.getTime() + PAID_GRACE_MINUTES * 60_000));

/** 查询停车费: the stay of a plate in the lot of the QR code, and what it owes now. */
export const lookupFee = async (db: Db, cfg: TempPayConfig, body: z.output<typeof feeBody>, now = new Date()) => {
  const lot = await lotOf(db, cfg, body.lot);
  const stay = await stayOf(db, lot, { plate: body.plate }, now);
  if (!stay) throw fail(NO_ENTRY);
  const p = priceStay(lot, stay, now);
  return {
    lotName: lot.name,
    plate: body.plate,
    entryTime: formatTime(p.entryAt),
    minutes: p.minutes,
    fee: yuan(p.owed),
    paid: yuan(p.paid?.amount ?? 0),
    paidAt: p.paid ? formatTime(p.paid.at) : '',
    /** leave before this to pass the exit without paying again ('' when nothing was paid) */
    leaveBy: p.paid && p.grace ? leaveBy(p.paid.at) : '',
    monthlyCard: stay.has_card,
    graceMinutes: PAID_GRACE_MINUTES,
    // inside WeChat the page first asks this official account who the payer is (OAuth), then pays by JSAPI
    appId: (await providerFor(cfg.registry, db, lot.tenantId).catch(() => null))?.appId ?? '',
  };
};

const newTradeNo = (tenantId: number) =>
  `P${tenantId}${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`.slice(0, 32);

/**
 * How long an order can be paid: it is priced when placed and the fee grows with the stay, so a price is good for
 * minutes, not hours (WeChat Pay wants more than 5). A payment that falls short of the stay when it was made earns
 * no grace at the exit anyway (stillOwed); the short life keeps the driver from paying a price that is already old.
 */
export const TEMP_ORDER_VALID_MINUTES = 6;
/**
 * An unpaid order of the same stay and amount placed this recently is handed out again instead of a second one
 * (tapping twice), early enough that minutes are left to pay it.
 */
const REUSE_MS = 2 * 60_000;

/**
 * 去支付: an order for what the stay owes now, placed with the company's provider (the fees' online collection
 * does the same). Tapping twice gets the same order, so one stay is not paid twice.
 */
export const placeTempOrder = async (
  db: Db,
  cfg: TempPayConfig,
  body: z.output<typeof orderBody>,
  now = new Date(),
) => {
  const lot = await lotOf(db, cfg, body.lot);
  const stay = await stayOf(db, lot, { plate: body.plate }, now);
  if (!stay) throw fail(NO_ENTRY);
  const { owed } = priceStay(lot, stay, now);
  if (owed <= 0) throw fail(NOTHING_OWED);
  const reply = (o: { outTradeNo: string; amount: number; codeUrl: string }, jsapi?: CreatedOrder['jsapi']) => ({
    outTradeNo: o.outTradeNo,
    amount: yuan(o.amount),
    codeUrl: o.codeUrl,
    ...(jsapi ? { jsapi } : {}),
  });
  if (!body.code) {
    const [open] = await db
      .select({
        outTradeNo: parkingTempOrders.outTradeNo,
        amount: parkingTempOrders.amount,
        codeUrl: parkingTempOrders.codeUrl,
      })
      .from(parkingTempOrders)
      .where(
        and(
          eq(parkingTempOrders.entryId, stay.entry_id),
          eq(parkingTempOrders.amount, owed),
          eq(parkingTempOrders.state, 'NOTPAY'),
          sql`${parkingTempOrders.codeUrl} <> ''`,
          sql`${parkingTempOrders.createdAt} > ${new Date(now.getTime() - REUSE_MS).toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    if (open) return reply(open);
  }
  const [order] = await db
    .insert(parkingTempOrders)
    .values({
      tenantId: lot.tenantId,
      villageId: lot.villageId,
      lotId: lot.id,
      entryId: stay.entry_id,
      plate: body.plate,
      amount: owed,
      outTradeNo: newTradeNo(lot.tenantId),
    })
    .returning({
      id: parkingTempOrders.id,
      outTradeNo: parkingTempOrders.outTradeNo,
      amount: parkingTempOrders.amount,
    });
  try {
    const provider = await providerFor(cfg.registry, db, lot.tenantId);
    const openid = body.code ? await openidOf(provider, body.code) : undefined;
    const created = await provider.createOrder({
      outTradeNo: order!.outTradeNo,
      description: `临时停车费-${lot.name}-${body.plate}`.slice(0, 127),
      amountFen: owed,
      channel: openid ? 'jsapi' : 'native',
      openid,
      notifyUrl: `${cfg.publicBaseUrl ?? ''}${tempNotifyPath(lot.tenantId)}`,
      expireAt: new Date(now.getTime() + TEMP_ORDER_VALID_MINUTES * 60_000),
    });
    await db
      .update(parkingTempOrders)
      .set({ provider: provider.kind, codeUrl: created.codeUrl ?? '', updatedAt: new Date() })
      .where(eq(parkingTempOrders.id, order!.id));
    return reply({ ...order!, codeUrl: created.codeUrl ?? '' }, created.jsapi);
  } catch (e) {
    await db
      .update(parkingTempOrders)
      .set({ state: 'CLOSED', updatedAt: new Date() })
      .where(eq(parkingTempOrders.id, order!.id));
    throw e instanceof Error && 'code' in e
      ? e
      : fail(`创建支付订单失败：${e instanceof Error ? e.message : String(e)}`);
  }
};

/**
 * A verified provider result: marks the order paid once (a replayed notification or a later query changes
 * nothing). A result whose amount differs from the order's is not taken as payment of the stay.
 */
export const settleTempOrder = async (db: Db, tenantId: number, r: PayResult): Promise<'paid' | 'ignored'> => {
  if (r.state !== 'SUCCESS') {
    await db
      .update(parkingTempOrders)
      .set({ state: r.state, updatedAt: new Date() })
      .where(
        and(
          eq(parkingTempOrders.tenantId, tenantId),
          eq(parkingTempOrders.outTradeNo, r.outTradeNo),
          sql`${parkingTempOrders.paidAt} is null`,
        ),
      );
    return 'ignored';
  }
  const [row] = await db
    .update(parkingTempOrders)
    .set({
      state: 'SUCCESS',
      paidAt: r.paidAt ?? new Date(),
      transactionId: r.transactionId.slice(0, 64),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(parkingTempOrders.tenantId, tenantId),
        eq(parkingTempOrders.outTradeNo, r.outTradeNo),
        eq(parkingTempOrders.amount, r.amountFen),
        sql`${parkingTempOrders.paidAt} is null`,
      ),
    )
    .returning({ id: parkingTempOrders.id });
  return row ? 'paid' : 'ignored';
};

/**
 * The pay page's poll: the order's state; an unpaid one is asked of the provider once (a lost notification). Once
 * paid, what its stay still owes and whether the grace applies: an order priced before the fee grew leaves the
 * difference to pay at the exit, and the page must not promise the driver a free exit.
 */
export const tempOrderState = async (
  db: Db,
  cfg: TempPayConfig,
  body: z.output<typeof stateBody>,
  now = new Date(),
) => {
  const lot = await lotOf(db, cfg, body.lot);
  const read = async () =>
    (
      await db
        .select({
          state: parkingTempOrders.state,
          amount: parkingTempOrders.amount,
          paidAt: parkingTempOrders.paidAt,
          entryId: parkingTempOrders.entryId,
        })
        .from(parkingTempOrders)
        .where(
          and(
            eq(parkingTempOrders.tenantId, lot.tenantId),
            eq(parkingTempOrders.lotId, lot.id),
            eq(parkingTempOrders.outTradeNo, body.out_trade_no),
          ),
        )
    )[0];
  let o = await read();
  if (!o) throw notFound();
  if (!o.paidAt && o.state === 'NOTPAY') {
    const r = await (await providerFor(cfg.registry, db, lot.tenantId)).queryOrder(body.out_trade_no).catch(() => null);
    if (r?.state === 'SUCCESS' && (await settleTempOrder(db, lot.tenantId, r)) === 'paid') o = (await read())!;
  }
  // a stay the exit has closed meanwhile owes nothing more
  const stay = o.paidAt ? await stayOf(db, lot, { entryId: o.entryId }, now) : null;
  const p = stay ? priceStay(lot, stay, now) : null;
  const grace = !!p?.paid && p.grace && p.owed === 0;
  return {
    state: o.state,
    paid: o.paidAt !== null,
    amount: yuan(o.amount),
    paidAt: o.paidAt ? formatTime(o.paidAt) : '',
    /** what the stay still owes now: to be paid at the exit (or by another order) */
    owed: yuan(p?.owed ?? 0),
    /** the payment covered the stay: the exit opens until leaveBy */
    grace,
    leaveBy: grace && p?.paid ? leaveBy(p.paid.at) : '',
  };
};
