import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import { tenants, villages } from '../../tenancy/index.ts';

/** Villages of the companies the caller sees: all for the platform, its companies' for an operator. */
export const villagesOfCaller = ({ actor }: Caller) =>
  actor.kind === 'sys'
    ? undefined
    : actor.kind === 'operator'
      ? sql`${qualified(villages.tenantId)} in (select t.id from ${tenants} t where t.operator_id = ${actor.operatorId ?? -1})`
      : sql`false`;

/** A village's own end, else its company's subscription end (null = 长期). */
export const effectiveExpire = sql`coalesce(${qualified(villages.expireDate)}, (select t.service_expire from ${tenants} t where t.id = ${qualified(villages.tenantId)}))`;

/**
 * 小区列表 of an operator's companies: read-only but for the village's own service end. Villages are
 * created by the company itself (小区管理).
 */
export const operatorVillageResource = defineResource({
  route: '/Operator/Village/listConfig',
  title: '小区',
  name: 'OperatorVillage',
  menu: [
    { app: 'operator', group: 'operations', title: '小区列表', order: 2, buttons: ['edit', 'export'] },
    { app: 'sys', group: 'operators', title: '小区列表', order: 8, buttons: ['edit', 'export'] },
  ],
  table: villages,
  ownership: 'global',
  toolbar: ['export'],
  rowActions: ['detail', 'edit'],
  fields: [
    { prop: 'name', label: '小区名称', type: 'text', required: true, search: true, edit: false, width: 160 },
    {
      prop: 'tenant_name',
      label: '物业公司',
      type: 'text',
      computed: sql`(select t.name from ${tenants} t where t.id = ${qualified(villages.tenantId)})`,
      search: true,
      edit: false,
      import: false,
      width: 200,
    },
    { prop: 'region_code', label: '所在地区', type: 'region', search: true, edit: false, import: false, width: 200 },
    { prop: 'address', label: '详细地址', type: 'text', edit: false, import: false, width: 220 },
    {
      prop: 'expire_date',
      label: '小区到期',
      type: 'date',
      placeholder: '不填 = 随物业公司',
      width: 110,
      clearable: true,
    },
    {
      prop: 'effective_expire',
      label: '实际到期',
      type: 'date',
      computed: sql`to_char(${effectiveExpire}, 'YYYY-MM-DD')`,
      edit: false,
      import: false,
      sortable: true,
      width: 110,
    },
    { prop: 'status', label: '状态', type: 'dict', dict: 'sys_status', search: true, edit: false, import: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, import: false, width: 160 },
  ],
  hooks: { scope: villagesOfCaller },
});
