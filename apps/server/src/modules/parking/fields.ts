import type { FieldDef } from '../../core/engine/types.ts';
import { villageField } from '../tenancy/index.ts';
import { parkingLots } from './schema.ts';

/** 所属小区 is the one every village-owned screen declares */
export { villageField };

export const lotField = (over: Partial<FieldDef> = {}): FieldDef => ({
  prop: 'lot_id',
  label: '停车场',
  type: 'select',
  optionsUrl: '/Web/Internet/ParkingBox/options',
  required: true,
  search: 'eq',
  width: 140,
  ref: { table: parkingLots, labelColumn: 'name', tenantScoped: true },
  ...over,
});

export const statusField = (label = '状态'): FieldDef => ({
  prop: 'status',
  label,
  type: 'select',
  options: [
    { label: '启用', value: 1 },
    { label: '停用', value: 2 },
  ],
  required: true,
  defaultValue: 1,
  search: 'eq',
  batch: true,
  width: 80,
});

export const createdAtField: FieldDef = {
  prop: 'created_at',
  label: '创建时间',
  type: 'datetime',
  readonly: true,
  width: 160,
  import: false,
};
