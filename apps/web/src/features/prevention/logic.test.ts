import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { controlBody, healthColor, passAfterCode, passOptions, visibleParts } from './logic.ts';

describe('防控 form', () => {
  it('shows health and passage only with tag 1, and dates only for a code above green', () => {
    expect(visibleParts({ tags: ['2'], health_code: 3 })).toEqual({ control: false, dates: false });
    expect(visibleParts({ tags: ['2', '1'], health_code: 1 })).toEqual({ control: true, dates: false });
    expect(visibleParts({ tags: ['1'], health_code: 2 })).toEqual({ control: true, dates: true });
  });

  it('moves the pass status with the code: green normal, red isolated, yellow isolates a normal one', () => {
    expect(passAfterCode(1, 3)).toBe(1);
    expect(passAfterCode(3, 1)).toBe(2);
    expect(passAfterCode(3, 3)).toBe(2);
    expect(passAfterCode(2, 1)).toBe(2);
    expect(passAfterCode(2, 3)).toBe(3);
  });

  it('disables 正常通行 for yellow and red, and the others for green', () => {
    const disabled = (code: number) =>
      passOptions(code)
        .filter((o) => o.disabled)
        .map((o) => o.value);
    expect(disabled(1)).toEqual([2, 3]);
    expect(disabled(2)).toEqual([1]);
    expect(disabled(3)).toEqual([1]);
  });

  it('sends tags comma-joined and only the parts shown', () => {
    const start = dayjs('2026-05-01');
    const end = dayjs('2026-05-08');
    expect(controlBody(7, { tags: ['2'], health_code: 3, pass_status: 2, start_time: start })).toEqual({
      id: 7,
      tags: '2',
    });
    expect(controlBody(7, { tags: ['1', '2'], health_code: 1, pass_status: 1, start_time: start })).toEqual({
      id: 7,
      tags: '1,2',
      health_code: 1,
      pass_status: 1,
    });
    expect(controlBody(7, { tags: ['1'], health_code: 3, pass_status: 2, start_time: start, end_time: end })).toEqual({
      id: 7,
      tags: '1',
      health_code: 3,
      pass_status: 2,
      start_time: '2026-05-01',
      end_time: '2026-05-08',
    });
  });

  it('colours the slot 1 green, 2 yellow, 3 red, and a masked value not at all', () => {
    expect([1, 2, 3, '***'].map(healthColor)).toEqual(['green', 'gold', 'red', undefined]);
  });
});
