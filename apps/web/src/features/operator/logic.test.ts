import { describe, expect, it } from 'vitest';
import { daysLeftColor, daysLeftText, iotSlices, pickSeries } from './logic.ts';

describe('operator home logic', () => {
  it('says days left as the expiry lists do', () => {
    expect(daysLeftText(null)).toBe('长期');
    expect(daysLeftText(-3)).toBe('已过期 3 天');
    expect(daysLeftText(0)).toBe('今天到期');
    expect(daysLeftText(12)).toBe('12 天');
    expect([daysLeftColor(-1), daysLeftColor(30), daysLeftColor(31), daysLeftColor(null)]).toEqual([
      'red',
      'orange',
      undefined,
      undefined,
    ]);
  });

  it('splits and joins month series', () => {
    const s = {
      months: ['2026-10', '2026-11'],
      series: [
        { name: 'a', data: [1, 2] },
        { name: 'b', data: [3, 4] },
      ],
    };
    expect(pickSeries(s, 'b')).toEqual({ months: s.months, series: [{ name: 'b', data: [3, 4] }] });
  });

  it('draws no device pie when there are no devices', () => {
    const door = { key: 'door', title: '门禁', onLabel: '在线', offLabel: '离线', connected: true };
    expect(iotSlices({ ...door, online: 0, offline: 0 })).toEqual([]);
    expect(iotSlices({ ...door, online: 2, offline: 1 }).map((x) => [x.name, x.value])).toEqual([
      ['在线', 2],
      ['离线', 1],
    ]);
  });
});
