import { sql } from 'drizzle-orm';
import { defineResource } from '../../core/engine/registry.ts';
import type { ResourceDef } from '../../core/engine/types.ts';
import { fail } from '../../core/errors.ts';
import { reportThings } from './schema.ts';
import { repairApi } from '@5a/contracts/endpoints/repair';
import { villageField } from '../tenancy/index.ts';

export const EVENT_BASE = '/Web/Repair/ReportThings';
const ro = { add: false, edit: false, import: false } as const;

/** 事件上报: complaints, suggestions and incidents; answered, closed or turned into a work order by their own calls. */
export const reportThingsResource: ResourceDef = defineResource({
  route: `${EVENT_BASE}/listConfig`,
  title: '事件上报',
  name: 'ReportThings',
  menu: { app: 'web', group: 'repair', title: '事件上报', order: 1, buttons: ['add', 'edit', 'remove', 'export'] },
  table: reportThings,
  ownership: 'tenant',
  villageScoped: true,
  tabs: [
    { key: 'all', title: '全部' },
    { key: 'open', title: '待处理', where: () => sql`${reportThings.status} = 0` },
    { key: 'unread', title: '未读', where: () => sql`${reportThings.isRead} = false` },
  ],
  toolbar: ['add', { type: 'markRead', title: '标记已读', selection: 'multi', api: repairApi.markRead }, 'export'],
  rowActions: [
    { type: 'repairStep', title: '转工单', api: repairApi.toOrder, showRule: { key: 'status', val: 0 } },
    { type: 'repairReason', title: '答复', api: repairApi.answer, showRule: { key: 'status', val: 0 } },
    { type: 'repairStep', title: '关闭', api: repairApi.closeReport, showRule: { key: 'status', val: 0 } },
    'detail',
    'delete',
  ],
  fields: [
    villageField({ width: 120 }),
    {
      prop: 'type',
      label: '类型',
      type: 'dict',
      dict: 'report_type',
      defaultValue: '3',
      required: true,
      search: true,
      width: 70,
    },
    { prop: 'person_name', label: '上报人', type: 'text', required: true, maxLength: 64, search: true, width: 90 },
    { prop: 'tel', label: '联系电话', type: 'text', validator: 'mobile', required: true, width: 120 },
    { prop: 'problem', label: '内容', type: 'textarea', required: true, maxLength: 2000, search: true, width: 240 },
    { prop: 'address', label: '地址', type: 'text', maxLength: 255, width: 160 },
    {
      prop: 'imgs',
      label: '图片',
      type: 'image',
      multiple: true,
      maxSize: 2097152,
      table: false,
      export: false,
      import: false,
    },
    { prop: 'status', label: '处理状态', type: 'dict', dict: 'report_status', search: true, width: 90, ...ro },
    {
      prop: 'read_text',
      label: '阅读',
      type: 'text',
      computed: sql.raw(`(case when "report_things"."is_read" then '已读' else '未读' end)`),
      width: 60,
    },
    { prop: 'answer', label: '答复', type: 'textarea', table: false, ...ro },
    { prop: 'order_id', label: '工单号', type: 'number', width: 80, ...ro },
    {
      prop: 'created_at',
      label: '上报时间',
      type: 'datetime',
      readonly: true,
      search: 'range',
      width: 160,
      import: false,
    },
  ],
  hooks: {
    beforeSave: (_ctx, values, existing) => {
      if (existing && Number(existing.status) !== 0) throw fail('已处理的事件不能修改');
      return values;
    },
  },
});
