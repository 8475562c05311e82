import type { CustomButton } from '@5a/contracts';

export type ShowRule = { key: string; val: string | number };
type Row = Record<string, unknown>;

/** A rule-bound button shows only when row[key] == val (loose: 1 equals '1'). */
export const matchesShowRule = (row: Row, rule?: ShowRule): boolean => {
  if (!rule) return true;
  const v = row[rule.key];
  if (v === undefined || v === null) return false;
  return String(v) === String(rule.val);
};

/** Up to three custom buttons, those whose rule the row meets. */
export const visibleCustomButtons = (buttons: readonly CustomButton[], row: Row): CustomButton[] =>
  buttons.slice(0, 3).filter((b) => matchesShowRule(row, b.showRule));
