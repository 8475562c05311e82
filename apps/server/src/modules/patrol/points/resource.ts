import { and, eq, ne, sql } from 'drizzle-orm';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { patrolCheckins, patrolPoints, patrolRoutePoints } from '../schema.ts';
import { villageField } from '../../tenancy/index.ts';

export const POINT_BASE = '/Web/Internet/IntellPoint';
export const POINT_STATE = { enabled: 1, disabled: 0 } as const;

/** 巡更点位: the QR codes on the estate's walls that guards scan on their rounds. */
export const intellPointResource: ResourceDef = defineResource({
  route: `${POINT_BASE}/listConfig`,
  title: '巡更点位',
  name: 'IntellPoint',
  menu: {
    app: 'web',
    group: 'patrol',
    title: '巡更点位',
    order: 1,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: patrolPoints,
  ownership: 'tenant',
  villageScoped: true,
  sort: { column: 'sort', titleProp: 'name' },
  toolbar: [
    'add',
    { type: 'patrolQrPrint', title: '批量打印二维码', selection: 'multi' },
    'drag',
    'export',
    'import',
    'batchDelete',
  ],
  rowActions: [{ type: 'patrolQr', title: '二维码' }, 'detail', 'edit', 'delete'],
  fields: [
    villageField(),
    { prop: 'name', label: '点位名称', type: 'text', required: true, maxLength: 50, search: true, width: 160 },
    { prop: 'point_no', label: '点位编号', type: 'text', required: true, maxLength: 32, search: true, width: 120 },
    {
      prop: 'point_type',
      label: '点位类型',
      type: 'dict',
      dict: 'patrol_point_type',
      required: true,
      defaultValue: '1',
      search: true,
      width: 100,
    },
    {
      prop: 'state',
      label: '状态',
      type: 'select',
      options: [
        { label: '启用', value: POINT_STATE.enabled },
        { label: '停用', value: POINT_STATE.disabled },
      ],
      required: true,
      defaultValue: POINT_STATE.enabled,
      search: 'eq',
      batch: true,
      width: 80,
    },
    { prop: 'lonlat', label: '位置', type: 'mapPoint', table: false },
    { prop: 'address', label: '位置描述', type: 'text', maxLength: 255, width: 180 },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 160, import: false },
  ],
  // a point walked on a route, or with check-ins as evidence, stays (disable it instead)
  dependents: [
    {
      table: patrolRoutePoints,
      column: 'point_id',
      message: (r, n) => `点位“${String(r.name)}”在${n}条巡更路线中，不能删除`,
    },
    {
      table: patrolCheckins,
      column: 'point_id',
      message: (r, n) => `点位“${String(r.name)}”已有${n}条巡更记录，不能删除`,
    },
  ],
  hooks: {
    // another screen's select offers only points a guard can still scan
    optionsWhere: () => sql`${patrolPoints.state} = ${POINT_STATE.enabled}`,
    beforeSave: async ({ db, caller }, values, existing) => {
      const no = values.pointNo;
      if (typeof no !== 'string' || (existing && no === existing.pointNo)) return values;
      // the number is unique in the company, whichever village the caller may see: the index is the backstop
      const [taken] = await db
        .select({ id: patrolPoints.id })
        .from(patrolPoints)
        .where(
          and(
            eq(patrolPoints.tenantId, caller.actor.tenantId!),
            eq(patrolPoints.pointNo, no),
            existing ? ne(patrolPoints.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw invalid('点位编号已存在', 'point_no');
      return values;
    },
  },
});
