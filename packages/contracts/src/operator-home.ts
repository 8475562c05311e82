import type { CountItem, MonthSeries, PanelSlice } from './dashboard.ts';

/**
 * The operator home (运营首页) and the operator cockpit (运营驾驶舱). Types only: the web reads them on
 * its first load of those pages. Money is yuan as a number with two decimals (charts plot it).
 */
/**
 * An IoT card: online/offline are the two halves its labels name (在线/离线 for doors, 启用/停用 for lanes and
 * cameras, 已处理/未处理 for alerts); connected false when no module brings that kind of device (未接入).
 */
export type IotItem = {
  key: string;
  title: string;
  online: number;
  offline: number;
  onLabel: string;
  offLabel: string;
  connected: boolean;
};
export type HomeShortcut = { title: string; url: string; icon: string };
export type HomeReminder = { key: string; title: string; expire: string; daysLeft: number; url: string };
export type HomeCompany = {
  id: number;
  name: string;
  villages: number;
  houses: number;
  owners: number;
  persons: number;
  service_expire: string;
  /** null: 长期 (no expiry); negative: expired that many days ago */
  days_left: number | null;
};

type HomeCommon = {
  name: string;
  /** real counts in the caller's scope: 运营商 (platform only), 物业公司, 小区, 楼栋, 房屋, 住户 */
  baseItem: CountItem[];
  /** devices are not part of the product yet: online/offline stay 0 */
  iotList: IotItem[];
  /** new companies, villages and residents per month, the last 12 months */
  lineList: MonthSeries;
};
export type OperatorHomeSuper = HomeCommon & { super: true };
export type OperatorHomeNormal = HomeCommon & {
  super: false;
  operatorName: string;
  expireDate: string;
  modules: HomeShortcut[];
  tasks: CountItem[];
  reminders: HomeReminder[];
  footer: HomeCompany[];
};
export type OperatorHome = OperatorHomeSuper | OperatorHomeNormal;

/** Tab 0 (运营商租户专题) of the cockpit. */
export type CockpitOverview = {
  regionCode: string;
  regionName: string;
  villageList: { id: number; name: string; lonlat: string }[];
  operatorUser: number;
  sysTenantUser: number;
  villageCount: number;
  buildCount: number;
  tenantUser: number;
  ownerHouse: number;
  ownerGatePerson: number;
  /** houses with a resident, percent */
  oneRate: number;
  /** companies whose service has not lapsed, percent (100 when there is none) */
  twoRate: number;
  months: string[];
  /** new residents per month: male, female */
  ownerGatePersonEchartOne: number[];
  ownerGatePersonEchartTwo: number[];
  /** per month: paid renewal orders, their amount, new companies */
  renewalCooperationOne: number[];
  renewalCooperationTwo: number[];
  renewalCooperationThr: number[];
  /** companies by service state; paid renewals by service */
  renewalCooperationAnalysisOne: PanelSlice[];
  renewalCooperationAnalysisTwo: PanelSlice[];
  expireOperatorUser: number;
  expireTenant: number;
  expireVillage: number;
  expireAdv: number;
  /** the next 12 months: renewal income due (yuan) and subscriptions ending */
  anticipationMonths: string[];
  anticipationOne: number[];
  anticipationTwo: number[];
};

/** 运营服务专题's period: one year, or 往年 (every year before this one) */
export type CockpitIncomePeriod = 'year' | 'past';
/** Tab 1 (运营服务专题) of the cockpit. */
export type CockpitIncome = {
  /** the year shown; for 往年 the last of its years */
  year: number;
  period: CockpitIncomePeriod;
  /** the period in words: 2026年, 2025年及以前 */
  label: string;
  tenant: number;
  village: number;
  member: number;
  /** 续费, 物业费, 停车费, 广告, 维修服务, 有偿服务 (yuan) */
  yearList: PanelSlice[];
  total: number;
  renewal: number;
  paid: number;
  guarantee: number;
  parking: number;
  property: number;
  adv: number;
  villageRank: PanelSlice[];
  /** renewal income due by the end of this year and the next two (yuan) */
  saleType: PanelSlice[];
  hotPaid: PanelSlice[];
  advTenant: number;
  advExpireTenant: number;
  advFree: number;
};

export type CockpitRecord = { id: number; name: string; village: string; time: string; type: string };
export type CockpitWarning = { id: number; title: string; village: string; time: string };

/** Tab 2 (感知运营专题) of the cockpit: a device kind or alarm category with no source is 0 and listed in `unconnected`. */
export type CockpitIot = {
  village: number;
  villageControl: number;
  untControl: number;
  in15: number;
  in30: number;
  todayIn: number;
  todayOut: number;
  todayInList: CockpitRecord[];
  carIn: number;
  control: number;
  parking: number;
  video: number;
  aiVideo: number;
  ladder: number;
  stranger: number;
  fell: number;
  parkingRoad: number;
  garbageExposure: number;
  intrusionWarning: number;
  highAltitudeParabola: number;
  /** the figures' keys no connected source counts (shown as 未接入) */
  unconnected: string[];
  warningList: CockpitWarning[];
};
