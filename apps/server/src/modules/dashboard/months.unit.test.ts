import { describe, expect, it } from 'vitest';
import { lastMonths, monthOf, monthsBetween, seriesOver } from './months.ts';

describe('dashboard months', () => {
  it('counts months in Shanghai time, across a year end', () => {
    expect(monthOf(new Date('2026-01-31T17:00:00Z'))).toBe('2026-02');
    expect(lastMonths(3, new Date('2026-02-10T00:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    expect(monthsBetween('2020-01', '2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('spreads grouped rows over every month and name, 0 where nothing happened', () => {
    const rows = [
      { v: '阳光花园', m: '2026-01', n: 2 },
      { v: '翠湖名苑', m: '2026-02', n: 5 },
    ];
    expect(
      seriesOver(
        ['2026-01', '2026-02'],
        rows,
        (r) => r.v,
        (r) => r.m,
        (r) => r.n,
        ['阳光花园', '翠湖名苑'],
      ),
    ).toEqual([
      { name: '阳光花园', data: [2, 0] },
      { name: '翠湖名苑', data: [0, 5] },
    ]);
  });
});
