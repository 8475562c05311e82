import type { DataScreen, DataScreenMark, DataScreenTraffic } from '@5a/contracts/endpoints/datascreen';
import type { ScreenChartOption } from '../bigscreen/ScreenChart.tsx';
import { placeAround, type AreaMark, type PointMark } from '../bigscreen/marks.ts';
import { SCREEN_COLORS } from '../bigscreen/theme.ts';

/** The map's tabs (index 0–4), each showing one kind of marker. */
export const MAP_TABS = [
  { key: 'community', label: '社区', list: 'buildList', color: '#37c6ff' },
  { key: 'camera', label: '摄像头', list: 'videoList', color: '#a87bff' },
  { key: 'access', label: '门禁', list: 'accessList', color: '#4be3a5' },
  { key: 'parking', label: '道闸', list: 'parkingList', color: '#ffb020' },
  { key: 'patrol', label: '巡更路线', list: 'pointList', color: '#ff8a3d' },
] as const;
export type MapTab = (typeof MAP_TABS)[number]['key'];

/** the gauge's scale ends here, a little past 100 %, as the original screen's did */
export const PATROL_GAUGE_MAX = 133.5;
const OFF = '#8c8c8c';

/** A share in percent with two decimals; 0 of nothing is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/** The markers of a tab, placed at their own location or around their village; a stopped or offline one grey. */
export const tabPoints = (d: DataScreen | undefined, tab: MapTab, areas: readonly AreaMark[]): PointMark[] => {
  if (!d) return [];
  const t = MAP_TABS.find((x) => x.key === tab)!;
  const list: readonly DataScreenMark[] = d.panelInfo[t.list];
  return placeAround(list, areas).map(({ item, point }) => ({
    id: item.id,
    name: item.name,
    point,
    color: item.online === 1 ? t.color : OFF,
  }));
};

/** Axis labels of months: 'YYYY-MM' as M月. */
export const monthLabel = (m: string) => `${Number(m.slice(5))}月`;

const grid = { left: 8, right: 12, top: 36, bottom: 8, containLabel: true };
const legend = { top: 0, right: 0, itemWidth: 12, itemHeight: 8 };

/** 月度出入: people in and out at the doors, cars in and out at the barriers. */
export const trafficOption = (t: DataScreenTraffic | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid,
  xAxis: { type: 'category', boundaryGap: false, data: (t?.categoryName ?? []).map(monthLabel) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'line', name: '人员进', data: t?.into ?? [], smooth: true, areaStyle: { opacity: 0.12 } },
    { type: 'line', name: '人员出', data: t?.out ?? [], smooth: true },
    { type: 'line', name: '车辆进', data: t?.carInto ?? [], smooth: true },
    { type: 'line', name: '车辆出', data: t?.carOut ?? [], smooth: true },
  ],
});

/** 巡更完成率: today's completed tasks of all, on a gauge whose scale ends at 133.5. */
export const patrolGaugeOption = (done: number, total: number): ScreenChartOption => ({
  series: [
    {
      type: 'gauge',
      min: 0,
      max: PATROL_GAUGE_MAX,
      splitNumber: 6,
      radius: '92%',
      center: ['50%', '58%'],
      progress: { show: true, width: 12, itemStyle: { color: SCREEN_COLORS.accent } },
      axisLine: { lineStyle: { width: 12, color: [[1, 'rgba(255,255,255,0.08)']] } },
      axisTick: { show: false },
      splitLine: { length: 8, lineStyle: { color: 'rgba(127,156,199,0.5)' } },
      axisLabel: { color: SCREEN_COLORS.muted, fontSize: 11, formatter: (v: number) => `${Math.round(v)}` },
      pointer: { width: 4, itemStyle: { color: SCREEN_COLORS.accent } },
      detail: {
        valueAnimation: true,
        formatter: '{value}%',
        color: SCREEN_COLORS.text,
        fontSize: 24,
        offsetCenter: [0, '45%'],
      },
      data: [{ value: percent(done, total), name: '完成率' }],
      title: { color: SCREEN_COLORS.muted, fontSize: 13, offsetCenter: [0, '75%'] },
    },
  ],
});

export const REPAIR_STATUS: Record<number, string> = {
  0: '待派单',
  1: '已派单',
  2: '已接单',
  3: '处理中',
  4: '待付款',
};
