import { and, eq, sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { FieldDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { villageField, villages } from '../../tenancy/index.ts';
import { buildings, findHouse, houses, scopeOfCaller } from '../../estate/index.ts';
import { qualified } from '../../../core/db/sql.ts';
import { bills, feeItems, meterReadings } from '../schema.ts';

const village: FieldDef = villageField();
const createdAt: FieldDef = {
  prop: 'created_at',
  label: '创建时间',
  type: 'datetime',
  readonly: true,
  width: 170,
  import: false,
  search: 'range',
};
const decimal = (label: string, digits: number) => ({
  source: `^\\d{1,${digits}}(\\.\\d{1,2})?$`,
  message: `${label}应为数字，最多两位小数`,
});

/** 收费项目 per village: how a bill line is computed (the unit price in integer fen, like all money). */
export const feeItemResource = defineResource({
  route: '/Web/Renewal/FeeItem/listConfig',
  // the bill generation dialog lists fee items
  optionsReaders: ['RenewalList:generate'],
  title: '收费项目',
  name: 'FeeItem',
  menu: { app: 'web', group: 'fees', title: '收费项目', order: 1, buttons: ['add', 'edit', 'remove', 'export'] },
  table: feeItems,
  dependents: [
    {
      table: bills,
      column: 'fee_item_id',
      message: (f, n) => `收费项目“${String(f.name)}”已生成${n}条账单，不能删除，可将状态改为停用`,
    },
  ],
  ownership: 'tenant',
  villageScoped: true,
  toolbar: ['add', 'export', 'batchDelete'],
  labelProp: 'option_label',
  fields: [
    village,
    { prop: 'name', label: '项目名称', type: 'text', required: true, maxLength: 50, search: true, width: 120 },
    // the options' label: a name another village of the company also uses gets its village ('物业费（阳光花园）')
    {
      prop: 'option_label',
      label: '收费项目',
      type: 'text',
      computed: sql`${qualified(feeItems.name)} || coalesce((select '（' || v.name || '）' from ${villages} v where v.id = ${qualified(feeItems.villageId)}
        and exists (select 1 from ${feeItems} d where d.tenant_id = ${qualified(feeItems.tenantId)} and d.name = ${qualified(feeItems.name)} and d.id <> ${qualified(feeItems.id)})), '')`,
      table: false,
      detail: false,
      export: false,
    },
    {
      prop: 'category',
      label: '费用类别',
      type: 'dict',
      dict: 'fee_category',
      required: true,
      defaultValue: '1',
      search: true,
      width: 90,
    },
    {
      prop: 'calc_mode',
      label: '计费方式',
      type: 'dict',
      dict: 'fee_calc_mode',
      required: true,
      defaultValue: '1',
      width: 110,
    },
    { prop: 'unit_price', label: '单价(元)', type: 'money', required: true, min: 0, max: 1000000, width: 90 },
    {
      prop: 'unit_label',
      label: '计量单位',
      type: 'text',
      maxLength: 10,
      placeholder: '抄表项目填写，如 m³、度',
      width: 80,
    },
    {
      prop: 'period_type',
      label: '计费周期',
      type: 'dict',
      dict: 'fee_period_type',
      required: true,
      defaultValue: '1',
      width: 90,
    },
    {
      prop: 'cycle_months',
      label: '账单周期(月)',
      type: 'number',
      required: true,
      min: 1,
      max: 36,
      defaultValue: 1,
      width: 100,
    },
    {
      prop: 'late_fee_rate',
      label: '滞纳金(‰/日)',
      type: 'text',
      maxLength: 6,
      pattern: decimal('滞纳金比例', 3),
      defaultValue: '0',
      width: 100,
    },
    { prop: 'start_date', label: '生效日期', type: 'date', required: true, width: 110 },
    { prop: 'end_date', label: '失效日期', type: 'date', width: 110 },
    {
      prop: 'status',
      label: '状态',
      type: 'dict',
      dict: 'sys_status',
      defaultValue: '1',
      search: true,
      batch: true,
      width: 80,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    createdAt,
  ],
  hooks: {
    beforeSave: (_ctx, values, existing) => {
      const start = String(values.startDate ?? existing?.startDate ?? '');
      const end = values.endDate !== undefined ? values.endDate : existing?.endDate;
      if (end && String(end) < start) throw invalid('失效日期不能早于生效日期', 'end_date');
      if (values.lateFeeRate === '' || values.lateFeeRate === null) values.lateFeeRate = '0';
      return values;
    },
    decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, late_fee_rate: Number(r.late_fee_rate ?? 0).toFixed(2) })),
  },
});

/** 抄表录入: the usage a 读数×单价 item bills for one house and month. */
export const meterReadingResource = defineResource({
  route: '/Web/Renewal/MeterReading/listConfig',
  title: '抄表记录',
  name: 'MeterReading',
  menu: { app: 'web', group: 'fees', title: '抄表录入', order: 2, buttons: ['add', 'edit', 'remove', 'export'] },
  table: meterReadings,
  ownership: 'tenant',
  villageScoped: true,
  toolbar: ['add', 'export', 'batchDelete'],
  fields: [
    { ...village, add: false, edit: false, required: false },
    {
      prop: 'house_id',
      label: '房屋',
      type: 'select',
      optionsUrl: '/Web/Basic/House/options',
      required: true,
      table: false,
      search: 'eq',
    },
    {
      prop: 'house_name',
      label: '房屋',
      type: 'text',
      computed: sql`(select b.name || h.unit_name || h.name from ${houses} h join ${buildings} b on b.id = h.building_id where h.id = ${qualified(meterReadings.houseId)} and h.tenant_id = ${qualified(meterReadings.tenantId)})`,
      width: 140,
    },
    {
      prop: 'fee_item_id',
      label: '收费项目',
      type: 'select',
      optionsUrl: '/Web/Renewal/FeeItem/options',
      required: true,
      table: false,
      search: 'eq',
    },
    {
      prop: 'fee_item_name',
      label: '收费项目',
      type: 'text',
      computed: sql`(select f.name from ${feeItems} f where f.id = ${qualified(meterReadings.feeItemId)} and f.tenant_id = ${qualified(meterReadings.tenantId)})`,
      width: 100,
    },
    { prop: 'month', label: '抄表月份', type: 'month', required: true, search: 'range', width: 100 },
    {
      prop: 'prev_reading',
      label: '上期读数',
      type: 'text',
      required: true,
      maxLength: 15,
      pattern: decimal('上期读数', 10),
      width: 100,
    },
    {
      prop: 'curr_reading',
      label: '本期读数',
      type: 'text',
      required: true,
      maxLength: 15,
      pattern: decimal('本期读数', 10),
      width: 100,
    },
    {
      prop: 'usage',
      label: '用量',
      type: 'text',
      computed: sql`(${qualified(meterReadings.currReading)} - ${qualified(meterReadings.prevReading)})::text`,
      width: 80,
    },
    createdAt,
  ],
  hooks: {
    beforeSave: async ({ db, actor, caller }, values, existing) => {
      const prev = Number(values.prevReading ?? existing?.prevReading ?? 0);
      const curr = Number(values.currReading ?? existing?.currReading ?? 0);
      if (curr < prev) throw invalid('本期读数不能小于上期读数', 'curr_reading');
      const houseId = Number(values.houseId ?? existing?.houseId);
      // the role's village scope applies to the house too
      const h = await findHouse(db, scopeOfCaller(caller), houseId);
      if (!h) throw invalid('房屋不存在或无权限', 'house_id');
      const itemId = Number(values.feeItemId ?? existing?.feeItemId);
      const [f] = await db
        .select({ villageId: feeItems.villageId, mode: feeItems.calcMode })
        .from(feeItems)
        .where(and(eq(feeItems.id, itemId), eq(feeItems.tenantId, actor.tenantId!)))
        .limit(1);
      if (!f) throw invalid('收费项目不存在', 'fee_item_id');
      if (f.mode !== 3) throw invalid('该收费项目不是按读数计费', 'fee_item_id');
      if (f.villageId !== h.villageId) throw invalid('收费项目与房屋不在同一小区', 'fee_item_id');
      return { ...values, villageId: h.villageId };
    },
  },
});
