import type { MonthSeries, PanelSlice } from '@5a/contracts';
import { moneyAxis, moneyTooltip, pieOption } from '../fees/charts.ts';
import type { EChartOption } from '../fees/EChart.tsx';

const PALETTE = ['#3aa1ff', '#4ecb73', '#fbd437', '#f2637b', '#975fe4', '#36cbcb', '#ff9c6e', '#5b8ff9'];

/** Money pies (收费统计, 收款组成, 欠费统计) as the fee statistics page draws them. */
export const moneyPie = (title: string, slices: readonly PanelSlice[] | undefined): EChartOption =>
  pieOption(title, slices);

/** A pie of counts (orders by category or state): no currency in the labels. */
export const countPie = (title: string, slices: readonly PanelSlice[] | undefined): EChartOption => ({
  title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14 } },
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0, type: 'scroll' },
  series: [
    {
      type: 'pie',
      radius: ['32%', '55%'],
      center: ['50%', '50%'],
      data: (slices ?? []).map((s, i) => ({
        name: s.name,
        value: s.value,
        itemStyle: { color: s.color || PALETTE[i % PALETTE.length] },
      })),
      label: { formatter: '{b}\n{c}' },
    },
  ],
});

/** Bars per month, one series per name (stacked when asked), with the unit on the y axis (元: money, ¥1,234.56). */
export const monthBars = (title: string, s: MonthSeries | undefined, unit: string, stack = false): EChartOption => ({
  title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14 } },
  tooltip: unit === '元' ? moneyTooltip : { trigger: 'axis' },
  legend: { bottom: 0, type: 'scroll' },
  grid: { left: 8, right: 16, top: 40, bottom: 48, containLabel: true },
  xAxis: { type: 'category', data: s?.months ?? [] },
  yAxis: unit === '元' ? moneyAxis : { type: 'value', name: unit, minInterval: 1 },
  series: (s?.series ?? []).map((x, i) => ({
    type: 'bar',
    name: x.name,
    data: x.data,
    barMaxWidth: 28,
    stack: stack ? 'all' : undefined,
    itemStyle: { color: PALETTE[i % PALETTE.length] },
  })),
});

/** A line per series over the months (trends: reported vs completed). */
export const monthLines = (title: string, s: MonthSeries | undefined, unit: string): EChartOption => ({
  title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14 } },
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0, type: 'scroll' },
  grid: { left: 48, right: 16, top: 40, bottom: 48 },
  xAxis: { type: 'category', data: s?.months ?? [] },
  yAxis: { type: 'value', name: unit, minInterval: 1 },
  series: (s?.series ?? []).map((x, i) => ({
    type: 'line',
    name: x.name,
    data: x.data,
    smooth: true,
    itemStyle: { color: PALETTE[i % PALETTE.length] },
  })),
});
