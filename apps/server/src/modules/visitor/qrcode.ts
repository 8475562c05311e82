import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { VISITOR_QR_TYPE, VISITOR_REG_PATH, type VisitorQrReply } from '@5a/contracts/endpoints/visitor';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { fail, forbidden, notFound } from '../../core/errors.ts';
import { formatTime } from '../../core/time.ts';
import { villages } from '../tenancy/index.ts';
import { visitorQrcodes } from './schema.ts';
import { signVisitorToken } from './token.ts';

/** how long a printed code works: a year, then staff print a new one (a code that never ends is never revoked) */
export const QR_VALID_DAYS = 365;

export type QrConfig = { key: Buffer | null; publicBaseUrl: string | undefined };

/** The caller's village of that id (his company, his data scope); anything else behaves as if it did not exist. */
export const callerVillage = async (db: Db, caller: Caller, villageId: number) => {
  const tenantId = caller.actor.tenantId;
  if (caller.actor.kind !== 'web' || tenantId === null) throw forbidden();
  if (caller.villageIds !== null && !caller.villageIds.includes(villageId)) throw notFound();
  const [v] = await db
    .select({ id: villages.id, tenantId: villages.tenantId, name: villages.name, reg: villages.fVisitorRegistration })
    .from(villages)
    .where(and(eq(villages.id, villageId), eq(villages.tenantId, tenantId)))
    .limit(1);
  if (!v) throw notFound();
  return v;
};

/** the page address of a code: relative when no public address is set (the staff's browser knows its own) */
export const codeUrl = (cfg: QrConfig, codeId: number, expiresAt: Date) => {
  if (!cfg.key) throw fail('未设置 CONFIG_SECRET_KEY，无法生成访客二维码');
  const base = (cfg.publicBaseUrl ?? '').replace(/\/+$/, '');
  return `${base}${VISITOR_REG_PATH}?type=${VISITOR_QR_TYPE}&id=${signVisitorToken(cfg.key, codeId, expiresAt)}`;
};

/** The village's live code (the newest), or a new one valid QR_VALID_DAYS when it has none. */
export const villageQr = async (db: Db, caller: Caller, villageId: number, cfg: QrConfig): Promise<VisitorQrReply> => {
  const v = await callerVillage(db, caller, villageId);
  if (!cfg.key) throw fail('未设置 CONFIG_SECRET_KEY，无法生成访客二维码');
  const live = and(
    eq(visitorQrcodes.tenantId, v.tenantId),
    eq(visitorQrcodes.villageId, v.id),
    isNull(visitorQrcodes.revokedAt),
    gt(visitorQrcodes.expiresAt, sql`now()`),
  );
  let [code] = await db
    .select({ id: visitorQrcodes.id, expiresAt: visitorQrcodes.expiresAt })
    .from(visitorQrcodes)
    .where(live)
    .orderBy(desc(visitorQrcodes.id))
    .limit(1);
  if (!code) {
    [code] = await db
      .insert(visitorQrcodes)
      .values({
        tenantId: v.tenantId,
        villageId: v.id,
        // whole seconds: the token carries the expiry in seconds and must match the row exactly
        expiresAt: sql`date_trunc('second', now() + make_interval(days => ${QR_VALID_DAYS}))`,
        createdBy: caller.actor.id,
      })
      .returning({ id: visitorQrcodes.id, expiresAt: visitorQrcodes.expiresAt });
  }
  return {
    id: code!.id,
    url: codeUrl(cfg, code!.id, code!.expiresAt),
    village_name: v.name,
    expire_time: formatTime(code!.expiresAt),
    f_visitor_registration: Number(v.reg),
    filename: `${v.name}-访客登记二维码.png`.replace(/[\\/:*?"<>|\s]+/g, '_'),
  };
};

/** 撤销: every live code of the village stops at once; the next 访客二维码 makes a new one. */
export const revokeVillageQr = async (db: Db, caller: Caller, villageId: number) => {
  const v = await callerVillage(db, caller, villageId);
  const rows = await db
    .update(visitorQrcodes)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(visitorQrcodes.tenantId, v.tenantId),
        eq(visitorQrcodes.villageId, v.id),
        isNull(visitorQrcodes.revokedAt),
        gt(visitorQrcodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: visitorQrcodes.id });
  return { revoked: rows.length };
};

/** 访客登记 开启 / 关闭 for the village (the village's own switch, also on the village screen). */
export const setRegistration = async (db: Db, caller: Caller, villageId: number, on: number) => {
  const v = await callerVillage(db, caller, villageId);
  await db
    .update(villages)
    .set({ fVisitorRegistration: on, updatedAt: sql`now()` })
    .where(and(eq(villages.id, v.id), eq(villages.tenantId, v.tenantId)));
  return { f_visitor_registration: on };
};
