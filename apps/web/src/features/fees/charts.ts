import type { EChartOption } from './EChart.tsx';
import { formatMoney } from '../../engine/logic/format.ts';
import { toNum } from './logic.ts';

/** Money on a chart: the value axis and the tooltip say ¥1,234.56, as tables and cards do. */
export const moneyAxis = { type: 'value' as const, axisLabel: { formatter: (v: number) => formatMoney(v) } };
export const moneyTooltip = { trigger: 'axis' as const, valueFormatter: (v: unknown) => formatMoney(v) };

/** Chart options of the fee pages (pure). */
export type Slice = { name: string; value: number | string; color?: string };

/** The default palette, three fixed pie colours (a slice's own colour wins). */
export const PIE_COLORS = ['#3aa1ff', '#ff6f6f', '#ffc53d'] as const;

export const pieOption = (title: string, slices: readonly Slice[] | null | undefined): EChartOption => {
  const data = (slices ?? []).map((s, i) => ({
    name: s.name,
    value: toNum(s.value),
    itemStyle: { color: s.color || PIE_COLORS[i % PIE_COLORS.length] },
  }));
  return {
    title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14 } },
    tooltip: {
      trigger: 'item',
      // an item tooltip gets one slice (an axis tooltip would get an array)
      formatter: (p: unknown) => {
        const slice = (Array.isArray(p) ? p[0] : p) as { name: string; value: unknown; percent?: number };
        return `${slice.name}: ${formatMoney(slice.value)} (${slice.percent ?? 0}%)`;
      },
    },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['32%', '55%'],
        center: ['50%', '52%'],
        data,
        // labels keep to the chart's edges (a narrow card or a phone clipped them)
        label: {
          formatter: (p: { name: string; value: unknown }) => `${p.name}\n${formatMoney(p.value)}`,
          alignTo: 'edge',
          edgeDistance: 8,
          minMargin: 4,
        },
        labelLine: { length: 8, length2: 0, maxSurfaceAngle: 80 },
      },
    ],
  };
};

/** Arrears by month: bars plus a line of the same values. */
export const arrearsOption = (rows: readonly Slice[] | null | undefined): EChartOption => {
  const x = (rows ?? []).map((r) => r.name);
  const y = (rows ?? []).map((r) => toNum(r.value));
  return {
    tooltip: moneyTooltip,
    legend: { data: ['欠费金额', '趋势'], top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 30, containLabel: true },
    xAxis: { type: 'category', data: x },
    yAxis: moneyAxis,
    series: [
      { name: '欠费金额', type: 'bar', data: y, barMaxWidth: 36, itemStyle: { color: PIE_COLORS[1] } },
      { name: '趋势', type: 'line', data: y, smooth: true, itemStyle: { color: PIE_COLORS[0] } },
    ],
  };
};

export type Columnar =
  | { xAxis?: unknown[]; series?: { name?: string; data?: unknown[] }[] }
  | { name: string; value: unknown }[]
  | null
  | undefined;

/** The financial bar chart from columnarInfo ({xAxis, series} or [{name, value}]). */
export const columnarOption = (info: Columnar): EChartOption => {
  const series = Array.isArray(info)
    ? [{ name: '金额', data: info.map((r) => toNum(r.value)) }]
    : (info?.series ?? []).map((s) => ({ name: s.name ?? '', data: (s.data ?? []).map(toNum) }));
  const x = Array.isArray(info) ? info.map((r) => r.name) : (info?.xAxis ?? []).map(String);
  return {
    tooltip: moneyTooltip,
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: x, axisLabel: { interval: 0, rotate: x.length > 8 ? 30 : 0 } },
    yAxis: moneyAxis,
    series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 28 })),
  };
};
