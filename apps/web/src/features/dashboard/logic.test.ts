import { describe, expect, it } from 'vitest';
import { countPie, monthBars, moneyPie } from './charts.ts';
import { eventTarget, isEmptySeries, money, percentOf, reminderTarget } from './logic.ts';
import { splitPaid, statsBody } from './repairStats.ts';

describe('workbench panel logic', () => {
  it('a reminder goes to its url or the workbench; an event to its url or the event-report list', () => {
    expect(reminderTarget({ url: '/Web/Repair/RepairManagement/listConfig' })).toBe(
      '/Web/Repair/RepairManagement/listConfig',
    );
    expect(reminderTarget({ url: '' })).toBe('/Web/Basic/Index/index');
    expect(eventTarget({ url: '' })).toBe('/Web/Repair/ReportThings/listConfig');
    expect(eventTarget({ url: '/Web/Repair/RepairManagement/detail?id=3' })).toBe(
      '/Web/Repair/RepairManagement/detail?id=3',
    );
  });

  it('progress is received over receivable, clamped, one decimal; nothing receivable is 0', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(12, 10)).toBe(100);
    expect(money(3)).toBe('3.00');
    expect(money('x')).toBe('0.00');
  });

  it('charts carry the data: pie slices with values, bars per series over the months', () => {
    const pie = countPie('报修分类', [
      { name: '水电', value: 4 },
      { name: '门窗', value: 1 },
    ]);
    expect(pie.series).toMatchObject([
      {
        type: 'pie',
        data: [
          { name: '水电', value: 4 },
          { name: '门窗', value: 1 },
        ],
      },
    ]);
    expect(moneyPie('收费统计', [{ name: '已收金额', value: 12.5 }]).series).toMatchObject([
      { data: [{ name: '已收金额', value: 12.5 }] },
    ]);
    const bars = monthBars(
      '报修',
      { months: ['2026-10', '2026-11'], series: [{ name: '阳光花园', data: [3, 5] }] },
      '单',
      true,
    );
    expect(bars.xAxis).toMatchObject({ data: ['2026-10', '2026-11'] });
    expect(bars.series).toMatchObject([{ type: 'bar', name: '阳光花园', data: [3, 5], stack: 'all' }]);
    expect(isEmptySeries({ months: ['2026-11'], series: [{ name: 'a', data: [0] }] })).toBe(true);
    expect(isEmptySeries({ months: ['2026-11'], series: [{ name: 'a', data: [2] }] })).toBe(false);
  });
});

describe('repair statistics query', () => {
  it('sends a month range only when both ends are chosen; 0 is every village', () => {
    expect(statsBody(0, null)).toEqual({ village_id: 0 });
    expect(statsBody(3, ['2026-01', undefined])).toEqual({ village_id: 3 });
    expect(statsBody(3, ['2026-01', '2026-06'])).toEqual({
      village_id: 3,
      start_month: '2026-01',
      end_month: '2026-06',
    });
    expect(
      splitPaid({
        months: ['2026-01'],
        series: [
          { name: 'n', data: [2] },
          { name: 'y', data: [80.5] },
        ],
      }),
    ).toEqual({ months: ['2026-01'], count: [2], amount: [80.5] });
  });
});
