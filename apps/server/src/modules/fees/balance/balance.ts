import { touchTable } from '../../../core/engine/list-totals.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf, MONEY_FEN_MAX, pageSchema } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import { forbidden, invalid, notFound } from '../../../core/errors.ts';
import { formatTime } from '../../../core/time.ts';
import { findHouse, houses, scopeOfCaller } from '../../estate/index.ts';
import { arrivalOf, effectiveMultiplier, toFen, yuan } from '../format.ts';
import { balanceLedger, feeSettings } from '../schema.ts';
import { yuanInput, type rechargeBody, type reminderBody } from '../bodies.ts';

type Settings = {
  packages: { principal: number; present: number }[];
  multiplier: number;
  msgReminder: number;
  listReminder: number;
};

export const settingsOf = async (db: Db, tenantId: number): Promise<Settings> => {
  const [s] = await db.select().from(feeSettings).where(eq(feeSettings.tenantId, tenantId));
  return {
    packages: s?.packages ?? [],
    multiplier: Number(s?.multiplier ?? 1),
    msgReminder: s?.msgReminder ?? 0,
    listReminder: s?.listReminder ?? 0,
  };
};

const saveSettings = async (db: Db, tenantId: number, set: Partial<typeof feeSettings.$inferInsert>) => {
  await db
    .insert(feeSettings)
    .values({ tenantId, ...set })
    .onConflictDoUpdate({ target: feeSettings.tenantId, set: { ...set, updatedAt: new Date() } });
};

const money = (label: string, v: unknown, min = 0) => {
  const fen = toFen(v);
  if (fen === null) throw invalid(`${label}应为数字，最多两位小数`, label);
  if (fen < min) throw invalid(`${label}不能小于${yuan(min)}`, label);
  // the column is a bigint: a larger amount would fail in the database, not as a message
  if (fen > MONEY_FEN_MAX) throw invalid(`${label}不能大于${yuan(MONEY_FEN_MAX)}`, label);
  return fen;
};

/** The recharge packages and multiplier as yuan strings ('1.15'); the route names them pgs and bl. */
export type RechargeOffer = { packages: { principal: string; present: string }[]; multiplier: string };

/** getPackage {}: the company's recharge packages and multiplier. */
export const getPackage = async (db: Db, caller: Caller): Promise<RechargeOffer> => {
  const s = await settingsOf(db, caller.actor.tenantId!);
  return {
    packages: s.packages.map((p) => ({ principal: yuan(p.principal), present: yuan(p.present) })),
    multiplier: s.multiplier.toFixed(2),
  };
};

export const packagesBody = z.object({
  pgs: z
    .array(
      z.object(
        {
          principal: yuanInput('充值金额').optional().describe('充值金额（元）'),
          present: yuanInput('赠送金额').optional().describe('赠送金额（元）'),
        },
        { error: '套餐格式错误' },
      ),
      { error: '套餐格式错误' },
    )
    .max(20, '最多设置20个套餐')
    .default([])
    .describe('充值套餐'),
  bl: yuanInput('充值倍率').optional().describe('充值倍率 1.00–2.00'),
});

/** savePackage {pgs (packages), bl (multiplier)}: multiplier 1.00–2.00, below 1 saved as 1, above 2 refused. */
export const savePackage = async (
  db: Db,
  caller: Caller,
  body: z.output<typeof packagesBody>,
): Promise<RechargeOffer> => {
  const multiplier = body.bl === undefined || body.bl === '' ? 1 : effectiveMultiplier(body.bl);
  if (multiplier === null) throw invalid('充值倍率应在1.00-2.00之间', 'bl');
  const packages = body.pgs.map((p) => ({
    principal: money('充值金额', p.principal, 1),
    present: money('赠送金额', p.present ?? 0),
  }));
  if (new Set(packages.map((p) => p.principal)).size !== packages.length) throw invalid('套餐充值金额不能重复', 'pgs');
  packages.sort((a, b) => a.principal - b.principal);
  await saveSettings(db, caller.actor.tenantId!, { packages, multiplier: multiplier.toFixed(2) });
  return {
    packages: packages.map((p) => ({ principal: yuan(p.principal), present: yuan(p.present) })),
    multiplier: multiplier.toFixed(2),
  };
};

/**
 * recharge {id (house), bj (principal yuan), yh (arrival yuan)}: the server decides the arrival —
 * a package with this principal gives principal + present, otherwise principal × multiplier —
 * and refuses a yh that disagrees. Balance and ledger change in one transaction.
 */
export const recharge = async (db: Db, caller: Caller, body: z.output<typeof rechargeBody>) => {
  const houseId = body.id;
  const principal = toFen(body.bj);
  if (principal === null || principal < 100) throw invalid('充值金额应为大于1的数字', 'bj');
  if (principal > MONEY_FEN_MAX) throw invalid(`充值金额不能大于${yuan(MONEY_FEN_MAX)}`, 'bj');
  const s = await settingsOf(db, caller.actor.tenantId!);
  const pkg = s.packages.find((p) => p.principal === principal);
  const arrival = pkg ? pkg.principal + pkg.present : arrivalOf(principal, effectiveMultiplier(s.multiplier) ?? 1);
  if (body.yh !== undefined && body.yh !== '' && toFen(body.yh) !== arrival)
    throw invalid(`到账金额有误，应为${yuan(arrival)}元`, 'yh');
  const house = await findHouse(db, scopeOfCaller(caller), houseId);
  if (!house) throw notFound();
  return db.transaction(async (tx) => {
    const [h] = await tx
      .update(houses)
      .set({ balance: sql`${houses.balance} + ${arrival}`, updatedAt: new Date() })
      .where(eq(houses.id, houseId))
      .returning({ after: houses.balance });
    const reason = pkg
      ? `充值套餐：充${yuan(principal)}元送${yuan(pkg.present)}元`
      : `充值：本金${yuan(principal)}元，到账${yuan(arrival)}元`;
    touchTable(balanceLedger);
    await tx.insert(balanceLedger).values({
      tenantId: caller.actor.tenantId!,
      villageId: house.villageId,
      houseId,
      kind: 1,
      before: h!.after - arrival,
      change: arrival,
      after: h!.after,
      reason,
      userId: caller.actor.id,
      userName: caller.actor.name,
    });
    return { balance: yuan(h!.after), arrival: yuan(arrival) };
  });
};

/** balanceReminder {} → thresholds; with values → saves them (needs Balance:edit). */
/** the setting's one call reads when it carries no amount and saves when it carries one */
export const savesReminder = (body: unknown) => {
  const b = (body ?? {}) as { msg_reminder?: unknown; list_reminder?: unknown };
  return b.msg_reminder !== undefined || b.list_reminder !== undefined;
};

export const balanceReminder = async (db: Db, caller: Caller, body: z.output<typeof reminderBody>) => {
  const tenantId = caller.actor.tenantId!;
  if (!savesReminder(body)) {
    const s = await settingsOf(db, tenantId);
    return { data: { msg_reminder: yuan(s.msgReminder), list_reminder: yuan(s.listReminder) }, saved: false };
  }
  if (!caller.perms.has('Balance:edit')) throw forbidden();
  const msgReminder = money('短信提醒余额', body.msg_reminder ?? 0);
  const listReminder = money('列表提醒余额', body.list_reminder ?? 0);
  await saveSettings(db, tenantId, { msgReminder, listReminder });
  return { data: { msg_reminder: yuan(msgReminder), list_reminder: yuan(listReminder) }, saved: true };
};

/** ledger {house_id, current, size}: a house's balance changes, newest first. */
export const ledgerBody = z.object({ house_id: idOf('house_id').describe('房屋 id') }).extend(pageSchema(100).shape);

export const ledger = async (db: Db, caller: Caller, body: z.output<typeof ledgerBody>) => {
  const house = await findHouse(db, scopeOfCaller(caller), body.house_id);
  if (!house) throw notFound();
  const { current, size } = body;
  const where = and(eq(balanceLedger.houseId, house.id), eq(balanceLedger.tenantId, caller.actor.tenantId!));
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(balanceLedger)
      .where(where)
      .orderBy(desc(balanceLedger.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(balanceLedger).where(where),
  ]);
  const total = Number(n?.n ?? 0);
  return {
    records: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      before: yuan(r.before),
      change: yuan(r.change),
      after: yuan(r.after),
      reason: r.reason,
      user_name: r.userName,
      created_at: formatTime(r.createdAt),
    })),
    total,
    current,
    size,
    pageCount: Math.ceil(total / size),
  };
};
