import { describe, expect, it } from 'vitest';
import { pointIdOf, progressOf, verdictColor } from './tasks.ts';

describe('patrol check-in page logic', () => {
  it('reads the scanned point id and refuses anything else', () => {
    expect(pointIdOf('12')).toBe(12);
    expect(pointIdOf(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999']) expect(pointIdOf(bad)).toBeNull();
  });

  it('colours verdicts: on time green, late orange, wrong point and off window red, not walked grey', () => {
    expect([1, 2, 3, 4, null].map(verdictColor)).toEqual(['success', 'warning', 'error', 'error', 'default']);
  });

  it('shows progress as done/total and a bounded percentage', () => {
    expect(progressOf({ points_done: 1, points_total: 3 })).toEqual({ text: '1/3 个点位', percent: 33 });
    expect(progressOf({ points_done: 0, points_total: 0 })).toEqual({ text: '0/0 个点位', percent: 0 });
  });
});
