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
