import type { Selection } from '@5a/contracts';

/** Batch actions: the message shown when an action needs rows and none are selected. */
export const NOTHING_SELECTED = '您还未选择数据';
export const ONLY_ONE = '只能选择一条数据';

/** Single-selection buttons need exactly one row, multi at least one, none never waits for rows. */
export const isSelectionDisabled = (selection: Selection, count: number): boolean => {
  if (selection === 'single') return count !== 1;
  if (selection === 'multi') return count < 1;
  return false;
};

/** Why an action cannot run with this selection (null when it can). */
export const selectionError = (selection: Selection, count: number): string | null => {
  if (selection === 'none') return null;
  if (count < 1) return NOTHING_SELECTED;
  if (selection === 'single' && count !== 1) return ONLY_ONE;
  return null;
};
