import { formatMoney } from '../../engine/logic/format.ts';
import type { LotOccupancy, ParkingFigures } from '@5a/contracts';
import type { EChartOption } from '../fees/EChart.tsx';

export type { LotOccupancy };
export type ParkingStats = ParkingFigures;

export type ParkingStatsQuery = { village_id: number; date_range?: [string, string] };

/** The request body: 0 is every village; a half-chosen range is no range (the server's default, this month). */
export const parkingStatsBody = (
  villageId: number,
  range: [string | undefined, string | undefined] | null,
): ParkingStatsQuery => {
  const [from, to] = range ?? [undefined, undefined];
  return from && to ? { village_id: villageId, date_range: [from, to] } : { village_id: villageId };
};

/** Occupied share of a lot in whole percent (a lot without capacity is full when anything is in it). */
export const occupancyPercent = (l: Pick<LotOccupancy, 'capacity' | 'parking'>): number =>
  l.capacity > 0 ? Math.min(100, Math.round((l.parking / l.capacity) * 100)) : l.parking > 0 ? 100 : 0;

/** Per-lot bars: cars inside stacked on the free spaces, so each bar is the lot's capacity. */
export const occupancyOption = (lots: readonly LotOccupancy[] | undefined): EChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
  xAxis: { type: 'category', data: (lots ?? []).map((l) => l.name) },
  yAxis: { type: 'value', name: '个', minInterval: 1 },
  series: [
    {
      type: 'bar',
      name: '在场车辆',
      stack: 'lot',
      barMaxWidth: 40,
      data: (lots ?? []).map((l) => l.parking),
      itemStyle: { color: '#f2637b' },
    },
    {
      type: 'bar',
      name: '剩余车位',
      stack: 'lot',
      barMaxWidth: 40,
      data: (lots ?? []).map((l) => l.surplus),
      itemStyle: { color: '#4ecb73' },
    },
  ],
});

/** Today's entries and exits per hour (0–23). */
export const hourlyOption = (hourly: ParkingStats['hourly'] | undefined): EChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
  xAxis: { type: 'category', data: (hourly ?? []).map((h) => `${h.hour}时`) },
  yAxis: { type: 'value', name: '车次', minInterval: 1 },
  series: [
    { type: 'bar', name: '入场', data: (hourly ?? []).map((h) => h.into), itemStyle: { color: '#3aa1ff' } },
    { type: 'bar', name: '出场', data: (hourly ?? []).map((h) => h.out), itemStyle: { color: '#fbd437' } },
  ],
});

/** Revenue per lot over the range (yuan), one stacked bar per lot by kind. */
export const revenueOption = (revenue: ParkingStats['revenue'] | undefined): EChartOption => {
  const rows = revenue ?? [];
  const kind = (name: string, pick: (r: ParkingStats['revenue'][number]) => string, color: string) => ({
    type: 'bar' as const,
    name,
    stack: 'revenue',
    barMaxWidth: 40,
    data: rows.map((r) => Number(pick(r))),
    itemStyle: { color },
  });
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatMoney(v) },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.lot) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatMoney(v) } },
    series: [
      kind('临时停车', (r) => r.temp, '#3aa1ff'),
      kind('车位续费', (r) => r.renewal, '#975fe4'),
      kind('月卡充值', (r) => r.card, '#36cbcb'),
    ],
  };
};

/** Whether there is any money to draw (an all-zero chart says nothing). */
export const hasRevenue = (revenue: ParkingStats['revenue'] | undefined): boolean =>
  (revenue ?? []).some((r) => Number(r.temp) + Number(r.renewal) + Number(r.card) > 0);
