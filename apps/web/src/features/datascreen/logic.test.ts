import type { DataScreen } from '@5a/contracts/endpoints/datascreen';
import { describe, expect, it } from 'vitest';
import { monthLabel, PATROL_GAUGE_MAX, patrolGaugeOption, percent, tabPoints } from './logic.ts';

const mark = (id: number, lonlat: string, online = 1) => ({ id, name: `m${id}`, village_id: 1, lonlat, online });

describe('data screen logic', () => {
  it('computes shares and month labels', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(5, 0)).toBe(0);
    expect(monthLabel('2026-03')).toBe('3月');
  });

  it('draws a gauge of today’s completion up to 133.5', () => {
    const s = (patrolGaugeOption(3, 4).series as { max: number; data: { value: number }[] }[])[0]!;
    expect(s.max).toBe(PATROL_GAUGE_MAX);
    expect(s.data[0]!.value).toBe(75);
  });

  it('places a tab’s markers at their location or around their village, offline grey', () => {
    const d = {
      panelInfo: {
        buildList: [],
        videoList: [mark(1, ''), mark(2, '', 2)],
        accessList: [mark(3, '120.5,30.5')],
        parkingList: [],
        pointList: [mark(4, '')],
      },
    } as unknown as DataScreen;
    const areas = [
      { id: 1, name: 'v', point: [120, 30] as [number, number], ring: null, fill: '', border: '', color: '' },
    ];
    const cams = tabPoints(d, 'camera', areas);
    expect(cams.map((c) => c.id)).toEqual([1, 2]);
    expect(cams[1]!.color).toBe('#8c8c8c');
    expect(tabPoints(d, 'access', areas)[0]!.point).toEqual([120.5, 30.5]);
    expect(tabPoints(d, 'parking', areas)).toEqual([]);
    expect(tabPoints(undefined, 'patrol', areas)).toEqual([]);
  });
});
