import { describe, expect, it } from 'vitest';
import { cellHeight, cellSpan, clockParts, closeCell, emptyCells, LAYOUTS, playIn, type Playing } from './logic.ts';

const cam = (id: number): Playing => ({ id, name: `摄像头${id}`, url: `/s/${id}.m3u8` });

describe('video wall logic', () => {
  it('lays out 1, 4, 9 and 16 windows that fill the wall', () => {
    expect(LAYOUTS.map(cellSpan)).toEqual([24, 12, 8, 6]);
    expect(LAYOUTS.map(cellHeight)).toEqual(['100%', '50%', '33.3%', '25%']);
    // each layout's windows fill whole rows of 24
    for (const n of LAYOUTS) expect((n * cellSpan(n)) % 24).toBe(0);
    expect(emptyCells(9)).toHaveLength(9);
  });

  it('plays a camera in the first empty window, once, and says when none is free', () => {
    let cells = emptyCells(4);
    cells = playIn(cells, cam(1)).cells;
    cells = playIn(cells, cam(2)).cells;
    expect(cells.map((c) => c?.id ?? null)).toEqual([1, 2, null, null]);
    const again = playIn(cells, cam(1));
    expect(again.outcome).toBe('already');
    expect(again.cells).toBe(cells);
    cells = closeCell(cells, 0);
    expect(playIn(cells, cam(3)).cells.map((c) => c?.id ?? null)).toEqual([3, 2, null, null]);
    const full = playIn([cam(1)], cam(2));
    expect(full.outcome).toBe('full');
  });

  it('shows the date, the weekday and a 24-hour clock', () => {
    expect(clockParts(new Date(2026, 0, 4, 9, 5, 7))).toEqual({
      date: '2026-01-04',
      weekday: '星期日',
      time: '09:05:07',
    });
  });
});
