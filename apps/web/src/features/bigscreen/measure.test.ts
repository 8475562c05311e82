import { describe, expect, it } from 'vitest';
import { formatArea, formatLength, KM2_FROM, KM_FROM } from './measure.ts';

describe('map readings', () => {
  it('reads areas in m² below one km², then in km²', () => {
    expect(formatArea(0)).toBe('0.00 m²');
    expect(formatArea(1234.5)).toBe('1,234.50 m²');
    expect(formatArea(KM2_FROM - 1)).toBe('999,999.00 m²');
    expect(formatArea(KM2_FROM)).toBe('1.00 km²');
    expect(formatArea(2_504_000)).toBe('2.50 km²');
    expect(formatArea(123_456_789_000)).toBe('123,456.79 km²');
  });

  it('reads lengths in m below 1000 m, then in km', () => {
    expect(formatLength(0)).toBe('0.00 m');
    expect(formatLength(856.3)).toBe('856.30 m');
    expect(formatLength(KM_FROM - 0.01)).toBe('999.99 m');
    expect(formatLength(KM_FROM)).toBe('1.00 km');
    expect(formatLength(12_345.6)).toBe('12.35 km');
  });

  it('reads nothing as zero, never NaN or a negative', () => {
    expect(formatArea(Number.NaN)).toBe('0.00 m²');
    expect(formatArea(-5)).toBe('0.00 m²');
    expect(formatLength(Number.POSITIVE_INFINITY)).toBe('0.00 m');
  });
});
