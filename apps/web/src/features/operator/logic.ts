import type { IotItem, MonthSeries, PanelSlice } from '@5a/contracts';

/** 剩余天数 as the expiry lists say it: 长期, 今天到期, N 天, 已过期 N 天. */
export { daysLeftText } from '../../engine/logic/format.ts';

/** The colour of a days-left tag: lapsed red, within 30 days orange, else none. */
export const daysLeftColor = (days: number | null) =>
  days === null ? undefined : days < 0 ? 'red' : days <= 30 ? 'orange' : undefined;

/** One named series of a month series, alone (the home draws companies, villages and residents apart). */
export const pickSeries = (s: MonthSeries | undefined, name: string): MonthSeries => ({
  months: s?.months ?? [],
  series: (s?.series ?? []).filter((x) => x.name === name),
});

/** A device kind's online/offline slices; empty when it has no devices (nothing to draw). */
export const iotSlices = (i: IotItem): PanelSlice[] =>
  i.online + i.offline === 0
    ? []
    : [
        { name: i.onLabel, value: i.online, color: '#52c41a' },
        { name: i.offLabel, value: i.offline, color: '#bfbfbf' },
      ];
