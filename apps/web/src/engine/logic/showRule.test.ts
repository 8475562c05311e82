import type { CustomButton } from '@5a/contracts';
import { describe, expect, it } from 'vitest';
import { matchesShowRule, visibleCustomButtons } from './showRule.ts';

const btn = (title: string, showRule?: CustomButton['showRule']): CustomButton => ({
  emit: 'refund',
  api: '/x/refund',
  title,
  isconfirm: false,
  showRule,
});

describe('custom button showRule', () => {
  it('shows without a rule', () => expect(matchesShowRule({ status: 1 })).toBe(true));
  it('compares loosely (1 == "1")', () => {
    expect(matchesShowRule({ status: 1 }, { key: 'status', val: '1' })).toBe(true);
    expect(matchesShowRule({ status: '2' }, { key: 'status', val: 2 })).toBe(true);
    expect(matchesShowRule({ status: 2 }, { key: 'status', val: 1 })).toBe(false);
  });
  it('a missing field never matches', () => {
    expect(matchesShowRule({}, { key: 'status', val: '' })).toBe(false);
    expect(matchesShowRule({ status: null }, { key: 'status', val: 'null' })).toBe(false);
  });
  it('keeps at most three buttons, those whose rule the row meets', () => {
    const buttons = [btn('a'), btn('b', { key: 's', val: 1 }), btn('c', { key: 's', val: 2 }), btn('d')];
    expect(visibleCustomButtons(buttons, { s: 1 }).map((b) => b.title)).toEqual(['a', 'b']);
    expect(visibleCustomButtons(buttons, { s: 2 }).map((b) => b.title)).toEqual(['a', 'c']);
  });
});
