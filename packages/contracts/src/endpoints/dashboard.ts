import type { CityCentre, CitySearchHit, CitySearchType } from '../city.ts';
import type {
  ApictureAlert,
  ApictureData,
  ApictureDetail,
  ApictureLayers,
  ApictureMarkKind,
  ApictureSearchHit,
  ApictureSearchType,
  ApictureVillageInfo,
  ApictureWorker,
} from '../apicture.ts';
import type { IndexModule, MonthSeries, PanelData, PanelSlice } from '../dashboard.ts';
import { endpoint, type Id, type NoBody } from '../endpoint.ts';
import type { CockpitIncome, CockpitIot, CockpitOverview, OperatorHome } from '../operator-home.ts';

/** A basic-data shortcut of the workbench's head: a real count, the list it opens. */
export type BaseDataItem = { title: string; num: number; url: string; icon: string };
type WorkbenchHead = { name: string; greeting: string; baseData: BaseDataItem[] };
/** 工作台: a super administrator's head only; anyone else's with his panels and their data. */
export type WorkbenchReply =
  (WorkbenchHead & { super: true }) | (WorkbenchHead & { super: false; indexModule: IndexModule[]; panels: PanelData });

/** 0, '' or nothing: every village of the caller; months YYYY-MM (default: the last twelve) */
export type RepairStatsBody = { village_id?: Id | '' | null; start_month?: string; end_month?: string };
export type RepairTaskCount = { key: string; title: string; num: number };
/** 报修统计 over the months asked and the villages chosen. */
export type RepairStats = {
  villages: { id: number; name: string }[];
  village_id: number;
  start_month: string;
  end_month: string;
  /** orders per task tab, then the overdue ones */
  taskNumList: RepairTaskCount[];
  bxinfo: { trend: MonthSeries; byVillage: MonthSeries; byCategory: PanelSlice[] };
  /** event reports per month and type */
  bsinfo: MonthSeries;
  /** overdue orders per month and village */
  yc: MonthSeries;
  /** paid-service orders and their amount (yuan) per month */
  bx: MonthSeries;
};

/** '' or nothing: the caller's own regions */
export type CockpitBody = { regionCode?: string };
/** where: 'year' (this year), 'past' (往年: every year before this one), a year, or {year}; nothing is this year */
export type CockpitIncomeBody = CockpitBody & {
  where?: 'year' | 'past' | '' | null | number | string | { year?: number };
};

/** our page sends the type's name, the spec's client the tab's number (1-4) */
export type ApictureSearchBody = { name?: string; type?: ApictureSearchType | number | string };

/** 0, '' or nothing: every village of the caller */
export type CityBody = { vid?: Id | '' | null };
/** name: text the building, room, owner or device name contains ('' = the first ones) */
export type CitySearchBody = CityBody & { type: CitySearchType; name?: string };

/** 一张图's 派单: from an alert (a new work order) or a work order; times 'YYYY-MM-DD HH:mm:ss' */
export type ApictureDispatchBody = {
  source: 'alert' | 'repair';
  id: Id;
  personid: Id;
  content: string;
  wctime: string;
  stime?: string;
  etime?: string;
};
export type ApictureDispatchReply = { order_id: number; id: number; status: number };

/** The workbench, the operator home, and the analysis pages (报修统计, 运营驾驶舱, 一张图, 城市信息中心). */
export const dashboardApi = {
  workbench: endpoint<NoBody, WorkbenchReply>('/Web/Basic/Index/index'),
  operatorHome: endpoint<NoBody, OperatorHome>('/Web/Basic/Index/operator'),
  repairStats: endpoint<RepairStatsBody, RepairStats>('/Web/DataAnalysis/Repair/index'),
  cockpitOverview: endpoint<CockpitBody, CockpitOverview>('/Web/DataAnalysis/Operator/index'),
  cockpitIncome: endpoint<CockpitIncomeBody, CockpitIncome>('/Web/DataAnalysis/Operator/two'),
  cockpitIot: endpoint<CockpitBody, CockpitIot>('/Web/DataAnalysis/Operator/thr'),
  /** ?vid=: that village's figures too */
  apicture: endpoint<NoBody, ApictureData>('/Web/DataAnalysis/PropertyData/apicture'),
  apictureSearch: endpoint<ApictureSearchBody, ApictureSearchHit[]>('/Web/DataAnalysis/PropertyData/searchVillageList'),
  apictureVillage: endpoint<{ vid: Id }, ApictureVillageInfo>('/Web/DataAnalysis/PropertyData/getVillageInfo'),
  apictureLayers: endpoint<{ vid: Id }, ApictureLayers>('/Web/DataAnalysis/PropertyData/layers'),
  apictureDetail: endpoint<{ kind: ApictureMarkKind; id: Id }, ApictureDetail>(
    '/Web/DataAnalysis/PropertyData/markDetail',
  ),
  /** vid 0 or nothing: every village of the caller */
  apictureAlerts: endpoint<{ vid?: Id }, ApictureAlert[]>('/Web/DataAnalysis/PropertyData/alerts'),
  apictureWorkers: endpoint<{ vid: Id }, ApictureWorker[]>('/Web/DataAnalysis/PropertyData/dispatchWorkers'),
  apictureDispatch: endpoint<ApictureDispatchBody, ApictureDispatchReply>('/Web/DataAnalysis/PropertyData/dispatch'),
  city: endpoint<CityBody, CityCentre>('/Web/DataAnalysis/City/index'),
  citySearch: endpoint<CitySearchBody, CitySearchHit[]>('/Web/DataAnalysis/City/search'),
} as const;
