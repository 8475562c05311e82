import type { FieldConfig } from '@5a/contracts';

/**
 * The row '添加子类' posts: the name and icon the dialog asks for, and every other field a new row has at its
 * declared default (a category's time limits, its status), so the child saves under the same rules as an add.
 */
export const classChildRow = (fields: readonly FieldConfig[], values: { name: string; icon?: unknown }) => {
  const row: Record<string, unknown> = {};
  for (const f of fields) if (f.inAdd && f.defaultValue !== undefined) row[f.prop] = f.defaultValue;
  row.name = values.name.trim();
  if (values.icon !== undefined && values.icon !== null && values.icon !== '') row.icon = values.icon;
  return row;
};

/** The dialog's title: '添加子类 - 水电'. */
export const classChildTitle = (title: string, parentName: unknown) =>
  parentName === undefined || parentName === null || parentName === '' ? title : `${title} - ${String(parentName)}`;
