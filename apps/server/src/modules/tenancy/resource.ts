import { defineResource } from '../../core/engine/registry.ts';
import { villages } from './schema.ts';

/** 小区: the minimal estate record; the estate issue adds map, images and the views. */
export const villageResource = defineResource({
  route: '/Web/Basic/Village/listConfig',
  title: '小区',
  name: 'Village',
  table: villages,
  ownership: 'tenant',
  villageScoped: false,
  fields: [
    { prop: 'name', label: '小区名称', type: 'text', required: true, maxLength: 100, search: true },
    { prop: 'region_code', label: '所在地区', type: 'region', required: true, search: true },
    { prop: 'address', label: '详细地址', type: 'text', maxLength: 255, search: true },
    { prop: 'lonlat', label: '经纬度', type: 'mapPoint', table: false, import: false },
    { prop: 'status', label: '状态', type: 'dict', dict: 'sys_status', defaultValue: '1', search: true, batch: true },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 170 },
  ],
  hooks: {
    // data scope applies to villages themselves: a custom-scope role sees only its villages
    scope: undefined,
  },
});
