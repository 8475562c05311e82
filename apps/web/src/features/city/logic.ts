import type { CityCentre, CityEvent, IotItem } from '@5a/contracts';
import type { DataScreenWeather } from '@5a/contracts/endpoints/datascreen';
import type { ScreenChartOption } from '../bigscreen/ScreenChart.tsx';
import { SCREEN_COLORS } from '../bigscreen/theme.ts';

export const UNCONNECTED = '未接入';

/** the event list's filter: every open event, those dispatched (已派) or not yet (未派) */
export type EventFilter = 'all' | 'sent' | 'unsent';
export const EVENT_FILTERS: readonly { value: EventFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'sent', label: '已派' },
  { value: 'unsent', label: '未派' },
];
export const filterEvents = (list: readonly CityEvent[], f: EventFilter) =>
  f === 'all' ? list : list.filter((e) => e.dispatched === (f === 'sent'));

/** The weather line: sky, now, today's range, air; why there is none when there is none. */
export const weatherText = (w: DataScreenWeather | undefined) => {
  if (!w) return '';
  if (!w.weather) return w.msg;
  const air = w.api ? ` 空气${w.aqi} ${w.api}` : '';
  return `${w.weather} ${w.temperature_curr} ${w.temperature}${air}${w.provider === 'sandbox' ? '（演示数据）' : ''}`;
};

/** PM2.5 as the provider gives it (μg/m³), else 未接入 */
export const pm25Text = (w: DataScreenWeather | undefined) => (w?.pm25 ? `${w.pm25} μg/m³` : UNCONNECTED);

const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };
const legend = { top: 0, right: 0, itemWidth: 12, itemHeight: 8 };

/** 年龄段: one bar per group, 未知 grey. */
export const agesOption = (ages: CityCentre['ages'] | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { ...grid, top: 16 },
  xAxis: { type: 'category', data: (ages ?? []).map((a) => a.label) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      type: 'bar',
      name: '人数',
      barMaxWidth: 36,
      label: { show: true, position: 'top', color: SCREEN_COLORS.text },
      data: (ages ?? []).map((a) => ({
        value: a.num,
        itemStyle: { color: a.key === 'unknown' ? '#8c8c8c' : SCREEN_COLORS.accent },
      })),
    },
  ],
});

/** the device kinds on one axis, online and offline stacked; a kind nobody brings says 未接入 under its name */
export const devicesOption = (items: readonly IotItem[] | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid,
  xAxis: {
    type: 'category',
    data: (items ?? []).map((i) => (i.connected ? i.title : `${i.title}\n${UNCONNECTED}`)),
    // every kind named, however narrow the chart
    axisLabel: { interval: 0, fontSize: 11 },
  },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'bar', name: '在线/启用', stack: 'd', barMaxWidth: 36, data: (items ?? []).map((i) => i.online) },
    {
      type: 'bar',
      name: '离线/停用',
      stack: 'd',
      barMaxWidth: 36,
      itemStyle: { color: SCREEN_COLORS.series[2] },
      data: (items ?? []).map((i) => i.offline),
    },
  ],
});

/** 员工 as a pie (管家, 保安, 后勤, 其他 when there are any) */
export const staffOption = (s: CityCentre['staff'] | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { ...legend, left: 0, right: undefined },
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      center: ['50%', '58%'],
      label: { color: SCREEN_COLORS.text, formatter: '{b} {c}' },
      data: [
        { name: '管家', value: s?.steward ?? 0 },
        { name: '保安', value: s?.security ?? 0 },
        { name: '后勤', value: s?.logistics ?? 0 },
        ...(s?.other ? [{ name: '其他', value: s.other }] : []),
      ],
    },
  ],
});

/** 事件统计 as bars */
export const eventsOption = (e: CityCentre['events'] | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { ...grid, top: 16 },
  xAxis: { type: 'category', data: ['待处理', '处理中', '已超时', '催单/提醒'] },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      type: 'bar',
      name: '事件',
      barMaxWidth: 40,
      label: { show: true, position: 'top', color: SCREEN_COLORS.text },
      data: [e?.pending ?? 0, e?.processing ?? 0, e?.overdue ?? 0, e?.reminder ?? 0].map((value, i) => ({
        value,
        itemStyle: { color: SCREEN_COLORS.series[[1, 0, 2, 4][i]!] },
      })),
    },
  ],
});

/** 概况 as bars (the counts; 入住率 is a share, shown beside) */
export const overviewOption = (o: CityCentre['overview'] | undefined): ScreenChartOption => {
  const rows: [string, number][] = [
    ['小区', o?.village ?? 0],
    ['楼栋', o?.building ?? 0],
    ['房屋', o?.house ?? 0],
    ['业主', o?.owner ?? 0],
    ['住户', o?.resident ?? 0],
    ['租户', o?.tenant ?? 0],
    ['访客', o?.visitor ?? 0],
  ];
  return {
    tooltip: { trigger: 'axis' },
    grid: { ...grid, top: 16 },
    xAxis: { type: 'category', data: rows.map((r) => r[0]) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: '数量', barMaxWidth: 36, data: rows.map((r) => r[1]) }],
  };
};
