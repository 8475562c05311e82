import type { FieldConfig } from '@5a/contracts';
import { isEmptyValue } from './search.ts';

/** antd's breakpoints that hold (Grid.useBreakpoint) */
export type Screens = Partial<Record<'sm' | 'md' | 'xl', boolean>>;

/** The search fields a row holds, by SearchForm's Col spans (xs 24, sm 12, md 8, xl 6). */
export const perRowOf = (s: Screens) => (s.xl ? 4 : s.md ? 3 : s.sm ? 2 : 1);

export type SearchFold = {
  /** the fields shown, in their order */
  shown: FieldConfig[];
  /** whether there is more than the first row holds: 展开 / 收起 show */
  foldable: boolean;
  /** folded away fields that hold a value: the folded form says filters are set */
  hiddenSet: number;
};

/**
 * ProTable's query filter: folded, the first row holds the fields that fit beside 查询 / 重置 / 展开 (at least
 * one: on a phone the buttons take a row of their own); expanded, every field.
 */
export const foldSearch = (
  fields: FieldConfig[],
  values: Record<string, unknown>,
  perRow: number,
  expanded: boolean,
): SearchFold => {
  const first = Math.max(1, perRow - 1);
  const foldable = fields.length > first;
  const shown = expanded ? fields : fields.slice(0, first);
  const hiddenSet = fields.filter((f) => !shown.includes(f) && !isEmptyValue(values[f.prop])).length;
  return { shown, foldable, hiddenSet };
};
