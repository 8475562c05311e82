import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { defineResource } from '../../core/engine/registry.ts';
import type { FieldDef, ResourceDef, TabDef } from '../../core/engine/types.ts';
import type { Caller } from '../../core/auth/actor.ts';
import { fail, invalid } from '../../core/errors.ts';
import { houses, workers } from '../estate/index.ts';
import { paidServices, repairCategories, repairOrders } from './schema.ts';
import { slaLeftSql } from './sla.ts';
import { S } from './status.ts';
import { repairApi } from '@5a/contracts/endpoints/repair';
import { villageField } from '../tenancy/index.ts';

export const BASE = '/Web/Repair/RepairManagement';
const q = (c: { name: string }, table = 'repair_orders') => sql.raw(`"${table}"."${c.name}"`);
const ro = { add: false, edit: false, import: false } as const;
const timeText = (c: SQL) => sql`to_char(${c} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** orders dispatched to a worker that the caller is (workers.user_id) */
export const mineWhere = (caller: Caller): SQL =>
  sql`${repairOrders.workerId} in (select w.id from ${workers} w where w.user_id = ${caller.actor.id} and w.tenant_id = ${caller.actor.tenantId})`;

/** literal state lists: the multi-state tabs match their partial indexes (schema.ts) */
const statusIn =
  (...s: number[]) =>
  (_t: PgTable) =>
    s.length === 1
      ? sql.raw(`"repair_orders"."status" = ${s[0]}`)
      : sql.raw(`"repair_orders"."status" in (${s.join(', ')})`);
const tabs: TabDef[] = [
  { key: 'all', title: '全部' },
  { key: 'mine', title: '我的工单', where: (_t, caller) => mineWhere(caller) },
  { key: 'pending', title: '待派单', where: statusIn(S.reported) },
  { key: 'working', title: '处理中', where: statusIn(S.dispatched, S.accepted, S.inProgress) },
  { key: 'pay', title: '待付款', where: statusIn(S.awaitingPay) },
  { key: 'done', title: '已完成', where: statusIn(S.completed, S.visited) },
  { key: 'closed', title: '已关闭', where: statusIn(S.closed, S.cancelled) },
];

const orderFields: FieldDef[] = [
  { prop: 'id', label: '工单号', type: 'number', ...ro, width: 80 },
  villageField({ width: 120 }),
  {
    prop: 'house_id',
    label: '房屋',
    type: 'tableSelect',
    pick: { route: '/Web/Basic/House/listConfig', labelProp: 'full_name' },
    // picking the house fills its village and its owner as the reporter
    fill: { village_id: 'village_id', person_name: 'owner_name', tel: 'owner_tel', address: 'full_name' },
    table: false,
    detail: false,
    export: false,
    import: false,
  },
  {
    prop: 'house_name',
    label: '房屋',
    type: 'text',
    computed: sql`(select h.name from ${houses} h where h.id = ${q(repairOrders.houseId)} and h.tenant_id = ${q(repairOrders.tenantId)})`,
    width: 80,
    table: false,
  },
  { prop: 'person_name', label: '报修人', type: 'text', required: true, maxLength: 64, search: true, width: 90 },
  { prop: 'tel', label: '联系电话', type: 'text', required: true, validator: 'mobile', search: true, width: 120 },
  { prop: 'address', label: '报修地址', type: 'text', maxLength: 255, width: 180, table: false },
  { prop: 'problem', label: '问题描述', type: 'textarea', required: true, maxLength: 2000, search: true, width: 220 },
  { prop: 'status', label: '工单状态', type: 'dict', dict: 'repair_status', search: true, width: 90, ...ro },
  { prop: 'sla_left', label: '剩余时限', type: 'countdown', computed: slaLeftSql, width: 120 },
  {
    prop: 'worker_name',
    label: '维修人员',
    type: 'text',
    computed: sql`(select w.name from ${workers} w where w.id = ${q(repairOrders.workerId)} and w.tenant_id = ${q(repairOrders.tenantId)})`,
    width: 90,
  },
  {
    prop: 'imgs',
    label: '报修图片',
    type: 'image',
    multiple: true,
    maxSize: 2097152,
    table: false,
    export: false,
    import: false,
  },
  {
    prop: 'category_id',
    label: '报修类别',
    type: 'select',
    optionsUrl: '/Web/Repair/RepairCategory/options',
    required: true,
    search: 'eq',
    table: false,
    import: false,
  },
  {
    prop: 'category_name',
    label: '报修类别',
    type: 'text',
    computed: sql`(select c.name from ${repairCategories} c where c.id = ${q(repairOrders.categoryId)} and c.tenant_id = ${q(repairOrders.tenantId)})`,
    width: 90,
  },
  {
    prop: 'urgency',
    label: '紧急程度',
    type: 'dict',
    dict: 'repair_urgency',
    defaultValue: '1',
    required: true,
    search: true,
    width: 80,
  },
  {
    prop: 'source',
    label: '报修来源',
    type: 'dict',
    dict: 'repair_source',
    defaultValue: '1',
    required: true,
    search: true,
    width: 80,
  },
  {
    prop: 'paid_service_id',
    label: '有偿服务',
    type: 'select',
    optionsUrl: '/Web/Repair/PaidService/options',
    table: false,
    import: false,
  },
  {
    prop: 'worker_user_id',
    label: '维修人员账号',
    type: 'number',
    computed: sql`(select w.user_id from ${workers} w where w.id = ${q(repairOrders.workerId)} and w.tenant_id = ${q(repairOrders.tenantId)})`,
    table: false,
    detail: false,
    export: false,
  },
  { prop: 'content', label: '派单说明', type: 'text', table: false, ...ro },
  { prop: 'wctime', label: '要求完成时间', type: 'datetime', computed: timeText(q(repairOrders.wctime)), width: 160 },
  { prop: 'result', label: '处理结果', type: 'textarea', table: false, ...ro },
  { prop: 'material_cost', label: '材料费', type: 'money', table: false, ...ro },
  { prop: 'labour_cost', label: '人工费', type: 'money', table: false, ...ro },
  { prop: 'rating', label: '评分', type: 'number', width: 60, ...ro },
  {
    prop: 'created_at',
    label: '报修时间',
    type: 'datetime',
    readonly: true,
    search: 'range',
    width: 160,
    import: false,
  },
  // which row actions apply (a show rule compares one value)
  ...(
    [
      ['can_redispatch', [S.dispatched, S.accepted, S.inProgress]],
      ['can_close', [S.completed, S.visited]],
      ['can_cancel', [S.reported, S.dispatched, S.accepted, S.inProgress]],
      ['can_edit', [S.reported, S.dispatched, S.accepted, S.inProgress, S.awaitingPay]],
      ['can_delete', [S.reported, S.cancelled]],
    ] as const
  ).map(([prop, states]): FieldDef => ({
    prop,
    label: prop,
    type: 'number',
    computed: sql.raw(`(case when "repair_orders"."status" in (${states.join(',')}) then 1 else 0 end)`),
    table: false,
    detail: false,
    export: false,
  })),
];

const ensureIn = async (
  db: Parameters<NonNullable<NonNullable<ResourceDef['hooks']>['beforeSave']>>[0]['db'],
  table: typeof houses | typeof paidServices,
  id: unknown,
  tenantId: number,
  villageId: number,
  label: string,
  prop: string,
) => {
  if (id === undefined || id === null || id === '') return;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, Number(id)), eq(table.tenantId, tenantId), eq(table.villageId, villageId)))
    .limit(1);
  if (!row) throw invalid(`${label}不存在或不属于所选小区`, prop);
};

/** 报修管理: orders by status tab; the transitions are their own calls (workflow.ts), the form edits the report only. */
export const repairResource: ResourceDef = defineResource({
  route: `${BASE}/listConfig`,
  title: '报修管理',
  name: 'RepairManagement',
  menu: {
    app: 'web',
    group: 'repair',
    title: '报修管理',
    order: 2,
    buttons: ['add', 'edit', 'remove', 'export', 'dispatch', 'visit'],
  },
  table: repairOrders,
  ownership: 'tenant',
  villageScoped: true,
  tabs,
  toolbar: ['add', 'export'],
  rowActions: [
    { type: 'repairDetail', title: '详情', api: repairApi.flow },
    { type: 'repairDispatch', title: '派单', api: repairApi.dispatch, showRule: { key: 'status', val: S.reported } },
    { type: 'repairStep', title: '接单', api: repairApi.accept, showRule: { key: 'status', val: S.dispatched } },
    { type: 'repairStep', title: '开始处理', api: repairApi.start, showRule: { key: 'status', val: S.accepted } },
    { type: 'repairComplete', title: '完成', api: repairApi.complete, showRule: { key: 'status', val: S.inProgress } },
    { type: 'repairDispatch', title: '改派', api: repairApi.redispatch, showRule: { key: 'can_redispatch', val: 1 } },
    { type: 'repairStep', title: '确认收款', api: repairApi.settle, showRule: { key: 'status', val: S.awaitingPay } },
    { type: 'repairReason', title: '减免', api: repairApi.waive, showRule: { key: 'status', val: S.awaitingPay } },
    { type: 'repairVisit', title: '回访', api: repairApi.visit, showRule: { key: 'status', val: S.completed } },
    { type: 'repairStep', title: '关闭', api: repairApi.close, showRule: { key: 'can_close', val: 1 } },
    { type: 'repairReason', title: '取消', api: repairApi.cancel, showRule: { key: 'can_cancel', val: 1 } },
    { type: 'edit', title: '编辑', showRule: { key: 'can_edit', val: 1 } },
    { type: 'delete', title: '删除', showRule: { key: 'can_delete', val: 1 } },
  ],
  fields: orderFields,
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      if (existing && Number(existing.status) >= S.completed) throw fail('工单已完成或已关闭，不能修改');
      const tenantId = caller.actor.tenantId!;
      const villageId = Number(values.villageId ?? existing?.villageId);
      await ensureIn(db, houses, values.houseId, tenantId, villageId, '房屋', 'house_id');
      await ensureIn(db, paidServices, values.paidServiceId, tenantId, villageId, '有偿服务', 'paid_service_id');
      if (values.paidServiceId && !(values.houseId ?? existing?.houseId))
        throw invalid('有偿服务工单请选择房屋（账单记在房屋上）', 'house_id');
      if (values.categoryId !== undefined && values.categoryId !== null) {
        const [c] = await db
          .select({ id: repairCategories.id })
          .from(repairCategories)
          .where(and(eq(repairCategories.id, Number(values.categoryId)), eq(repairCategories.tenantId, tenantId)))
          .limit(1);
        if (!c) throw invalid('报修类别不存在', 'category_id');
      }
      return existing ? values : { ...values, status: S.reported, createdBy: caller.actor.id };
    },
    afterSave: async ({ db, caller }, id) => {
      // the first save writes the timeline's first entry; later edits of the report leave it as is
      await db.execute(sql`
        insert into repair_timeline (tenant_id, order_id, user_id, user_name, action, from_status, to_status, note)
        select ${caller.actor.tenantId}, ${id}, ${caller.actor.id}, ${caller.actor.name}, '报修', null, ${S.reported}, ''
        where not exists (select 1 from repair_timeline where order_id = ${id})`);
    },
    beforeDelete: (_ctx, existing) => {
      if (![S.reported, S.cancelled].includes(Number(existing.status) as 0 | 8))
        throw fail('只能删除待派单或已取消的工单');
    },
  },
});

/** 报修类别 with their service levels. */
export const repairCategoryResource: ResourceDef = defineResource({
  route: '/Web/Repair/RepairCategory/listConfig',
  title: '报修类别',
  name: 'RepairCategory',
  menu: { app: 'web', group: 'repair', title: '报修类别', order: 4, buttons: ['add', 'edit', 'remove'] },
  table: repairCategories,
  ownership: 'tenant',
  sort: { column: 'sort', titleProp: 'name' },
  // 水电 → 水管漏水: a category groups the finer ones the residents' report page shows with their icons
  tree: { parentColumn: 'parent_id' },
  rowActions: ['edit', { type: 'addClassChild', title: '添加子类', showRule: { key: 'parent_id', val: 0 } }, 'delete'],
  fields: [
    {
      prop: 'parent_id',
      label: '上级类别',
      type: 'treeSelect',
      treeUrl: '/Web/Repair/RepairCategory/lazyTree',
      table: false,
      detail: false,
      export: false,
      import: false,
    },
    { prop: 'name', label: '类别名称', type: 'text', required: true, maxLength: 30, search: true, width: 140 },
    { prop: 'icon', label: '图标', type: 'image', maxSize: 524288, width: 70, export: false, import: false },
    {
      prop: 'response_minutes',
      label: '响应时限(分钟)',
      type: 'number',
      required: true,
      min: 1,
      max: 43200,
      defaultValue: 30,
      width: 130,
    },
    {
      prop: 'complete_minutes',
      label: '完成时限(分钟)',
      type: 'number',
      required: true,
      min: 1,
      max: 525600,
      defaultValue: 1440,
      width: 130,
    },
    { prop: 'status', label: '状态', type: 'dict', dict: 'sys_status', defaultValue: '1', width: 80 },
  ],
  dependents: [
    {
      table: repairOrders,
      column: 'category_id',
      message: (r, n) => `类别“${String(r.name)}”下有${n}张工单，不能删除`,
    },
  ],
});

/** 有偿服务: a village's priced service items. */
export const paidServiceResource: ResourceDef = defineResource({
  route: '/Web/Repair/PaidService/listConfig',
  title: '有偿服务',
  name: 'PaidService',
  menu: { app: 'web', group: 'repair', title: '有偿服务', order: 3, buttons: ['add', 'edit', 'remove', 'export'] },
  table: paidServices,
  ownership: 'tenant',
  villageScoped: true,
  rowActions: ['edit', 'delete'],
  toolbar: ['add', 'export'],
  fields: [
    villageField(),
    { prop: 'name', label: '服务名称', type: 'text', required: true, maxLength: 50, search: true, width: 160 },
    { prop: 'price', label: '价格(元)', type: 'money', required: true, min: 0, max: 1000000, width: 100 },
    { prop: 'unit', label: '单位', type: 'text', required: true, maxLength: 10, defaultValue: '次', width: 70 },
    { prop: 'status', label: '状态', type: 'dict', dict: 'sys_status', defaultValue: '1', search: true, width: 80 },
    { prop: 'remark', label: '说明', type: 'textarea', maxLength: 255, table: false },
  ],
  dependents: [
    {
      table: repairOrders,
      column: 'paid_service_id',
      message: (r, n) => `服务“${String(r.name)}”已有${n}张工单，不能删除`,
    },
  ],
});
