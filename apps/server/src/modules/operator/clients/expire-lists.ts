import { and, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { FieldDef } from '../../../core/engine/types.ts';
import { operators, tenants, villages } from '../../tenancy/index.ts';
import { tenantScope } from './tenants.ts';
import { effectiveExpire, villagesOfCaller } from './villages.ts';

/** How far ahead an expiry is listed. */
export const EXPIRE_WINDOW_DAYS = 30;
/** today in the product's time zone, evaluated by the database per statement */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
const within = (expire: SQL) => sql`(${expire} is not null and ${expire} <= ${today} + ${EXPIRE_WINDOW_DAYS}::int)`;

/** 剩余天数 (negative: expired that many days ago) and 即将到期 / 已过期, both from the same expiry. */
const expiryFields = (expire: SQL): FieldDef[] => [
  {
    prop: 'days_left',
    label: '剩余天数',
    type: 'daysLeft',
    computed: sql`(${expire} - ${today})`,
    sortable: true,
    width: 90,
  },
  {
    prop: 'expire_state',
    label: '到期状态',
    type: 'select',
    options: [
      { label: '即将到期', value: '1' },
      { label: '已过期', value: '2' },
    ],
    computed: sql`(case when ${expire} < ${today} then '2' else '1' end)`,
    search: 'eq',
    width: 90,
  },
];
const readOnly = { edit: false, add: false, import: false } as const;

/** 到期运营商: operators whose contract ends within 30 days or has ended (platform only); 续费 / 延期 move it. */
export const expireOperatorResource = defineResource({
  route: '/Sys/CarrierOperator/ExpireOperator/listConfig',
  title: '到期运营商',
  name: 'ExpireOperator',
  // 续费 and 延期 are toolbar dialogs (expire-routes.ts), granted by these button menus
  menu: { app: 'sys', group: 'operators', order: 2, buttons: ['export', 'renew', 'extend'] },
  table: operators,
  ownership: 'global',
  toolbar: ['export'],
  rowActions: ['detail'],
  order: [{ column: 'expire_date', dir: 'asc' }],
  fields: [
    { prop: 'name', label: '运营商名称', type: 'text', search: true, width: 200, ...readOnly },
    { prop: 'contact', label: '联系人', type: 'text', width: 100, ...readOnly },
    { prop: 'phone', label: '联系电话', type: 'text', width: 130, ...readOnly },
    { prop: 'expire_date', label: '到期日期', type: 'date', width: 110, ...readOnly },
    ...expiryFields(qualified(operators.expireDate)),
  ],
  hooks: {
    scope: ({ actor }: Caller) => (actor.kind === 'sys' ? within(qualified(operators.expireDate)) : sql`false`),
  },
});

/** 到期物业公司: companies whose subscription ends within 30 days or has ended, the operator's own for an operator. */
export const expireTenantResource = defineResource({
  route: '/Sys/CarrierOperator/ExpireTenant/listConfig',
  title: '到期物业公司',
  name: 'ExpireTenant',
  menu: [
    { app: 'sys', group: 'operators', order: 3, buttons: ['export', 'renew', 'extend'] },
    // a company's end moves by a paid renewal or by the platform: its operator renews (offline), never extends
    { app: 'operator', group: 'operations', order: 5, buttons: ['export', 'renew'] },
  ],
  table: tenants,
  ownership: 'global',
  toolbar: ['export'],
  rowActions: ['detail'],
  order: [{ column: 'service_expire', dir: 'asc' }],
  fields: [
    { prop: 'name', label: '物业公司名称', type: 'text', search: true, width: 200, ...readOnly },
    {
      prop: 'operator_name',
      label: '所属运营商',
      type: 'text',
      computed: sql`(select o.name from ${operators} o where o.id = ${qualified(tenants.operatorId)})`,
      width: 180,
      ...readOnly,
    },
    { prop: 'contact', label: '联系人', type: 'text', width: 100, ...readOnly },
    { prop: 'phone', label: '联系电话', type: 'text', width: 130, ...readOnly },
    { prop: 'service_expire', label: '服务到期', type: 'date', width: 110, ...readOnly },
    ...expiryFields(qualified(tenants.serviceExpire)),
  ],
  hooks: { scope: (caller) => and(tenantScope(caller), within(qualified(tenants.serviceExpire))) },
});

/** 到期小区: villages whose own or company's end falls within 30 days or has passed. */
export const expireVillageResource = defineResource({
  route: '/Sys/CarrierOperator/ExpireVillage/listConfig',
  title: '到期小区',
  name: 'ExpireVillage',
  menu: [
    { app: 'sys', group: 'operators', order: 4, buttons: ['export', 'extend'] },
    { app: 'operator', group: 'operations', order: 6, buttons: ['export', 'extend'] },
  ],
  table: villages,
  ownership: 'global',
  toolbar: ['export'],
  rowActions: ['detail'],
  order: [{ column: 'effective_expire', dir: 'asc' }],
  fields: [
    { prop: 'name', label: '小区名称', type: 'text', search: true, width: 160, ...readOnly },
    {
      prop: 'tenant_name',
      label: '物业公司',
      type: 'text',
      computed: sql`(select t.name from ${tenants} t where t.id = ${qualified(villages.tenantId)})`,
      width: 200,
      ...readOnly,
    },
    { prop: 'address', label: '详细地址', type: 'text', width: 220, ...readOnly },
    {
      prop: 'effective_expire',
      label: '到期日期',
      type: 'date',
      computed: sql`to_char(${effectiveExpire}, 'YYYY-MM-DD')`,
      sortable: true,
      width: 110,
      ...readOnly,
    },
    ...expiryFields(effectiveExpire),
  ],
  hooks: { scope: (caller) => and(villagesOfCaller(caller), within(effectiveExpire)) },
});

export const expireScreens = [expireOperatorResource, expireTenantResource, expireVillageResource];
