import type { FieldDef } from '../../core/engine/types.ts';

/** Fields every system screen shows alike. */
export const remark: FieldDef = { prop: 'remark', label: '备注', type: 'textarea', maxLength: 500, table: false };
export const createdAt: FieldDef = {
  prop: 'created_at',
  label: '创建时间',
  type: 'datetime',
  readonly: true,
  width: 170,
  import: false,
  search: 'range',
};

export const status: FieldDef = {
  prop: 'status',
  label: '状态',
  type: 'dict',
  dict: 'sys_status',
  search: true,
  defaultValue: '1',
  batch: true,
  width: 90,
};
export const sort: FieldDef = { prop: 'sort', label: '排序', type: 'number', min: 0, width: 80, search: false };
