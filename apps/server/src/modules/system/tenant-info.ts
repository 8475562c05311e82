import { and, eq } from 'drizzle-orm';
import type { FormDef } from '../../core/engine/form.ts';
import { forbidden } from '../../core/errors.ts';
import { formatDate } from '../../core/time.ts';
import { tenants } from '../tenancy/index.ts';
import { configs } from './schema.ts';

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
      ],
    },
  ],
  load: async ({ db, caller }, tab) => {
    const tenantId = tenantOf(caller.actor.tenantId);
    if (tab === 'basic') {
      const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      return { contact: t?.contact ?? '', phone: t?.phone ?? '' };
    }
    const [c] = await db
      .select()
      .from(configs)
      .where(and(eq(configs.tenantId, tenantId), eq(configs.configKey, 'service_phone')));
    return { service_phone: c?.configValue ?? '' };
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
    const value = String(values.service_phone);
    const done = await db
      .update(configs)
      .set({ configValue: value, updatedAt: new Date() })
      .where(and(eq(configs.tenantId, tenantId), eq(configs.configKey, 'service_phone')))
      .returning({ id: configs.id });
    if (!done.length)
      await db
        .insert(configs)
        .values({ tenantId, name: '物业服务电话', configKey: 'service_phone', configValue: value });
  },
};
