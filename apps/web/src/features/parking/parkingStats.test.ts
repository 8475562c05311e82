import { describe, expect, it } from 'vitest';
import { hasRevenue, occupancyOption, occupancyPercent, parkingStatsBody, revenueOption } from './parkingStats.ts';

describe('停车概览 logic', () => {
  it('sends a date range only when both ends are chosen', () => {
    expect(parkingStatsBody(0, null)).toEqual({ village_id: 0 });
    expect(parkingStatsBody(3, ['2025-03-01', undefined])).toEqual({ village_id: 3 });
    expect(parkingStatsBody(3, ['2025-03-01', '2025-03-31'])).toEqual({
      village_id: 3,
      date_range: ['2025-03-01', '2025-03-31'],
    });
  });

  it('shows occupancy in whole percent, a lot without capacity full only when a car is in it', () => {
    expect(occupancyPercent({ capacity: 60, parking: 15 })).toBe(25);
    expect(occupancyPercent({ capacity: 3, parking: 5 })).toBe(100);
    expect(occupancyPercent({ capacity: 0, parking: 0 })).toBe(0);
    expect(occupancyPercent({ capacity: 0, parking: 1 })).toBe(100);
  });

  it('stacks the cars inside on the free spaces, one bar per lot', () => {
    const o = occupancyOption([
      { id: 1, name: '甲', capacity: 60, parking: 2, surplus: 58 },
      { id: 2, name: '乙', capacity: 10, parking: 10, surplus: 0 },
    ]);
    expect(o.xAxis).toMatchObject({ data: ['甲', '乙'] });
    expect((o.series as { name: string; data: number[] }[]).map((s) => [s.name, s.data])).toEqual([
      ['在场车辆', [2, 10]],
      ['剩余车位', [58, 0]],
    ]);
  });

  it('draws revenue in yuan by kind, and says when there is none', () => {
    const rows = [{ lot_id: 1, lot: '甲', temp: '17.50', renewal: '0.00', card: '300.00' }];
    const o = revenueOption(rows);
    expect((o.series as { name: string; data: number[] }[]).map((s) => [s.name, s.data])).toEqual([
      ['临时停车', [17.5]],
      ['车位续费', [0]],
      ['月卡充值', [300]],
    ]);
    expect(hasRevenue(rows)).toBe(true);
    expect(hasRevenue([{ ...rows[0]!, temp: '0.00', card: '0.00' }])).toBe(false);
    expect(hasRevenue(undefined)).toBe(false);
  });
});
