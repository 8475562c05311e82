import { endpoint, type Id } from '../endpoint.ts';

/** 0, '' or nothing: every village of the caller */
export type EpidemicBody = { vid?: Id | '' | null };
/** year: the last twelve months (the default); month: the last thirty days */
export type EpidemicPeriod = 'year' | 'month';
export type EpidemicContrastBody = EpidemicBody & { type?: EpidemicPeriod | '' | null };
export type EpidemicSearchBody = { name: string };

/** 0 低风险, 1 中风险 (an active yellow code), 2 高风险 (an active red code) */
export type EpidemicRisk = 0 | 1 | 2;

export type EpidemicVillage = { id: number; name: string; lonlat: string; geom: string; risk: EpidemicRisk };

/** A door of the caller's villages; lonlat is its building's location when the building has one, else ''. */
export type EpidemicDevice = {
  id: number;
  name: string;
  village_id: number;
  village_name: string;
  gateno: string;
  /** 1 门禁控制器, 2 人脸识别终端 */
  device_type: number;
  /** 1 进, 2 出 */
  direction: number;
  model: string;
  path: string;
  worker: string;
  workerphone: string;
  /** 1 在线, 2 离线 */
  online: number;
  lonlat: string;
};

/**
 * Series over the period's days or months (categoryName): geli new isolations, quezheng new red codes, jichu
 * released isolations; zhengchang passages without an alert, yichang passages that raised one. list is the same
 * isolation figures per village over the whole period, total the period's sums.
 */
export type EpidemicContrast = {
  type: EpidemicPeriod;
  categoryName: string[];
  geli: number[];
  quezheng: number[];
  jichu: number[];
  zhengchang: number[];
  yichang: number[];
  list: { categoryName: string[]; geli: number[]; quezheng: number[]; jichu: number[] };
  total: { geli: number; quezheng: number; jichu: number; zhengchang: number; yichang: number };
};

export type EpidemicAlert = {
  id: number;
  village_name: string;
  name: string;
  location: string;
  reason: string;
  create_time: string;
};

export type EpidemicRiskVillage = { id: number; name: string; risk: 1 | 2; red: number; yellow: number };

export type EpidemicScreen = {
  villages: { id: number; name: string }[];
  vid: number;
  villageList: EpidemicVillage[];
  deviceList: EpidemicDevice[];
  /** prevention-tagged residents: untreated (no control yet), controlled (isolated or barred now), released */
  control: { untreated: number; controlled: number; released: number };
  isolation: { gelitotal: number; quezhengtotal: number; jiangdaoqitotal: number; jichutotal: number };
  overview: { buildings: number; houses: number; villages: number; staff: number };
  /** today's passages: all, by healthy residents, that raised an alert, that did not */
  sensing: { passers: number; healthy: number; abnormal: number; normal: number };
  alerts: { list: EpidemicAlert[]; total: number };
  riskVillages: EpidemicRiskVillage[];
  contrast: EpidemicContrast;
};

export type EpidemicSearchHit = { id: number; name: string; village_id: number; village_name: string; detail: string };
export type EpidemicSearch = {
  villagelist: EpidemicSearchHit[];
  devicelist: EpidemicSearchHit[];
  personlist: EpidemicSearchHit[];
};

/** 疫情大数据: every panel in one call, the period charts again by period, and a search by name. */
export const epidemicApi = {
  index: endpoint<EpidemicBody, EpidemicScreen>('/Web/Epidemic/Epidemic/index'),
  contrast: endpoint<EpidemicContrastBody, EpidemicContrast>('/Web/Epidemic/Epidemic/contrast'),
  search: endpoint<EpidemicSearchBody & EpidemicBody, EpidemicSearch>('/Web/Epidemic/Epidemic/search'),
} as const;
