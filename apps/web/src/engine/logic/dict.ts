import type { Option } from '@5a/contracts';

export type DictRecord = { dict_label: string; dict_value: string };

export const dictOptions = (records: readonly DictRecord[]): Option[] =>
  records.map((r) => ({ label: r.dict_label, value: r.dict_value }));

/** Values of a choice cell: arrays as they are, comma lists split, one value otherwise. */
export const choiceValues = (value: unknown): (string | number)[] => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value))
    return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  if (typeof value === 'string' && value.includes(',')) return value.split(',').filter(Boolean);
  if (typeof value === 'string' || typeof value === 'number') return [value];
  return [String(value)];
};

/** The label of a value (1 matches '1'); an unknown value shows as itself. */
export const optionLabel = (options: readonly Option[], value: string | number): string =>
  options.find((o) => String(o.value) === String(value))?.label ?? String(value);

/** Labels of a single, multiple or comma-joined value, joined by ','. */
export const labelOf = (options: readonly Option[], value: unknown): string =>
  choiceValues(value)
    .map((v) => optionLabel(options, v))
    .join(',');
