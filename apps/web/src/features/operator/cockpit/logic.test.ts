import { describe, expect, it } from 'vitest';
import { incomeWhere, passerName, pastYears, wordSize, WORD_CLOUD_MAX, WORD_CLOUD_MIN } from './logic.ts';

describe('operator cockpit board', () => {
  it('asks this year with the year type, past years all together or one picked', () => {
    expect(incomeWhere('year', null)).toBe('year');
    expect(incomeWhere('year', 2023)).toBe('year');
    expect(incomeWhere('past', null)).toBe('past');
    expect(incomeWhere('past', 2023)).toBe(2023);
  });

  it('offers the five years before this one, newest first', () => {
    expect(pastYears(2026)).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(pastYears(2026, 2)).toEqual([2025, 2024]);
  });

  it('sizes the word cloud from 15 to 80 px by frequency', () => {
    expect(wordSize(10, 10)).toBe(WORD_CLOUD_MAX);
    expect(wordSize(0, 10)).toBe(WORD_CLOUD_MIN);
    expect(wordSize(5, 10)).toBe(48);
    expect(wordSize(3, 0)).toBe(WORD_CLOUD_MIN);
    expect(wordSize(-2, 10)).toBe(WORD_CLOUD_MIN);
  });

  it('names a passer without a name a stranger', () => {
    expect(passerName('')).toBe('陌生人');
    expect(passerName('  ')).toBe('陌生人');
    expect(passerName('张三')).toBe('张三');
  });
});
