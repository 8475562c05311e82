import { and, eq, sql } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import { VISITOR_QR_TYPE, VISITOR_TYPES, VisitorMsg, type VisitorVillage } from '@5a/contracts/endpoints/visitor';
import type { Db } from '../../core/db/client.ts';
import { fail, invalid } from '../../core/errors.ts';
import { services, tenantServices } from '../fees/index.ts';
import { villages } from '../tenancy/index.ts';
import { visitorQrcodes, visitors } from './schema.ts';
import { readVisitorToken } from './token.ts';

/** the service whose menus hold 访客记录: a company without it takes no registrations */
const ACCESS_SERVICE = 'access';

export type VisitorQueryIn = { type: string; id: string };
export type Code0 = { codeId: number; tenantId: number; villageId: number; village: VisitorVillage };

/** whether the village takes registrations now */
export const isOpen = (v: VisitorVillage) => v.closed !== 1 && v.f_visitor_registration === 1;

/**
 * The code a page's query names, with its village. A query that is not this server's (wrong type, forged or
 * altered token) is 参数错误; a code past its expiry or revoked is 二维码已过期 — nothing else is told.
 */
export const codeOf = async (db: Db, key: Buffer | null, query: VisitorQueryIn): Promise<Code0> => {
  const token = query.type === VISITOR_QR_TYPE ? readVisitorToken(key, query.id) : null;
  if (!token) throw invalid(VisitorMsg.badParams, 'query');
  const [row] = await db
    .select({
      codeId: visitorQrcodes.id,
      tenantId: visitorQrcodes.tenantId,
      villageId: visitorQrcodes.villageId,
      signedExpiry: sql<boolean>`floor(extract(epoch from ${visitorQrcodes.expiresAt}))::bigint = ${Math.floor(token.expiresAt.getTime() / 1000)}`,
      live: sql<boolean>`${visitorQrcodes.revokedAt} is null and ${visitorQrcodes.expiresAt} > now()`,
      name: villages.name,
      closed: villages.closed,
      reg: villages.fVisitorRegistration,
      serviceHeld: sql<boolean>`exists (select 1 from ${tenantServices} ts join ${services} s on s.id = ts.service_id
        where ts.tenant_id = ${visitorQrcodes.tenantId} and s.code = ${ACCESS_SERVICE} and s.status = 1
        and ts.end_date >= (now() at time zone 'Asia/Shanghai')::date)`,
    })
    .from(visitorQrcodes)
    // the village is read under the code's company: a village since deleted leaves the code naming nothing
    .innerJoin(villages, and(eq(villages.id, visitorQrcodes.villageId), eq(villages.tenantId, visitorQrcodes.tenantId)))
    .where(eq(visitorQrcodes.id, token.codeId))
    .limit(1);
  if (!row || !row.signedExpiry) throw invalid(VisitorMsg.badParams, 'query');
  if (!row.live) throw fail(VisitorMsg.expired, Code.expired);
  // a company that no longer holds the service is shown as a village that closed registration
  const village = {
    name: row.name,
    closed: Number(row.closed),
    f_visitor_registration: row.serviceHeld ? Number(row.reg) : 2,
  };
  return { codeId: row.codeId, tenantId: row.tenantId, villageId: row.villageId, village };
};

/** AcModel: the village's name and switches, for the page to show the form or the closed notice. */
export const villageOfCode = async (db: Db, key: Buffer | null, query: VisitorQueryIn) =>
  (await codeOf(db, key, query)).village;

export type RegValues = { name: string; phone: string; fklxidx: number; avatar: string };

/** an avatar this company's visitor upload stored: `t<company>/<yyyymm>/<uuid>.<image ext>` */
export const avatarPattern = (tenantId: number) =>
  new RegExp(`^t${tenantId}/\\d{6}/[a-f0-9-]{36}\\.(png|jpg|gif|webp)$`);

/**
 * 登记: one row 待审核 in the code's village. Refused when the village is closed, or the avatar is not a picture
 * uploaded for this company (`exists` checks the stored file).
 */
export const register = async (
  db: Db,
  key: Buffer | null,
  query: VisitorQueryIn,
  values: RegValues,
  exists: (path: string) => boolean,
): Promise<{ id: number }> => {
  const code = await codeOf(db, key, query);
  if (!isOpen(code.village)) throw fail(VisitorMsg.closed, Code.disabled);
  if (!avatarPattern(code.tenantId).test(values.avatar) || !exists(values.avatar))
    throw invalid(VisitorMsg.avatar, 'values.avatar');
  if (!VISITOR_TYPES.some((t) => t.value === values.fklxidx)) throw invalid(VisitorMsg.type, 'values.fklxidx');
  const [row] = await db
    .insert(visitors)
    .values({
      tenantId: code.tenantId,
      villageId: code.villageId,
      qrcodeId: code.codeId,
      name: values.name,
      phone: values.phone,
      fklxidx: values.fklxidx,
      avatar: values.avatar,
    })
    .returning({ id: visitors.id });
  return { id: row!.id };
};
