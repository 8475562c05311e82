import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { formatDate } from '../../../core/time.ts';
import { configs } from '../../system/index.ts';
import { tenants } from '../../tenancy/index.ts';

export const GRACE_KEY = 'tenant_grace_days';
const DEFAULT_GRACE = 7;
const DAY = 86400_000;

/** Days a lapsed company keeps writing before it turns read-only: the platform's setting, else 7. */
export const graceDays = async (db: Db): Promise<number> => {
  const [row] = await db
    .select({ v: configs.configValue })
    .from(configs)
    .where(and(eq(configs.configKey, GRACE_KEY), isNull(configs.tenantId), isNull(configs.operatorId)));
  const n = Number(row?.v?.trim());
  return row && row.v.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 365 ? n : DEFAULT_GRACE;
};

/**
 * The grace setting as a platform parameter (系统设置 › 参数设置), written once so the platform finds it there;
 * an installation that already has it keeps its value.
 */
export const seedGraceSetting = async (db: Db) => {
  const [row] = await db
    .select({ id: configs.id })
    .from(configs)
    .where(and(eq(configs.configKey, GRACE_KEY), isNull(configs.tenantId), isNull(configs.operatorId)));
  if (row) return;
  await db.insert(configs).values({
    name: '到期宽限天数',
    configKey: GRACE_KEY,
    configValue: String(DEFAULT_GRACE),
    type: 0,
    remark: '物业公司服务到期后仍可正常使用的天数，超过后转为只读（0-365）',
  });
};

/** whole days from today (Asia/Shanghai) to a 'YYYY-MM-DD' date: negative once it has passed */
export const daysUntil = (date: string, today = formatDate(new Date())) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);

export const readOnlyMessage = (expire: string) => `物业服务已于${expire}到期，当前为只读模式，续费后即可恢复`;

export type ServiceState = {
  /** the company's service expiry, '' = 长期 */
  expire: string;
  daysLeft: number | null;
  graceDays: number;
  readOnly: boolean;
  message: string;
};

/**
 * Where a company stands with its platform service: read afresh on every call (no cache), so a renewal's
 * settlement lifts read-only on the very next request.
 */
export const serviceState = async (db: Db, actor: Actor): Promise<ServiceState> => {
  const none = { expire: '', daysLeft: null, graceDays: 0, readOnly: false, message: '' };
  if (actor.kind !== 'web' || actor.tenantId === null) return none;
  const [[t], grace] = await Promise.all([
    db.select({ expire: tenants.serviceExpire }).from(tenants).where(eq(tenants.id, actor.tenantId)),
    graceDays(db),
  ]);
  if (!t?.expire) return { ...none, graceDays: grace };
  const daysLeft = daysUntil(t.expire);
  const readOnly = daysLeft + grace < 0;
  const message = readOnly
    ? readOnlyMessage(t.expire)
    : daysLeft < 0
      ? `物业服务已于${t.expire}到期，${daysLeft + grace + 1}天后将转为只读模式，请尽快续费`
      : daysLeft <= 30
        ? `您的物业服务将于${t.expire}到期（剩余${daysLeft}天），请及时续费`
        : '';
  return { expire: t.expire, daysLeft, graceDays: grace, readOnly, message };
};

/**
 * A company past its expiry and grace days may read, not write (asked on every route declaring `writes: true`;
 * renewing is declared exempt so it can pay its way back). Only web callers are gated: the platform and
 * operators keep writing whatever their companies owe.
 */
export const tenantWriteGate = async (db: Db, actor: Actor): Promise<string | null> => {
  if (actor.kind !== 'web' || actor.tenantId === null) return null;
  const state = await serviceState(db, actor);
  return state.readOnly ? readOnlyMessage(state.expire) : null;
};
