import { describe, expect, it } from 'vitest';
import { isSelectionDisabled, NOTHING_SELECTED, ONLY_ONE, selectionError } from './selection.ts';

describe('selection rules', () => {
  it('single needs exactly one row', () => {
    expect(isSelectionDisabled('single', 0)).toBe(true);
    expect(isSelectionDisabled('single', 1)).toBe(false);
    expect(isSelectionDisabled('single', 2)).toBe(true);
  });
  it('multi needs at least one row', () => {
    expect(isSelectionDisabled('multi', 0)).toBe(true);
    expect(isSelectionDisabled('multi', 1)).toBe(false);
    expect(isSelectionDisabled('multi', 30)).toBe(false);
  });
  it('none never waits for rows', () => {
    expect(isSelectionDisabled('none', 0)).toBe(false);
    expect(isSelectionDisabled('none', 5)).toBe(false);
  });
  it('says why an action cannot run', () => {
    expect(selectionError('multi', 0)).toBe(NOTHING_SELECTED);
    expect(NOTHING_SELECTED).toBe('您还未选择数据');
    expect(selectionError('single', 0)).toBe('您还未选择数据');
    expect(selectionError('single', 3)).toBe(ONLY_ONE);
    expect(selectionError('multi', 3)).toBeNull();
    expect(selectionError('none', 0)).toBeNull();
  });
});
