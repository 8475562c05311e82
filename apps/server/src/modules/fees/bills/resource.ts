import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ToolbarButton } from '@5a/contracts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { Declared, FieldDef, Hooks, ResourceDef } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { villages } from '../../tenancy/index.ts';
import { buildings, gatePersons, houses } from '../../estate/index.ts';
import { qualified } from '../../../core/db/sql.ts';
import { bills } from '../schema.ts';
import { feesApi } from '@5a/contracts/endpoints/fees';

/** Today in Asia/Shanghai, whatever the database server's time zone. */
export const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * Late fee of a bill line: stored once paid; while unpaid and past due, amount × rate‰ × overdue
 * days, rounded half away from zero at the fen (format.ts lateFee, same rule).
 */
export const lateFeeSql = (b: { status: SQL; amount: SQL; rate: SQL; due: SQL; stored: SQL }) =>
  sql`(case when ${b.status} = 1 and ${b.due} < ${today} then round(${b.amount} * ${b.rate} * (${today} - ${b.due}) / 1000)::bigint else ${b.stored} end)`;

const q = qualified;
const billLateFee = lateFeeSql({
  status: q(bills.status),
  amount: q(bills.amount),
  rate: q(bills.lateFeeRate),
  due: q(bills.dueDate),
  stored: q(bills.lateFee),
});

/** the owner shown on a bill: the house's 户主 first, else its first 业主 */
export const ownerNameSql = (houseId: SQL, tenantId: SQL) =>
  sql`(select p.name from ${gatePersons} p where p.house_id = ${houseId} and p.tenant_id = ${tenantId} and p.personnel_type = 1
    order by p.is_huzhu, p.id limit 1)`;

const ro = { add: false, edit: false, import: false } as const;

/** The bill / paid order row: id, explains, owner_name, unit, village_id, building_name, unit_name, name, include_tex, expiration_date, is_signed */
const billFields = (opts: { category?: boolean } = {}): FieldDef[] => [
  {
    prop: 'village_id',
    label: '所属小区',
    type: 'select',
    optionsUrl: '/Web/Basic/Village/options',
    search: true,
    width: 120,
    ...ro,
    ref: { table: villages, labelColumn: 'name', tenantScoped: true },
  },
  {
    prop: 'building_name',
    label: '楼栋',
    type: 'text',
    computed: sql`(select b.name from ${buildings} b where b.id = ${q(bills.buildingId)} and b.tenant_id = ${q(bills.tenantId)})`,
    search: true,
    sortable: { by: ['building_id'] },
    width: 80,
  },
  {
    prop: 'unit_name',
    label: '单元',
    type: 'text',
    computed: sql`(select h.unit_name from ${houses} h where h.id = ${q(bills.houseId)} and h.tenant_id = ${q(bills.tenantId)})`,
    width: 80,
  },
  {
    prop: 'unit',
    label: '房号',
    type: 'text',
    computed: sql`(select h.name from ${houses} h where h.id = ${q(bills.houseId)} and h.tenant_id = ${q(bills.tenantId)})`,
    search: true,
    // houses are numbered in building order: building, then house keeps the sort on the bills' own columns
    sortable: { by: ['building_id', 'house_id'] },
    width: 80,
  },
  {
    prop: 'owner_name',
    label: '业主',
    type: 'text',
    computed: ownerNameSql(q(bills.houseId), q(bills.tenantId)),
    search: true,
    width: 90,
  },
  { prop: 'name', label: '收费项目', type: 'text', search: true, width: 100, ...ro },
  // the amounts right after what is charged: a cashier sees them without scrolling at 1366 px
  { prop: 'amount', label: '应收金额', type: 'money', width: 100, ...ro },
  { prop: 'late_fee', label: '滞纳金', type: 'money', computed: billLateFee, width: 90 },
  { prop: 'include_tex', label: '实收金额', type: 'money', column: 'paid_amount', width: 100, ...ro },
  ...(opts.category === false
    ? []
    : [
        {
          prop: 'category',
          label: '费用类别',
          type: 'dict',
          dict: 'fee_category',
          search: true,
          width: 90,
          ...ro,
        } as FieldDef,
      ]),
  {
    prop: 'period',
    label: '计费周期',
    type: 'text',
    computed: sql`to_char(${q(bills.periodStart)}, 'YYYY-MM') || '~' || to_char(${q(bills.periodEnd)}, 'YYYY-MM')`,
    width: 140,
  },
  {
    prop: 'period_month',
    label: '账期',
    type: 'month',
    computed: sql`to_char(${q(bills.periodStart)}, 'YYYY-MM')`,
    search: 'range',
    table: false,
    detail: false,
    export: false,
  },
  { prop: 'explains', label: '计费说明', type: 'text', column: 'formula', width: 260, ...ro },
  { prop: 'due_date', label: '缴费截止', type: 'date', search: 'range', width: 110, ...ro },
  {
    prop: 'status',
    label: '缴费状态',
    type: 'dict',
    dict: 'bill_status',
    search: true,
    sortable: true,
    width: 90,
    ...ro,
  },
  { prop: 'pay_method', label: '支付方式', type: 'dict', dict: 'fee_pay_method', search: true, width: 90, ...ro },
  {
    prop: 'expiration_date',
    label: '缴费时间',
    type: 'datetime',
    computed: sql`to_char(${q(bills.paidAt)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
    search: 'range',
    width: 170,
  },
  { prop: 'is_signed', label: '签收状态', type: 'dict', dict: 'sign_status', search: true, width: 90, ...ro },
  { prop: 'invoice_no', label: '发票号', type: 'text', width: 120, ...ro },
  { prop: 'house_id', label: '房屋ID', type: 'number', table: false, detail: false, export: false, ...ro },
];

/** bills are written by generation and collection only; the form routes the menu implies refuse */
const billHooks = (scope?: () => SQL | undefined): Hooks => ({
  scope,
  beforeSave: () => {
    throw fail('账单由“生成账单”产生，不能手工新增或修改');
  },
  beforeDelete: (_ctx, existing) => {
    if (Number(existing.status) === 2) throw fail('已缴账单不能删除');
  },
});

const BASE = '/Web/Renewal';
const chargeButton: Declared<ToolbarButton> = {
  type: 'charge',
  title: '收款',
  selection: 'multi',
  api: feesApi.charge,
};
const displayButton: Declared<ToolbarButton> = {
  type: 'billDisplay',
  title: '打印账单',
  selection: 'multi',
  api: feesApi.billDisplay,
};
const order = [{ column: 'id', dir: 'desc' as const }];

/** Permission of each domain toolbar button (the engine shows object buttons to everyone; routes.ts filters). */
export const buttonPerms: Record<string, Record<string, string>> = {
  RenewalList: { generateBill: 'RenewalList:generate', charge: 'RenewalList:charge' },
  ProFee: { charge: 'ProFee:charge' },
  Unpaid: { charge: 'Unpaid:charge' },
  PaidOrder: { billSign: 'PaidOrder:sign' },
  Balance: { recharge: 'Balance:recharge', packageSetting: 'Balance:package', balanceReminder: 'Balance:edit' },
};

const unpaidOnly = (table: typeof bills) => eq(table.status, 1);
const paidOnly = (table: typeof bills) => eq(table.status, 2);

/** 应收账单: every bill line; generation, collection and printing hang off it. */
export const renewalListResource: ResourceDef = defineResource({
  route: `${BASE}/RenewalList/listConfig`,
  title: '应收账单',
  name: 'RenewalList',
  menu: {
    app: 'web',
    group: 'fees',
    title: '应收账单',
    order: 3,
    buttons: ['add', 'edit', 'remove', 'export', 'batch', 'generate', 'charge'],
  },
  table: bills,
  ownership: 'tenant',
  villageScoped: true,
  order,
  toolbar: [
    { type: 'generateBill', title: '生成账单', selection: 'none', api: feesApi.generate },
    chargeButton,
    displayButton,
    'export',
    'batchDelete',
  ],
  rowActions: ['detail', 'delete'],
  tabs: [
    { key: 'all', title: '全部' },
    { key: 'unpaid', title: '未缴', where: () => unpaidOnly(bills) },
    { key: 'paid', title: '已缴', where: () => paidOnly(bills) },
  ],
  totals: { unpaidtotal: sql`case when ${bills.status} = 1 then ${bills.amount} else 0 end` },
  fields: billFields(),
  hooks: billHooks(),
});

/** 物业费: the property-fee category only, with both totals. */
export const proFeeResource: ResourceDef = defineResource({
  route: `${BASE}/ProFee/listConfig`,
  title: '物业费',
  name: 'ProFee',
  menu: { app: 'web', group: 'fees', title: '物业费', order: 4, buttons: ['export', 'batch', 'charge'] },
  table: bills,
  ownership: 'tenant',
  villageScoped: true,
  order,
  toolbar: [chargeButton, displayButton, 'export'],
  rowActions: ['detail'],
  totals: {
    unpaidtotal: sql`case when ${bills.status} = 1 then ${bills.amount} else 0 end`,
    havepaidtotal: sql`case when ${bills.status} = 2 then ${bills.paidAmount} else 0 end`,
  },
  fields: billFields({ category: false }),
  hooks: billHooks(() => eq(bills.category, 1)),
});

/** 欠费催缴: unpaid and past due, late fee accruing. */
export const unpaidResource: ResourceDef = defineResource({
  route: `${BASE}/Unpaid/listConfig`,
  title: '欠费催缴',
  name: 'Unpaid',
  // the operator's 待续费 shares this path with its own declaration (operator module)
  menu: { app: 'web', group: 'fees', title: '欠费催缴', order: 5, buttons: ['export', 'batch', 'charge'] },
  table: bills,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'due_date', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: [chargeButton, displayButton, 'export'],
  rowActions: ['detail'],
  totals: {
    unpaidtotal: sql`${bills.amount} + ${lateFeeSql({ status: sql`${bills.status}`, amount: sql`${bills.amount}`, rate: sql`${bills.lateFeeRate}`, due: sql`${bills.dueDate}`, stored: sql`${bills.lateFee}` })}`,
  },
  fields: [
    ...billFields(),
    {
      prop: 'overdue_days',
      label: '逾期天数',
      type: 'number',
      computed: sql`(${today} - ${q(bills.dueDate)})`,
      // more days overdue is an earlier due date: sorted on the due-date index
      sortable: { by: ['due_date'], reverse: true },
      width: 90,
    },
  ],
  hooks: billHooks(() => and(eq(bills.status, 1), lt(bills.dueDate, today))),
});

/** 已缴订单: paid lines with the paid total and sign-for-receipt (only here). */
export const paidOrderResource: ResourceDef = defineResource({
  route: `${BASE}/PaidOrder/listConfig`,
  title: '已缴订单',
  name: 'PaidOrder',
  menu: { app: 'web', group: 'fees', title: '已缴订单', order: 6, buttons: ['export', 'batch', 'sign'] },
  table: bills,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'paid_at', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  toolbar: [{ type: 'billSign', title: '签收', selection: 'multi', api: feesApi.billSign }, displayButton, 'export'],
  rowActions: ['detail'],
  totals: { havepaidtotal: sql`${bills.paidAmount}` },
  fields: billFields(),
  hooks: billHooks(() => eq(bills.status, 2)),
});
