import type { EpidemicContrast, EpidemicDevice, EpidemicRisk, EpidemicVillage } from '@5a/contracts/endpoints/epidemic';
import type { ScreenChartOption } from '../bigscreen/ScreenChart.tsx';
import { SCREEN_COLORS } from '../bigscreen/theme.ts';
import { placeAround } from '../bigscreen/marks.ts';
import { villageMarkOf, type LonLat, type VillageMark as BaseMark } from '../map/geom.ts';

/** What the map draws of a village: its marker, its hot area and its risk. */
export type VillageMark = BaseMark & { risk: EpidemicRisk };

export const villageMarks = (list: readonly EpidemicVillage[]): VillageMark[] =>
  list.map((v) => ({ ...villageMarkOf(v), risk: v.risk }));

/** how far around a village or a building doors are spread (the kit's placement) */
export { AROUND_VILLAGE, AROUND_POINT as AROUND_BUILDING } from '../bigscreen/marks.ts';

export type DeviceMark = { id: number; name: string; point: LonLat; online: boolean };

/**
 * Where each door is drawn. Doors keep no coordinates: one at a building with a location stands there, the others of
 * a village around its marker (the kit's `placeAround`). A door whose village has no location is not drawn.
 */
export const deviceMarks = (devices: readonly EpidemicDevice[], villages: readonly VillageMark[]): DeviceMark[] =>
  placeAround(devices, villages).map(({ item: d, point }) => ({
    id: d.id,
    name: d.name,
    point,
    online: d.online === 1,
  }));

export const RISK_TEXT: Record<EpidemicRisk, string> = { 0: '低风险', 1: '中风险', 2: '高风险' };
export const RISK_COLOR: Record<EpidemicRisk, string> = { 0: '#4be3a5', 1: '#ffb020', 2: '#ff5b5b' };
export const DIRECTION_TEXT: Record<number, string> = { 1: '进', 2: '出' };
export const DEVICE_TYPE_TEXT: Record<number, string> = { 1: '门禁控制器', 2: '人脸识别终端' };

/** The comparison chart's axes: normal passages 0–250 on the left, abnormal 0–25 on the right. */
export const NORMAL_AXIS_MAX = 250;
export const ABNORMAL_AXIS_MAX = 25;

/** An axis keeps its designed top unless the data passes it; then it rises to the next round number. */
export const axisMax = (values: readonly number[], designed: number): number => {
  const top = Math.max(0, ...values);
  if (top <= designed) return designed;
  const step = 10 ** Math.floor(Math.log10(top));
  return Math.ceil(top / step) * step;
};

/** Axis labels of a period: a month as MM月, a day as MM-DD. */
export const bucketLabel = (key: string) => (key.length === 7 ? `${Number(key.slice(5))}月` : key.slice(5));

const grid = { left: 8, right: 12, top: 36, bottom: 8, containLabel: true };
const legend = { top: 0, right: 0, itemWidth: 12, itemHeight: 8 };

/** The isolation trend: new isolations, new red codes and releases per bucket. */
export const trendOption = (c: EpidemicContrast | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid,
  xAxis: { type: 'category', boundaryGap: false, data: (c?.categoryName ?? []).map(bucketLabel) },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'line', name: '隔离', data: c?.geli ?? [], smooth: true, areaStyle: { opacity: 0.15 } },
    { type: 'line', name: '确诊', data: c?.quezheng ?? [], smooth: true, itemStyle: { color: '#ff5b5b' } },
    { type: 'line', name: '解除', data: c?.jichu ?? [], smooth: true, itemStyle: { color: '#4be3a5' } },
  ],
});

/** The same figures per village over the period, as bars. */
export const villageBarOption = (c: EpidemicContrast | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid,
  xAxis: {
    type: 'category',
    data: c?.list.categoryName ?? [],
    axisLabel: { interval: 0, width: 80, overflow: 'truncate' },
  },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'bar', name: '隔离', data: c?.list.geli ?? [], barMaxWidth: 14 },
    { type: 'bar', name: '确诊', data: c?.list.quezheng ?? [], barMaxWidth: 14, itemStyle: { color: '#ff5b5b' } },
    { type: 'bar', name: '解除', data: c?.list.jichu ?? [], barMaxWidth: 14, itemStyle: { color: '#4be3a5' } },
  ],
});

/** Normal passages (bars, left axis 0–250) against abnormal ones (line, right axis 0–25). */
export const comparisonOption = (c: EpidemicContrast | undefined): ScreenChartOption => ({
  tooltip: { trigger: 'axis' },
  legend,
  grid: { ...grid, right: 4 },
  xAxis: { type: 'category', data: (c?.categoryName ?? []).map(bucketLabel) },
  yAxis: [
    { type: 'value', name: '正常', min: 0, max: axisMax(c?.zhengchang ?? [], NORMAL_AXIS_MAX), splitNumber: 5 },
    {
      type: 'value',
      name: '异常',
      min: 0,
      max: axisMax(c?.yichang ?? [], ABNORMAL_AXIS_MAX),
      splitNumber: 5,
      splitLine: { show: false },
    },
  ],
  series: [
    {
      type: 'bar',
      name: '正常通行',
      data: c?.zhengchang ?? [],
      barMaxWidth: 16,
      itemStyle: { color: SCREEN_COLORS.accent },
    },
    {
      type: 'line',
      name: '异常通行',
      yAxisIndex: 1,
      data: c?.yichang ?? [],
      smooth: true,
      itemStyle: { color: '#ffb020' },
    },
  ],
});
