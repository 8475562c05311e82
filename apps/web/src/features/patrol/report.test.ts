import { describe, expect, it } from 'vitest';
import { completionBars, rateText, reportBody, weekLabel, weekLine } from './report.ts';

describe('patrol report page logic', () => {
  it('sends a village only when one is picked and dates only as a whole range', () => {
    expect(reportBody(0, null)).toEqual({});
    expect(reportBody(7, ['2026-03-01', undefined])).toEqual({ village_id: 7 });
    expect(reportBody(0, ['2026-03-01', '2026-03-28'])).toEqual({ start_date: '2026-03-01', end_date: '2026-03-28' });
  });

  it('stacks completed over missed per name and draws the weekly rate on a 0–100 axis', () => {
    const bars = completionBars('按巡更人员', [
      { name: '张师傅', total: 5, completed: 3, missed: 1, rate: 60 },
      { name: '李师傅', total: 2, completed: 2, missed: 0, rate: 100 },
    ]);
    expect(bars.xAxis).toMatchObject({ data: ['张师傅', '李师傅'] });
    expect(bars.series).toMatchObject([
      { name: '已完成', stack: 'all', data: [3, 2] },
      { name: '已漏巡', stack: 'all', data: [1, 0] },
    ]);
    const line = weekLine([
      { week: '2026-03-02', total: 4, completed: 2, missed: 1, rate: 50 },
      { week: '2026-03-09', total: 0, completed: 0, missed: 0, rate: 0 },
    ]);
    expect(line.xAxis).toMatchObject({ data: ['03-02起', '03-09起'] });
    expect(line.series).toMatchObject([{ data: [4, 0] }, { type: 'line', yAxisIndex: 1, data: [50, 0] }]);
  });

  it('writes rates with two decimals and weeks by their Monday', () => {
    expect(rateText(42.857)).toBe('42.86%');
    expect(rateText(100)).toBe('100.00%');
    expect(weekLabel('2026-12-28')).toBe('12-28起');
  });
});
