import { endpoint, type Id } from '../endpoint.ts';

/**
 * 社区大数据 and 物业一张图: the village picked (0, '' or nothing: every village of the caller; `?vid=` in the
 * address does the same), and with `?isSearch=1` the period of the monthly figures (YYYY-MM-DD, both needed).
 */
export type DataScreenBody = { vid?: Id | '' | null; start_time?: string; end_time?: string };
export type DataScreenQuery = { vid?: Id; isSearch?: '1' | '0' | '' };

/** A marker of a map tab; lonlat is its own location ('' when it keeps none: drawn around its village). */
export type DataScreenMark = {
  id: number;
  name: string;
  village_id: number;
  lonlat: string;
  /** 1 在线 / 启用, 2 离线 / 停用 */
  online: number;
};
export type DataScreenVillage = { id: number; name: string; lonlat: string; geom: string };

/** A car through a barrier: is_type 1 入场, 2 出场. */
export type VehicleEntryExit = { id: number; picimg: string; platenum: string; create_time: string; is_type: number };

export type DataScreenPanelInfo = {
  /** the picked village's location, else the first located village's, else '' */
  curLonlat: string;
  villageList: DataScreenVillage[];
  buildList: DataScreenMark[];
  videoList: DataScreenMark[];
  accessList: DataScreenMark[];
  parkingList: DataScreenMark[];
  pointList: DataScreenMark[];
  village: number;
  building: number;
  house: number;
  owner: number;
  /** houses with at least one resident */
  usingHouse: number;
  tenant: number;
  /** visitor registrations */
  visitor: number;
  /** active staff */
  proPerson: number;
  /** usingHouse / house in percent, two decimals (0 without houses) */
  occupancyRate: number;
  /** today's passages at the doors */
  trafficRecord: number;
  /** today's patrol tasks, and the completed ones */
  intelligentPatrol: number;
  intelligentPatrolSuc: number;
  /** repair orders not cancelled: all, not yet done (待派单 … 待付款), done (已完成, 已回访, 已关闭) */
  repairStatistics: number;
  repairStatisticsErr: number;
  repairStatisticsSuc: number;
  /** the latest barrier passages */
  vehicleEntryexitList: VehicleEntryExit[];
};

/** Per month (categoryName YYYY-MM): people in and out at the doors, cars in and out at the barriers. */
export type DataScreenTraffic = {
  categoryName: string[];
  into: number[];
  out: number[];
  carInto: number[];
  carOut: number[];
  /** patrol tasks completed / all, repairs reported, visitors registered, money received (yuan) per month */
  patrolRate: number[];
  repairs: number[];
  visitors: number[];
  revenue: number[];
};

/** A repair order still open: imgs comma-separated. */
export type DataScreenRepair = {
  id: number;
  problem: string;
  imgs: string;
  create_time: string;
  village_name: string;
  status: number;
};

/** Device counts; the kinds no source feeds are listed in `unconnected` (shown 未接入, 0). */
export type DataScreenStatistics = {
  interControlNum: number;
  parkNum: number;
  videoNum: number;
  aiVideo: number;
  autoCharging: number;
  ladder: number;
  unconnected: ('aiVideo' | 'autoCharging' | 'ladder')[];
};

export type DataScreenWeather = {
  /** false: no weather service configured (the panel says 未配置天气服务) */
  configured: boolean;
  provider: 'qweather' | 'sandbox' | '';
  /** the location asked: 'lon,lat' or the provider's location id */
  location: string;
  weather: string;
  /** today's low ~ high, e.g. '12~20℃' */
  temperature: string;
  /** now, e.g. '18℃' */
  temperature_curr: string;
  /** air quality index and its category */
  api: string;
  aqi: string;
  /** PM2.5 in μg/m³ ('' when the provider gives none: 未接入) */
  pm25: string;
  updated_at: string;
  /** why there is nothing to show ('' when there is) */
  msg: string;
};
export type WeatherQuery = { vid?: Id };

export type DataScreen = {
  vid: number;
  start_time: string;
  end_time: string;
  villageOptions: { id: number; name: string }[];
  panelInfo: DataScreenPanelInfo;
  traffic: DataScreenTraffic;
  repairInfo: DataScreenRepair[];
  statistics: DataScreenStatistics;
  /** lots, their spaces (capacity), spaces free now */
  parkingIot: { parkNum: number; parking: number; surplus: number };
  /** today's opened entries and exits at the barriers */
  vehicleEntryexit: { into: number; out: number };
  weather: DataScreenWeather;
};

export const dataScreenApi = {
  community: endpoint<DataScreenBody, DataScreen>('/Web/DataAnalysis/Community/index'),
  propertyData: endpoint<DataScreenBody, DataScreen>('/Web/DataAnalysis/PropertyData/index'),
  weather: endpoint<WeatherQuery, DataScreenWeather>('/getweather'),
};
