import type { PanelSlice } from '@5a/contracts';
import type { ScreenChartOption } from '../../bigscreen/index.ts';

const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };
const legend = { top: 4, textStyle: { color: '#d6e6ff' } };
/** 'YYYY-MM' → 'M月' on a month axis */
const monthLabel = (m: string) => `${Number(m.slice(5, 7))}月`;

type Named = Record<string, readonly number[] | undefined>;

/** Series by month: bars (stacked when asked) or lines. */
export const monthChart = (
  kind: 'bar' | 'line',
  months: readonly string[] | undefined,
  named: Named,
  stack = false,
): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid,
  xAxis: { type: 'category', data: (months ?? []).map(monthLabel) },
  yAxis: { type: 'value', minInterval: 1 },
  series: Object.entries(named).map(([name, data]) =>
    kind === 'bar'
      ? { type: 'bar' as const, name, data: [...(data ?? [])], barMaxWidth: 18, ...(stack ? { stack: 'all' } : {}) }
      : { type: 'line' as const, name, data: [...(data ?? [])], smooth: true, areaStyle: { opacity: 0.12 } },
  ),
});

/** A ring of named parts. */
export const ringChart = (name: string, slices: readonly PanelSlice[] | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { ...legend, type: 'plain', bottom: 0, top: undefined },
  series: [
    {
      type: 'pie',
      name,
      radius: ['42%', '66%'],
      center: ['50%', '45%'],
      label: { color: '#d6e6ff', formatter: '{b}\n{c}' },
      data: (slices ?? []).map((s) => ({ name: s.name, value: s.value })),
    },
  ],
});

/** Named bars, horizontal when the names are long (a ranking). */
export const sliceBars = (
  name: string,
  slices: readonly PanelSlice[] | undefined,
  horizontal = false,
): ScreenChartOption => {
  const names = (slices ?? []).map((s) => s.name);
  const values = (slices ?? []).map((s) => s.value);
  const category = { type: 'category' as const, data: horizontal ? [...names].reverse() : names };
  const value = { type: 'value' as const };
  return {
    tooltip: { trigger: 'axis' },
    grid: { ...grid, top: 12 },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [{ type: 'bar', name, data: horizontal ? [...values].reverse() : values, barMaxWidth: 22 }],
  };
};
