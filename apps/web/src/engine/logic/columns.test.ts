import { describe, expect, it } from 'vitest';
import { columnAlign, columnWidth, tableWidth } from './columns.ts';

describe('column widths by value type', () => {
  it('sizes money, dates and times by their type, never narrower than declared', () => {
    expect(columnWidth({ type: 'money', width: 90 })).toBe(110);
    expect(columnWidth({ type: 'money', width: 130 })).toBe(130);
    expect(columnWidth({ type: 'date' })).toBe(110);
    expect(columnWidth({ type: 'datetime', width: 100 })).toBe(170);
  });
  it('keeps a text column declared width, capped so long text does not push amounts away', () => {
    expect(columnWidth({ type: 'text', width: 80 })).toBe(80);
    expect(columnWidth({ type: 'text' })).toBe(120);
    expect(columnWidth({ type: 'text', width: 260 })).toBe(200);
  });
  it('aligns money right and sums the scroll width', () => {
    expect(columnAlign({ type: 'money' })).toBe('right');
    expect(columnAlign({ type: 'text' })).toBeUndefined();
    expect(tableWidth([100, 110], 50)).toBe(260);
  });
});
