import { sql } from 'drizzle-orm';
import { VISITOR_STATES, VISITOR_TYPES } from '@5a/contracts/endpoints/visitor';
import { qualified } from '../../core/db/sql.ts';
import { defineResource } from '../../core/engine/registry.ts';
import type { ResourceDef } from '../../core/engine/types.ts';
import { fail } from '../../core/errors.ts';
import { phonesAsAllowed } from '../estate/index.ts';
import { villageField } from '../tenancy/index.ts';
import { visitors } from './schema.ts';

export const VISITOR_ROUTE = '/Web/Internet/Visitor/listConfig';
export const VISITOR_SENSITIVE = 'Visitor:sensitive';
/** the review dialog's call (the row button names it; the route serves it) */
export const REVIEW_PATH = '/Web/Internet/Visitor/review';

const listOnly = { add: false, edit: false, import: false, readonly: true } as const;
const written = () => {
  throw fail('访客由扫码登记产生，不能手工新增或修改');
};
const status = qualified(visitors.status);
const passEnd = qualified(visitors.passEnd);

/**
 * 访客记录: who registered by a village's visitor code, newest first; staff approve (a pass window the doors honour)
 * or refuse each. 已过期 is an approved pass whose window has ended, computed when read.
 */
export const visitorResource: ResourceDef = defineResource({
  route: VISITOR_ROUTE,
  title: '访客记录',
  name: 'Visitor',
  menu: { app: 'web', group: 'iot', title: '访客记录', order: 5, buttons: ['edit', 'remove', 'export', 'sensitive'] },
  table: visitors,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'created_at', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  toolbar: ['export', 'batchDelete'],
  rowActions: [
    { type: 'visitorReview', title: '审核', api: REVIEW_PATH, showRule: { key: 'state', val: 0 } },
    'detail',
    'delete',
  ],
  fields: [
    villageField({ required: false, ...listOnly }),
    { prop: 'avatar', label: '头像', type: 'image', width: 80, ...listOnly },
    { prop: 'name', label: '姓名', type: 'text', search: true, width: 100, ...listOnly },
    { prop: 'phone', label: '手机号', type: 'text', search: true, width: 120, ...listOnly },
    {
      prop: 'fklxidx',
      label: '访客类型',
      type: 'select',
      options: [...VISITOR_TYPES],
      search: 'eq',
      width: 100,
      ...listOnly,
    },
    {
      prop: 'state',
      label: '状态',
      type: 'select',
      options: [...VISITOR_STATES],
      computed: sql`(case when ${status} = 1 and ${passEnd} <= now() then 3 else ${status} end)::int`,
      search: 'eq',
      width: 80,
      ...listOnly,
    },
    { prop: 'pass_start', label: '通行开始', type: 'datetime', width: 160, ...listOnly },
    { prop: 'pass_end', label: '通行结束', type: 'datetime', width: 160, ...listOnly },
    { prop: 'reason', label: '拒绝原因', type: 'text', width: 140, ...listOnly },
    { prop: 'created_at', label: '登记时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
    { prop: 'reviewed_at', label: '审核时间', type: 'datetime', table: false, ...listOnly },
  ],
  hooks: {
    beforeSave: written,
    beforeBatch: written,
    /**
     * Phones are masked for callers without 查看敏感信息; with it, the page's views are logged like residents' (the
     * log's fields 'visitor:phone' say its id is a visitor's).
     */
    decorate: async (ctx, rows) => phonesAsAllowed(VISITOR_SENSITIVE, 'visitor:phone')(ctx, rows),
  },
});
