import type { EpidemicContrast, EpidemicDevice } from '@5a/contracts/endpoints/epidemic';
import { describe, expect, it } from 'vitest';
import {
  AROUND_BUILDING,
  AROUND_VILLAGE,
  axisMax,
  bucketLabel,
  comparisonOption,
  deviceMarks,
  villageMarks,
} from './logic.ts';

const device = (id: number, village_id: number, lonlat = ''): EpidemicDevice => ({
  id,
  name: `门${id}`,
  village_id,
  village_name: '',
  gateno: '',
  device_type: 1,
  direction: 1,
  model: '',
  path: '',
  worker: '',
  workerphone: '',
  online: id % 2,
  lonlat,
});

const marks = villageMarks([
  { id: 1, name: '一村', lonlat: '120,30', geom: '', risk: 2 },
  {
    id: 2,
    name: '二村',
    lonlat: '',
    geom: '121,31;121.01,31;121.01,31.01--121.005,31.005--rgba(1,2,3,0.3)--#123456',
    risk: 0,
  },
  { id: 3, name: '三村', lonlat: '', geom: '', risk: 1 },
]);

describe('epidemic map', () => {
  it('places a village by its location, else its hot area’s centre', () => {
    expect(marks.map((m) => [m.id, m.point, m.risk])).toEqual([
      [1, [120, 30], 2],
      [2, [121.005, 31.005], 0],
      [3, null, 1],
    ]);
    expect(marks[1]!.ring).toHaveLength(3);
  });

  it('puts a door at its building, spreads doors without one around their village, and skips a village with no place', () => {
    const d = deviceMarks([device(1, 1), device(2, 1), device(3, 1, '120.5,30.5'), device(4, 2), device(5, 3)], marks);
    expect(d.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    const at = (id: number) => d.find((x) => x.id === id)!.point;
    expect(at(3)).toEqual([120.5, 30.5]);
    // two doors around 一村: on the circle, apart from each other and from the village marker
    for (const id of [1, 2]) expect(Math.hypot(at(id)[0] - 120, at(id)[1] - 30)).toBeCloseTo(AROUND_VILLAGE, 6);
    expect(at(1)).not.toEqual(at(2));
    expect(Math.hypot(at(4)[0] - 121.005, at(4)[1] - 31.005)).toBeCloseTo(AROUND_VILLAGE, 6);
    expect(d.find((x) => x.id === 1)!.online).toBe(true);
    expect(d.find((x) => x.id === 2)!.online).toBe(false);
  });

  it('spreads doors sharing a building', () => {
    const d = deviceMarks([device(1, 1, '120.5,30.5'), device(2, 1, '120.5,30.5')], marks);
    expect(Math.hypot(d[0]!.point[0] - 120.5, d[0]!.point[1] - 30.5)).toBeCloseTo(AROUND_BUILDING, 6);
    expect(d[0]!.point).not.toEqual(d[1]!.point);
  });
});

describe('epidemic charts', () => {
  it('keeps the comparison axes at 0–250 and 0–25 unless the data passes them', () => {
    expect(axisMax([], 250)).toBe(250);
    expect(axisMax([12, 250], 250)).toBe(250);
    expect(axisMax([251], 250)).toBe(300);
    expect(axisMax([1234], 250)).toBe(2000);
    expect(axisMax([26], 25)).toBe(30);
    const c: EpidemicContrast = {
      type: 'year',
      categoryName: ['2025-12', '2026-01'],
      geli: [0, 0],
      quezheng: [0, 0],
      jichu: [0, 0],
      zhengchang: [100, 30],
      yichang: [2, 40],
      list: { categoryName: [], geli: [], quezheng: [], jichu: [] },
      total: { geli: 0, quezheng: 0, jichu: 0, zhengchang: 130, yichang: 42 },
    };
    const axes = comparisonOption(c).yAxis as { min: number; max: number }[];
    expect(axes.map((a) => [a.min, a.max])).toEqual([
      [0, 250],
      [0, 40],
    ]);
  });

  it('labels months and days', () => {
    expect(bucketLabel('2026-03')).toBe('3月');
    expect(bucketLabel('2026-03-09')).toBe('03-09');
  });
});
