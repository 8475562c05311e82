import {
  apictureLayerTitles,
  apictureMarkKinds,
  type ApictureCounts,
  type ApictureLayerKey,
  type ApictureLayers,
  type ApictureMarkKind,
  type ApictureSearchHit,
  type ApictureVillage,
  type ApictureVillageInfo,
} from '@5a/contracts';
import type { LayerPoint } from '../bigscreen/LayerMap.tsx';
import { placeAround } from '../bigscreen/marks.ts';
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
  if (h.type === 'device') return [h.villageName, h.building, h.detail].filter(Boolean).join(' · ');
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

/** The panels of the toolbar that share the left side: opening one closes the others; its button again closes it. */
export type SidePanel = 'intro' | 'search' | 'dispatch';
export const togglePanel = (open: SidePanel | null, clicked: SidePanel): SidePanel | null =>
  open === clicked ? null : clicked;

/** each layer's colour and the character in its markers */
export const LAYER_LOOK: Record<ApictureMarkKind, { color: string; glyph: string }> = {
  building: { color: '#5b8ff9', glyph: '楼' },
  resident: { color: '#4be3a5', glyph: '住' },
  door: { color: '#37c6ff', glyph: '门' },
  lane: { color: '#ffb020', glyph: '车' },
  camera: { color: '#a87bff', glyph: '监' },
  repair: { color: '#ff5b5b', glyph: '修' },
  patrol: { color: '#36cbcb', glyph: '巡' },
  worker: { color: '#ff8a3d', glyph: '工' },
};

/** every layer shown when the page opens but the residents (many, and personal): switched on by hand */
export const DEFAULT_LAYERS: ReadonlySet<ApictureLayerKey> = new Set<ApictureLayerKey>(
  (['village', ...apictureMarkKinds] as const).filter((k) => k !== 'resident'),
);

export const layerOptions = (layers: ApictureLayers | undefined) =>
  (['village', ...apictureMarkKinds] as const).map((key) => ({
    key,
    title: apictureLayerTitles[key],
    count: key === 'village' ? null : (layers?.[key].length ?? 0),
    truncated: key !== 'village' && !!layers?.truncated.includes(key),
  }));

/**
 * The markers of the layers shown. A thing with a location of its own (or its building's) stands there; several
 * at one spot, and those with none (cameras, workers) around their village's marker, are spread on a small circle
 * in a fixed order (`placeAround`), so the same data always draws the same map.
 */
export const layerPoints = (
  layers: ApictureLayers | undefined,
  shown: ReadonlySet<ApictureLayerKey>,
  villages: readonly { id: number; point: LonLat | null }[],
): LayerPoint[] => {
  if (!layers) return [];
  return apictureMarkKinds
    .filter((k) => shown.has(k))
    .flatMap((kind) =>
      placeAround(
        layers[kind].map((m) => ({ ...m, village_id: m.villageId })),
        villages,
      ).map(({ item, point }) => ({
        kind,
        id: item.id,
        name: item.name,
        point,
        ...LAYER_LOOK[kind],
        off: item.state !== 1,
        block: kind === 'building',
      })),
    );
};

export type Figure = { key: string; title: string; num: number | string; unit: string };
export type IntroTab = 'manage' | 'service' | 'sense';
export const INTRO_TABS: readonly { key: IntroTab; title: string }[] = [
  { key: 'manage', title: '管理数据' },
  { key: 'service', title: '服务数据' },
  { key: 'sense', title: '感知数据' },
];

/** 小区简介's figures of one village, per tab. */
export const introFigures = (v: ApictureVillageInfo, tab: IntroTab): Figure[] => {
  const f = (key: string, title: string, num: number | string, unit = '') => ({ key, title, num, unit });
  if (tab === 'manage')
    return [
      f('buildings', '楼栋', v.buildings, '栋'),
      f('houses', '房屋', v.houses, '套'),
      f('owners', '业主', v.owners, '人'),
      f('residents', '住户', v.residents, '人'),
      f('renters', '租户', v.renters, '人'),
      f('occupancy', '入住率', `${v.occupancyRate}%`),
      f('workers', '工作人员', v.workers, '人'),
      f('parking', '车位', v.parkingSpaces, '个'),
    ];
  if (tab === 'service')
    return [
      f('repairs', '报修工单', v.repairs, '单'),
      f('repairsOpen', '未完成', v.repairsOpen, '单'),
      f('repairsDone', '已完成', v.repairsDone, '单'),
      f('reports', '事件上报', v.reports, '件'),
      f('visitors', '今日访客', v.visitorsToday, '人'),
      f('patrol', '今日巡更', `${v.patrolDoneToday}/${v.patrolTasksToday}`),
    ];
  return [
    f('doors', '门禁设备', `${v.doorsOnline}/${v.doors}`),
    f('lanes', '车辆设备', v.lanes, '个'),
    f('cameras', '监控设备', v.cameras, '个'),
    f('passages', '今日通行', v.passagesToday, '人次'),
    f('cars', '今日车辆', v.carsToday, '辆次'),
    f('alerts', '未处理预警', v.openAlerts, '条'),
  ];
};

/** 'YYYY-MM-DD HH:mm:ss' of a date (the dispatch's times as the server reads them). */
export const wireTime = (d: Date): string => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
};
