import { describe, expect, it } from 'vitest';
import { choiceValues, dictOptions, labelOf } from './dict.ts';

const options = dictOptions([
  { dict_label: '正常', dict_value: '1' },
  { dict_label: '停用', dict_value: '2' },
]);

describe('dict label lookup', () => {
  it('finds a label whether the value is a number or a string', () => {
    expect(labelOf(options, 1)).toBe('正常');
    expect(labelOf(options, '2')).toBe('停用');
  });
  it('shows an unknown value as itself and empty as empty', () => {
    expect(labelOf(options, 9)).toBe('9');
    expect(labelOf(options, null)).toBe('');
    expect(labelOf(options, '')).toBe('');
  });
  it('joins arrays and comma lists', () => {
    expect(labelOf(options, [1, 2])).toBe('正常,停用');
    expect(labelOf(options, '2,1')).toBe('停用,正常');
    expect(choiceValues('a,,b')).toEqual(['a', 'b']);
  });
});
