import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import { qualified as q } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import { fail } from '../../../core/errors.ts';
import { operators, tenants, villages } from '../../tenancy/index.ts';
import { expiryChanges } from '../schema.ts';

const ro = { add: false, edit: false, import: false } as const;
const target = q(expiryChanges.targetId);
const kind = q(expiryChanges.kind);

/** The platform reads every move; an operator those of its own contract, companies and villages. */
const logScope = ({ actor }: Caller) =>
  actor.kind === 'sys'
    ? undefined
    : actor.kind === 'operator'
      ? sql`${q(expiryChanges.operatorId)} = ${actor.operatorId ?? -1}`
      : sql`false`;

/** 延期记录: what 延期 and an operator's contract renewal moved on the expiry lists, by whom and why (read-only). */
export const expiryLogResource = defineResource({
  route: '/Sys/CarrierOperator/ExpiryChange/listConfig',
  title: '延期记录',
  name: 'ExpiryChange',
  menu: [
    { app: 'sys', group: 'operators', order: 9, buttons: ['export'] },
    { app: 'operator', group: 'operations', order: 7, buttons: ['export'] },
  ],
  table: expiryChanges,
  ownership: 'global',
  toolbar: ['export'],
  rowActions: ['detail'],
  order: [{ column: 'id', dir: 'desc' }],
  fields: [
    {
      prop: 'kind',
      label: '对象',
      type: 'select',
      options: [
        { label: '运营商', value: 'operator' },
        { label: '物业公司', value: 'tenant' },
        { label: '小区', value: 'village' },
      ],
      search: 'eq',
      width: 90,
      ...ro,
    },
    {
      prop: 'target_name',
      label: '名称',
      type: 'text',
      computed: sql`(case ${kind}
        when 'operator' then (select o.name from ${operators} o where o.id = ${target})
        when 'tenant' then (select t.name from ${tenants} t where t.id = ${target})
        else (select v.name from ${villages} v where v.id = ${target}) end)`,
      width: 200,
    },
    {
      prop: 'change',
      label: '变动',
      type: 'text',
      computed: sql`(case when ${q(expiryChanges.action)} = 'renew' then '续费' || ${q(expiryChanges.years)} || '年'
        else '延期' || ${q(expiryChanges.days)} || '天' end)`,
      width: 100,
    },
    { prop: 'from_date', label: '原到期日期', type: 'date', width: 110, ...ro },
    { prop: 'to_date', label: '新到期日期', type: 'date', width: 110, ...ro },
    { prop: 'reason', label: '原因/备注', type: 'text', search: true, width: 220, ...ro },
    { prop: 'user_name', label: '操作人', type: 'text', width: 100, ...ro },
    { prop: 'created_at', label: '操作时间', type: 'datetime', readonly: true, search: 'range', width: 170, ...ro },
  ],
  hooks: {
    scope: logScope,
    // a record of what was done: written by the expiry lists' actions only
    beforeSave: () => {
      throw fail('延期记录由到期列表的续费、延期产生，不能手工新增或修改');
    },
    beforeDelete: () => {
      throw fail('延期记录不能删除');
    },
  },
});
