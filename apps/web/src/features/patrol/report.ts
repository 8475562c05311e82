import type { PatrolCounts, PatrolGuardRow, PatrolRouteRow, PatrolWeekRow } from '@5a/contracts/endpoints/patrol';
import type { EChartOption } from '../fees/EChart.tsx';

/** the xlsx of the same report (a file, not an endpoint) */
export const REPORT_EXPORT_URL = '/Web/Patrol/Report/export';
export const REPORT_EXPORT_PERM = 'PatrolReport:export';

export type { PatrolCounts };
export type GuardRow = PatrolGuardRow;
export type RouteRow = PatrolRouteRow;
export type WeekRow = PatrolWeekRow;
export type ReportQuery = { village_id?: number; start_date?: string; end_date?: string };

/** The request: 0 is every village; without a whole range the server reports the last four weeks. */
export const reportBody = (villageId: number, range: [string | undefined, string | undefined] | null): ReportQuery => {
  const [start, end] = range ?? [undefined, undefined];
  return {
    ...(villageId ? { village_id: villageId } : {}),
    ...(start && end ? { start_date: start, end_date: end } : {}),
  };
};

const COLORS = { completed: '#4ecb73', missed: '#f2637b', rate: '#3aa1ff' };
const title = (text: string) => ({ text, left: 'center', top: 4, textStyle: { fontSize: 14 } });

/** Completed and missed tasks as stacked bars per name (guard or route): how each one did at a glance. */
export const completionBars = (text: string, rows: readonly (PatrolCounts & { name: string })[]): EChartOption => ({
  title: title(text),
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 48, right: 16, top: 40, bottom: 56 },
  xAxis: {
    type: 'category',
    data: rows.map((r) => r.name),
    axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
  },
  yAxis: { type: 'value', name: '次', minInterval: 1 },
  series: [
    {
      type: 'bar',
      name: '已完成',
      stack: 'all',
      data: rows.map((r) => r.completed),
      barMaxWidth: 28,
      itemStyle: { color: COLORS.completed },
    },
    {
      type: 'bar',
      name: '已漏巡',
      stack: 'all',
      data: rows.map((r) => r.missed),
      barMaxWidth: 28,
      itemStyle: { color: COLORS.missed },
    },
  ],
});

/** The completion rate per week (a line, 0–100 %) with the week's task count as bars behind it. */
export const weekLine = (rows: readonly WeekRow[]): EChartOption => ({
  title: title('按周完成率'),
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 48, right: 56, top: 40, bottom: 48 },
  xAxis: { type: 'category', data: rows.map((r) => weekLabel(r.week)) },
  yAxis: [
    { type: 'value', name: '次', minInterval: 1 },
    { type: 'value', name: '%', min: 0, max: 100 },
  ],
  series: [
    { type: 'bar', name: '任务数', data: rows.map((r) => r.total), barMaxWidth: 28, itemStyle: { color: '#d9d9d9' } },
    {
      type: 'line',
      name: '完成率',
      yAxisIndex: 1,
      data: rows.map((r) => r.rate),
      smooth: true,
      itemStyle: { color: COLORS.rate },
    },
  ],
});

/** '2026-03-02' (the Monday) → '03-02起' */
export const weekLabel = (monday: string) => `${monday.slice(5)}起`;

export const guardSeries = (rows: readonly GuardRow[] | undefined) =>
  (rows ?? []).map((r) => ({ ...r, name: r.worker_name }));
export const routeSeries = (rows: readonly RouteRow[] | undefined) =>
  (rows ?? []).map((r) => ({ ...r, name: r.route_name }));

/** '42.86%' */
export const rateText = (rate: number) => `${rate.toFixed(2)}%`;
