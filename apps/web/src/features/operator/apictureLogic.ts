import type { ApictureCounts, ApictureSearchHit, ApictureVillage, ApictureVillageInfo } from '@5a/contracts';
import { villageMarkOf, type LonLat, type VillageMark } from '../map/geom.ts';

export type { VillageMark };

export const villageMarks = (list: readonly ApictureVillage[]): VillageMark[] => list.map(villageMarkOf);

/** Every point the marks cover (markers and hot-area vertices), to frame the map around them. */
export const marksExtentPoints = (marks: readonly VillageMark[]): LonLat[] =>
  marks.flatMap((m) => [...(m.point ? [m.point] : []), ...(m.ring ?? [])]);

export type CountCard = { key: keyof ApictureCounts; title: string; num: number; unit: string };

const COUNT_TITLES: readonly [keyof ApictureCounts, string, string][] = [
  ['tenant', '物业公司', '家'],
  ['village', '小区', '个'],
  ['building', '楼栋', '栋'],
  ['house', '房屋', '套'],
  ['owner', '业主', '人'],
  ['person', '住户', '人'],
];

/** The intro panel's counters in display order. */
export const countCards = (c: ApictureCounts | undefined): CountCard[] =>
  COUNT_TITLES.map(([key, title, unit]) => ({ key, title, unit, num: c?.[key] ?? 0 }));

/** The second line of a search result: where it is. */
export const hitWhere = (h: ApictureSearchHit): string => {
  if (h.type === 'village') return h.detail;
  if (h.type === 'building') return [h.villageName, h.detail].filter(Boolean).join(' · ');
  return [h.villageName, h.building, h.house].filter(Boolean).join(' ');
};

/** 剩余天数 of a village's service: 长期 without an end, 已过期 N 天 once lapsed. */
export const expiryText = (v: Pick<ApictureVillageInfo, 'expireDate' | 'daysLeft'>): string => {
  if (!v.expireDate || v.daysLeft === null) return '长期';
  if (v.daysLeft < 0) return `${v.expireDate}（已过期 ${-v.daysLeft} 天）`;
  if (v.daysLeft === 0) return `${v.expireDate}（今天到期）`;
  return `${v.expireDate}（剩余${v.daysLeft}天）`;
};

/** The village the dropdown shows: the one chosen if it is still listed. */
export const chosenVillage = (list: readonly ApictureVillage[], id: number | undefined) =>
  id === undefined ? undefined : list.find((v) => v.id === id);
