import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EXTEND_MAX_DAYS, OFFLINE_PAY_METHODS, RENEW_MAX_YEARS } from '@5a/contracts/endpoints/expiry';
import { idListOf, safeText } from '@5a/contracts';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { qualified } from '../../../core/db/sql.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import type { Tx } from '../../../core/engine/types.ts';
import { fail, forbidden, notFound } from '../../../core/errors.ts';
import { withMsg } from '../../../core/http/endpoint.ts';
import {
  movedEnd,
  PLATFORM_SERVICE,
  renewOffline,
  serviceOrders,
  services,
  yuan,
  type EndMove,
} from '../../fees/index.ts';
import { bumpAccessVersion } from '../../rbac/index.ts';
import { operators, tenants, villages } from '../../tenancy/index.ts';
import { expiryChanges } from '../schema.ts';
import { tenantScope } from './tenants.ts';
import { effectiveExpire, villagesOfCaller } from './villages.ts';

// the lists offer the chosen rows of a page; a few hundred at most
const chosen = idListOf('ids', { max: 500 });
const whole = (label: string, max: number) => {
  const msg = `${label}必须是1到${max}的整数`;
  return z.coerce.number({ error: msg }).int(msg).min(1, msg).max(max, msg).describe(`${label}（1–${max}）`);
};
const note = (label: string, max: number) => safeText(label, max).trim().optional().describe(label);

export const extendBody = z.object({
  ids: chosen,
  days: whole('延期天数', EXTEND_MAX_DAYS),
  reason: z
    .string({ error: '请填写延期原因' })
    .trim()
    .min(1, '请填写延期原因')
    .max(200, '延期原因不能超过200个字符')
    .refine((s) => !s.includes('\u0000'), '延期原因不能包含空字符')
    .describe('延期原因'),
});
export const contractRenewBody = z.object({
  ids: chosen,
  years: whole('续费年限', RENEW_MAX_YEARS),
  remark: note('备注', 100),
});
const payMethods: readonly number[] = OFFLINE_PAY_METHODS.map((m) => m.value);
export const offlineRenewBody = z.object({
  ids: chosen,
  years: whole('续费年限', RENEW_MAX_YEARS),
  pay_method: z.coerce
    .number({ error: '请选择支付方式' })
    .refine((v) => payMethods.includes(v), '支付方式只能是现金、转账或其他')
    .describe('支付方式：2 现金 · 6 转账 · 9 其他'),
  money: z
    .union([z.string().max(20), z.number()], { error: '金额格式错误' })
    .transform(String)
    .optional()
    .describe('每家的金额（元），与当前价格不符时拒绝'),
  remark: note('备注', 100),
});
type Extend = z.output<typeof extendBody>;

/** A row chosen on a list, locked: its name, its operator and its end before the move (null: 长期). */
type Locked = { id: number; name: string; operatorId: number | null; end: string | null };
type Moved = { id: number; name: string; expire: string | null };

/**
 * Every chosen row must be one the caller may act on: another operator's (or none at all) is 数据不存在, and
 * one without an end (长期) has nothing to move. Checked before anything is written.
 */
const refuseUnmovable = (found: Locked[], ids: number[], what: string) => {
  if (found.length !== new Set(ids).size) throw notFound();
  const longTerm = found.find((r) => r.end === null);
  if (longTerm) throw fail(`${longTerm.name}长期有效，无需${what}`);
};

const lockTenants = (tx: Tx, caller: Caller, ids: number[]) =>
  tx
    .select({ id: tenants.id, name: tenants.name, operatorId: tenants.operatorId, end: tenants.serviceExpire })
    .from(tenants)
    .where(and(inArray(tenants.id, ids), tenantScope(caller)))
    .for('update');

const lockOperators = (tx: Tx, ids: number[]) =>
  tx
    .select({ id: operators.id, name: operators.name, operatorId: operators.id, end: operators.expireDate })
    .from(operators)
    .where(inArray(operators.id, ids))
    .for('update');

const lockVillages = (tx: Tx, caller: Caller, ids: number[]) =>
  tx
    .select({
      id: villages.id,
      name: villages.name,
      operatorId: sql<
        number | null
      >`(select t.operator_id from ${tenants} t where t.id = ${qualified(villages.tenantId)})`,
      end: sql<string | null>`to_char(${effectiveExpire}, 'YYYY-MM-DD')`,
    })
    .from(villages)
    .where(and(inArray(villages.id, ids), villagesOfCaller(caller)))
    .for('update', { of: villages });

/** One log row per moved row: what no paid order records (see expiryChanges). */
const logMoves = async (
  tx: Tx,
  caller: Caller,
  kind: 'operator' | 'tenant' | 'village',
  by: EndMove,
  reason: string,
  before: Locked[],
  moved: Moved[],
) => {
  const byId = new Map(before.map((r) => [r.id, r]));
  await tx.insert(expiryChanges).values(
    moved.map((m) => ({
      kind,
      targetId: m.id,
      operatorId: byId.get(m.id)?.operatorId ?? null,
      action: 'years' in by ? ('renew' as const) : ('extend' as const),
      years: 'years' in by ? by.years : 0,
      days: 'days' in by ? by.days : 0,
      fromDate: byId.get(m.id)?.end ?? null,
      toDate: m.expire!,
      reason,
      userKind: caller.actor.kind,
      userId: caller.actor.id,
      userName: caller.actor.name.slice(0, 50),
    })),
  );
};

/** The toast names the new ends (a few of them; the list reloads anyway). */
const replied = (done: string, moved: Moved[]) => {
  const rows = [...moved].sort((a, b) => a.id - b.id).map((m) => ({ id: m.id, name: m.name, expire: m.expire ?? '' }));
  const named = rows
    .slice(0, 3)
    .map((r) => `${r.name}到期日期为${r.expire}`)
    .join('，');
  return withMsg({ moved: rows }, `${done}：${named}${rows.length > 3 ? ` 等${rows.length}项` : ''}`);
};

/** The platform only: a company's or an operator's end otherwise moves by a paid renewal order alone. */
const platformOnly = (caller: Caller) => {
  if (caller.actor.kind !== 'sys') throw forbidden();
};

/** 到期物业公司 · 延期 (the platform): each chosen company's subscription ends N days later, and why is logged. */
export const extendTenants = async (db: Db, caller: Caller, b: Extend) => {
  platformOnly(caller);
  const by = { days: b.days };
  const moved = await db.transaction(async (tx) => {
    const before = await lockTenants(tx, caller, b.ids);
    refuseUnmovable(before, b.ids, '延期');
    const rows = await tx
      .update(tenants)
      .set({ serviceExpire: movedEnd(tenants.serviceExpire, by), updatedAt: new Date() })
      .where(inArray(tenants.id, b.ids))
      .returning({ id: tenants.id, name: tenants.name, expire: tenants.serviceExpire });
    await logMoves(tx, caller, 'tenant', by, b.reason, before, rows);
    return rows;
  });
  touchTable(tenants, expiryChanges);
  // a lapsed company may write again at once, not when access caches age out
  bumpAccessVersion();
  return replied('延期成功', moved);
};

/**
 * 到期物业公司 · 续费 (the platform, or the company's operator): a renewal paid outside the provider, settled as an
 * online payment is (renewOffline), for every chosen company in one transaction.
 */
export const renewTenants = async (db: Db, caller: Caller, b: z.output<typeof offlineRenewBody>) => {
  if (caller.actor.kind !== 'sys' && caller.actor.kind !== 'operator') throw forbidden();
  const moved = await db.transaction(async (tx) => {
    refuseUnmovable(await lockTenants(tx, caller, b.ids), b.ids, '续费');
    return renewOffline(tx, {
      tenantIds: b.ids,
      years: b.years,
      payMethod: b.pay_method,
      shownMoney: b.money,
      remark: b.remark ?? '',
      by: caller.actor,
    });
  });
  touchTable(tenants, serviceOrders);
  bumpAccessVersion();
  return replied('续费成功', moved);
};

/** The platform subscription's price a year, which the offline renewal charges each company per year. */
export const platformPrice = async (db: Db) => {
  const [svc] = await db
    .select({ title: services.title, price: services.price })
    .from(services)
    .where(and(eq(services.code, PLATFORM_SERVICE), eq(services.status, 1)));
  if (!svc) throw fail('平台服务未启用，不能续费');
  return { title: svc.title, price: yuan(svc.price) };
};

/** 到期运营商 · 续费 (years) / 延期 (days), the platform only: each chosen operator's contract ends later. */
export const moveOperators = async (db: Db, caller: Caller, ids: number[], by: EndMove, reason: string) => {
  platformOnly(caller);
  const moved = await db.transaction(async (tx) => {
    const before = await lockOperators(tx, ids);
    refuseUnmovable(before, ids, 'years' in by ? '续费' : '延期');
    const rows = await tx
      .update(operators)
      .set({ expireDate: movedEnd(operators.expireDate, by), updatedAt: new Date() })
      .where(inArray(operators.id, ids))
      .returning({ id: operators.id, name: operators.name, expire: operators.expireDate });
    await logMoves(tx, caller, 'operator', by, reason, before, rows);
    return rows;
  });
  touchTable(operators, expiryChanges);
  return replied('years' in by ? '续费成功' : '延期成功', moved);
};

/**
 * 到期小区 · 延期 (the platform, or the operator of the village's company): the village gets an end of its own, N days
 * after its effective one (its own, else its company's).
 */
export const extendVillages = async (db: Db, caller: Caller, b: Extend) => {
  if (caller.actor.kind !== 'sys' && caller.actor.kind !== 'operator') throw forbidden();
  const by = { days: b.days };
  const moved = await db.transaction(async (tx) => {
    const before = await lockVillages(tx, caller, b.ids);
    refuseUnmovable(before, b.ids, '延期');
    const rows = await tx
      .update(villages)
      .set({ expireDate: movedEnd(effectiveExpire, by), updatedAt: new Date() })
      .where(inArray(villages.id, b.ids))
      .returning({ id: villages.id, name: villages.name, expire: villages.expireDate });
    await logMoves(tx, caller, 'village', by, b.reason, before, rows);
    return rows;
  });
  touchTable(villages, expiryChanges);
  return replied('延期成功', moved);
};
