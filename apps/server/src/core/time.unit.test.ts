import { describe, expect, it } from 'vitest';
import { addMonths, beijingMonth, formatTime, monthKey, monthOfKey, monthStart, shanghaiInstant } from './time.ts';

describe('Beijing months', () => {
  it('cuts the month on Beijing time, not UTC', () => {
    // 00:30 on 1 March in Beijing is still February in UTC
    expect(beijingMonth(shanghaiInstant('2026-03-01 00:30:00'))).toEqual({ y: 2026, m: 3 });
    expect(beijingMonth(shanghaiInstant('2026-02-28 23:59:59'))).toEqual({ y: 2026, m: 2 });
    expect(beijingMonth(new Date('2025-12-31T16:00:00Z'))).toEqual({ y: 2026, m: 1 });
    expect(beijingMonth(new Date('2025-12-31T15:59:59Z'))).toEqual({ y: 2025, m: 12 });
  });

  it('adds and subtracts months across years', () => {
    expect(addMonths({ y: 2026, m: 11 }, 2)).toEqual({ y: 2027, m: 1 });
    expect(addMonths({ y: 2026, m: 1 }, -1)).toEqual({ y: 2025, m: 12 });
    expect(addMonths({ y: 2026, m: 5 }, -24)).toEqual({ y: 2024, m: 5 });
    expect(addMonths({ y: 2026, m: 5 }, 0)).toEqual({ y: 2026, m: 5 });
  });

  it('names a month YYYYMM and reads the name back', () => {
    expect(monthKey({ y: 2026, m: 3 })).toBe('202603');
    expect(monthKey({ y: 2026, m: 12 })).toBe('202612');
    expect(monthOfKey('202603')).toEqual({ y: 2026, m: 3 });
    for (let i = -30; i <= 30; i++) {
      const m = addMonths({ y: 2026, m: 6 }, i);
      expect(monthOfKey(monthKey(m))).toEqual(m);
    }
  });

  it('begins a month at 00:00 of its 1st in Beijing', () => {
    expect(monthStart({ y: 2026, m: 3 }).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(formatTime(monthStart({ y: 2026, m: 1 }))).toBe('2026-01-01 00:00:00');
    // the instant just before a month's start is in the month before it
    const start = monthStart({ y: 2026, m: 1 });
    expect(beijingMonth(start)).toEqual({ y: 2026, m: 1 });
    expect(beijingMonth(new Date(start.getTime() - 1))).toEqual({ y: 2025, m: 12 });
  });
});
