import type { FieldConfig } from '@5a/contracts';

/** A field as a screen config sends it (a text field shown everywhere but search and batch), for unit tests. */
export const testField = (prop: string, over: Partial<FieldConfig> = {}): FieldConfig => ({
  prop,
  label: prop,
  type: 'text',
  rules: [],
  inTable: true,
  inSearch: false,
  inAdd: true,
  inEdit: true,
  inBatch: false,
  inDetail: true,
  inExport: true,
  inImport: true,
  ...over,
});
