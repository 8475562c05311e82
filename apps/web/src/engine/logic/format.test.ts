import { describe, expect, it } from 'vitest';
import { daysLeftText, filenameFromDisposition, formatMoney, patrolTimeText, regionPath, stripHtml } from './format.ts';

describe('formatting', () => {
  it('money with ¥ and two decimals', () => {
    expect(formatMoney('12.5')).toBe('¥12.50');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(null)).toBe('');
  });
  it('money grouped by thousands, the sign before ¥', () => {
    expect(formatMoney(1234.56)).toBe('¥1,234.56');
    expect(formatMoney('1234567.891')).toBe('¥1,234,567.89');
    expect(formatMoney(-12)).toBe('-¥12.00');
    expect(formatMoney('n/a')).toBe('n/a');
  });
  it('days left: N 天, 今天到期, 已过期 N 天, 长期', () => {
    expect(daysLeftText(12)).toBe('12 天');
    expect(daysLeftText('0')).toBe('今天到期');
    expect(daysLeftText(-3)).toBe('已过期 3 天');
    expect(daysLeftText(null)).toBe('长期');
  });
  it('rich text stripped', () => {
    expect(stripHtml('<p>Hello&nbsp;<b>世界</b></p><script>x()</script>')).toBe('Hello 世界');
  });
  it('patrol time', () => {
    expect(patrolTimeText('{"type":1,"times":[{"start":"08:00:00","end":"09:00:00"}]}')).toBe('每日 08:00:00-09:00:00');
    expect(patrolTimeText({ type: 2, week: [1, 7], times: [] })).toBe('每周一、日');
    expect(patrolTimeText('not json')).toBe('not json');
  });
  it('download names', () => {
    expect(
      filenameFromDisposition('attachment; filename="post.xlsx"; filename*=UTF-8\'\'%E5%B2%97%E4%BD%8D.xlsx', 'x'),
    ).toBe('岗位.xlsx');
    expect(filenameFromDisposition('attachment; filename="post.csv"', 'x')).toBe('post.csv');
    expect(filenameFromDisposition(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
  it('region path', () => {
    expect(regionPath('110101')).toEqual(['110000', '110100', '110101']);
    expect(regionPath('110000')).toEqual(['110000']);
    expect(regionPath('abc')).toEqual([]);
  });
});
