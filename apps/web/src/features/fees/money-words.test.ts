import { describe, expect, it } from 'vitest';
import { amountInWords, discountText } from './money-words.ts';

describe('amountInWords', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [1000.05, '壹仟元零伍分'],
    [0.5, '伍角整'],
    [0.05, '伍分'],
    [10.5, '壹拾元伍角整'],
    [10000, '壹万元整'],
    [100010, '壹拾万零壹拾元整'],
    [1000000, '壹佰万元整'],
    [100010000, '壹亿零壹万元整'],
    [120000000.3, '壹亿贰仟万元叁角整'],
    ['23.45', '贰拾叁元肆角伍分'],
    [-8, '负捌元整'],
    [0.004, '零元整'],
    [1.005, '壹元零壹分'],
  ])('%s → %s', (v, words) => expect(amountInWords(v)).toBe(words));

  it('says nothing of what is not a number', () => {
    expect(amountInWords('abc')).toBe('');
    expect(amountInWords(Number.NaN)).toBe('');
  });
});

describe('discountText', () => {
  it.each([
    [100, '不打折'],
    [90, '九折'],
    [85, '八五折'],
    [80, '八折'],
    [88.5, '8.85折'],
    [5, '0.5折'],
    [0, ''],
    [120, ''],
    [null, ''],
  ])('%s → %s', (v, text) => expect(discountText(v)).toBe(text));
});
