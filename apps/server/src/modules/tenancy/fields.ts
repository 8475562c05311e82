import type { FieldDef } from '../../core/engine/types.ts';
import { villages } from './schema.ts';

/** 所属小区 as every village-owned screen declares it: a required select of the caller's villages, searchable. */
export const villageField = (over: Partial<FieldDef> = {}): FieldDef => ({
  prop: 'village_id',
  label: '所属小区',
  type: 'select',
  optionsUrl: '/Web/Basic/Village/options',
  required: true,
  search: true,
  width: 140,
  ref: { table: villages, labelColumn: 'name', tenantScoped: true },
  ...over,
});
