import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import { defineResource } from '../../core/engine/registry.ts';
import { invalid } from '../../core/errors.ts';
import { areaPattern, decimal2 } from '../../core/engine/columns.ts';
import { normalizeGeom } from './geom.ts';
import { villages } from './schema.ts';
import { estateApi } from '@5a/contracts/endpoints/estate';

/**
 * The role's data scope applied to villages themselves (the engine's villageScoped filters a
 * village_id column, which this table does not have): the caller's villages, null = all of them.
 */
export const villageDataScope = ({ villageIds }: Caller): SQL | undefined =>
  villageIds === null ? undefined : villageIds.length ? inArray(villages.id, [...villageIds]) : sql`false`;

/** 小区: the estate record with its map point, hot area, pictures and visitor settings. */
export const villageResource = defineResource({
  route: '/Web/Basic/Village/listConfig',
  // the workbench's village selector
  optionsReaders: ['Index:view'],
  title: '小区',
  name: 'Village',
  menu: {
    app: 'web',
    group: 'basic',
    title: '小区管理',
    order: 1,
    buttons: ['add', 'edit', 'remove', 'export', 'import', 'drag'],
  },
  table: villages,
  ownership: 'tenant',
  villageScoped: false,
  rowActions: ['edit', 'delete', { type: 'viewVillage', title: '查看小区', api: estateApi.villageView }],
  fields: [
    { prop: 'name', label: '小区名称', type: 'text', required: true, maxLength: 100, search: true },
    { prop: 'region_code', label: '所在地区', type: 'region', required: true, search: true },
    { prop: 'address', label: '详细地址', type: 'text', maxLength: 255, search: true },
    { prop: 'lonlat', label: '小区位置', type: 'mapPoint', table: false, import: false },
    { prop: 'geom', label: '小区热区', type: 'mapPolygon', maxLength: 20000, table: false, export: false },
    { prop: 'imgs', label: '小区图片', type: 'image', multiple: true, maxSize: 2097152, table: false },
    { prop: 'introduction', label: '小区介绍', type: 'richText', maxLength: 20000, table: false, export: false },
    {
      prop: 'service_phone',
      label: '服务电话',
      type: 'text',
      maxLength: 20,
      pattern: { source: '^[0-9-]{7,20}$', message: '服务电话格式错误' },
      width: 130,
    },
    {
      prop: 'floor_area',
      label: '占地面积(㎡)',
      type: 'text',
      maxLength: 13,
      pattern: areaPattern('占地面积'),
      width: 120,
    },
    { prop: 'f_visitor_registration', label: '访客登记', type: 'switch', defaultValue: 1, batch: true, width: 90 },
    { prop: 'closed', label: '是否关闭', type: 'switch', defaultValue: 2, batch: true, width: 90 },
    { prop: 'status', label: '状态', type: 'dict', dict: 'sys_status', defaultValue: '1', search: true, batch: true },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 170 },
  ],
  hooks: {
    scope: villageDataScope,
    beforeSave: (_ctx, values) => {
      const out = { ...values };
      if (typeof values.geom === 'string') {
        const g = normalizeGeom(values.geom);
        if (g.error) throw invalid(g.error, 'geom');
        out.geom = g.value;
      }
      if (out.floorArea === '') out.floorArea = null;
      return out;
    },
    decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, floor_area: decimal2(r.floor_area) })),
  },
});
