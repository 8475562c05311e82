import type { FieldConfig } from '@5a/contracts';

/**
 * Column widths by value type: a value of a type always needs about the same room (a money amount,
 * a date, a time), so those columns are sized by their type whatever the declaration says; free text
 * keeps its declared width (or a default) and is cut with an ellipsis.
 */
const TYPE_WIDTHS: Record<string, number> = {
  money: 110,
  date: 110,
  datetime: 170,
  month: 90,
  daterange: 220,
  switch: 80,
  image: 90,
  number: 90,
};
const TEXT_WIDTH = 120;
/** the widest a declared text column may take: a long remark must not push the amounts off screen */
const TEXT_MAX = 200;

export const columnWidth = (f: Pick<FieldConfig, 'type' | 'width'>): number => {
  const byType = TYPE_WIDTHS[f.type];
  if (byType) return Math.max(byType, f.width ?? 0);
  return Math.min(f.width ?? TEXT_WIDTH, TEXT_MAX);
};

/** amounts line up on the decimal point */
export const columnAlign = (f: Pick<FieldConfig, 'type'>): 'right' | undefined =>
  f.type === 'money' ? 'right' : undefined;

/** the table's scroll width: every column at its width, plus the selection and action columns */
export const tableWidth = (widths: readonly number[], extra: number) => widths.reduce((s, w) => s + w, extra);
