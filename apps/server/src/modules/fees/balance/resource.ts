import { sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import { fail } from '../../../core/errors.ts';
import { villages } from '../../tenancy/index.ts';
import { buildings, houses } from '../../estate/index.ts';
import { decimal2 } from '../../../core/engine/columns.ts';
import { qualified } from '../../../core/db/sql.ts';
import { ownerNameSql } from '../bills/resource.ts';
import { feeSettings } from '../schema.ts';
import { feesApi } from '@5a/contracts/endpoints/fees';

const BASE = '/Web/Renewal/Balance';
const threshold = sql`coalesce((select s.list_reminder from ${feeSettings} s where s.tenant_id = ${qualified(houses.tenantId)}), 0)`;

/** 预存余额: houses with their prepaid balance; below the list reminder threshold they are flagged. */
export const balanceResource = defineResource({
  route: `${BASE}/listConfig`,
  title: '预存余额',
  name: 'Balance',
  menu: { app: 'web', group: 'fees', title: '预存余额', order: 7, buttons: ['edit', 'export', 'recharge', 'package'] },
  table: houses,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'balance', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: [
    { type: 'balanceReminder', title: '余额提醒', selection: 'none', api: feesApi.balanceReminder },
    { type: 'packageSetting', title: '充值套餐', selection: 'none', api: feesApi.savePackage },
    'export',
  ],
  rowActions: [
    { type: 'recharge', title: '充值', api: feesApi.recharge },
    { type: 'balanceLedger', title: '余额明细', api: feesApi.ledger },
  ],
  fields: [
    {
      prop: 'village_id',
      label: '所属小区',
      type: 'select',
      optionsUrl: '/Web/Basic/Village/options',
      search: true,
      readonly: true,
      width: 120,
      ref: { table: villages, labelColumn: 'name', tenantScoped: true },
    },
    {
      prop: 'building_name',
      label: '楼栋',
      type: 'text',
      computed: sql`(select b.name from ${buildings} b where b.id = ${qualified(houses.buildingId)} and b.tenant_id = ${qualified(houses.tenantId)})`,
      search: true,
      width: 90,
    },
    { prop: 'unit_name', label: '单元', type: 'text', readonly: true, width: 80 },
    { prop: 'name', label: '房号', type: 'text', readonly: true, search: true, width: 80 },
    {
      prop: 'owner_name',
      label: '业主',
      type: 'text',
      computed: ownerNameSql(qualified(houses.id), qualified(houses.tenantId)),
      search: true,
      width: 90,
    },
    { prop: 'area', label: '建筑面积(㎡)', type: 'text', readonly: true, width: 100 },
    { prop: 'balance', label: '预存余额', type: 'money', readonly: true, search: 'range', sortable: true, width: 110 },
    {
      prop: 'is_low',
      label: '余额不足',
      type: 'dict',
      dict: 'sys_yes_no',
      computed: sql`case when ${qualified(houses.balance)} < ${threshold} then '1' else '2' end`,
      search: 'eq',
      width: 90,
    },
  ],
  hooks: {
    // the balance changes only through recharge and payments, each with a ledger row
    beforeSave: () => {
      throw fail('余额只能通过充值或缴费变动');
    },
    beforeDelete: () => {
      throw fail('请在房屋管理中删除房屋');
    },
    decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, area: decimal2(r.area) })),
  },
});
