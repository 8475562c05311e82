import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { FormDef } from '../../core/engine/form.ts';
import { forbidden } from '../../core/errors.ts';
import { formatDate } from '../../core/time.ts';
import { tenants } from '../tenancy/index.ts';
import { configs } from './schema.ts';

/**
 * The lowest discount (percent) a collector may give without the right to approve one: a company
 * setting, so a slip such as 0.01 for 100 never collects ¥0.09 of ¥900 unnoticed.
 */
export const COLLECT_MIN_DISCOUNT_KEY = 'collect_min_discount';
export const DEFAULT_COLLECT_MIN_DISCOUNT = 50;

const settingOf = async (db: Db, tenantId: number, key: string) =>
  (
    await db
      .select({ value: configs.configValue })
      .from(configs)
      .where(and(eq(configs.tenantId, tenantId), eq(configs.configKey, key)))
      .orderBy(asc(configs.id))
      .limit(1)
  )[0]?.value;

const putSetting = async (db: Db, tenantId: number, name: string, key: string, value: string) => {
  const done = await db
    .update(configs)
    .set({ configValue: value, updatedAt: new Date() })
    .where(and(eq(configs.tenantId, tenantId), eq(configs.configKey, key)))
    .returning({ id: configs.id });
  if (!done.length) await db.insert(configs).values({ tenantId, name, configKey: key, configValue: value });
};

/** The company's 收款最低折扣(%); a value not in 0–100 (set by hand in 参数配置) counts as the default. */
export const collectMinDiscount = async (db: Db, tenantId: number) => {
  const v = await settingOf(db, tenantId, COLLECT_MIN_DISCOUNT_KEY);
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : DEFAULT_COLLECT_MIN_DISCOUNT;
};

const tenantOf = (tenantId: number | null) => {
  if (tenantId === null) throw forbidden();
  return tenantId;
};

/** 物业信息: the company's own contact details and service settings, as a tabbed dynamic form. */
export const tenantInfoForm: FormDef = {
  route: '/Web/Setting/TenantInfo/index',
  title: '物业信息',
  name: 'TenantInfo',
  tabs: [
    {
      key: 'basic',
      title: '基本信息',
      fields: [
        { prop: 'contact', label: '联系人', type: 'text', required: true, maxLength: 50 },
        { prop: 'phone', label: '联系电话', type: 'text', required: true, validator: 'mobile' },
      ],
    },
    {
      key: 'service',
      title: '服务设置',
      fields: [
        {
          prop: 'service_phone',
          label: '物业服务电话',
          type: 'text',
          required: true,
          maxLength: 30,
          pattern: { source: '^[0-9-]{7,20}$', message: '物业服务电话格式错误' },
        },
        {
          prop: COLLECT_MIN_DISCOUNT_KEY,
          label: '收款最低折扣(%)',
          type: 'number',
          min: 0,
          max: 100,
          placeholder: '收费员无需审批可给的最低折扣，0 为不限',
        },
      ],
    },
  ],
  load: async ({ db, caller }, tab) => {
    const tenantId = tenantOf(caller.actor.tenantId);
    if (tab === 'basic') {
      const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      return { contact: t?.contact ?? '', phone: t?.phone ?? '' };
    }
    return {
      service_phone: (await settingOf(db, tenantId, 'service_phone')) ?? '',
      [COLLECT_MIN_DISCOUNT_KEY]: await collectMinDiscount(db, tenantId),
    };
  },
  info: async ({ db, caller }, tab) => {
    if (tab !== 'basic') return [];
    const [t] = await db
      .select()
      .from(tenants)
      .where(eq(tenants.id, tenantOf(caller.actor.tenantId)));
    return [
      { label: '公司名称', value: t?.name ?? '' },
      { label: '服务到期', value: t?.serviceExpire ? formatDate(`${t.serviceExpire}T00:00:00+08:00`) : '长期' },
    ];
  },
  save: async ({ db, caller }, tab, values) => {
    const tenantId = tenantOf(caller.actor.tenantId);
    if (tab === 'basic') {
      await db
        .update(tenants)
        .set({ contact: String(values.contact), phone: String(values.phone), updatedAt: new Date() })
        .where(eq(tenants.id, tenantId));
      return;
    }
    await putSetting(db, tenantId, '物业服务电话', 'service_phone', String(values.service_phone));
    const min = values[COLLECT_MIN_DISCOUNT_KEY];
    // not sent (blank, or a client of the phone field alone): unchanged
    if (min !== undefined && min !== null && min !== '')
      await putSetting(db, tenantId, '收款最低折扣(%)', COLLECT_MIN_DISCOUNT_KEY, String(Number(min)));
  },
};
