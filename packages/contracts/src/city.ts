/**
 * 城市信息中心: one reply for every panel of the screen (the village picked, or every village of the caller's), and
 * the advanced search. Zod-free: the web reads the search types and titles; the server builds its schemas from them.
 */
import type { DataScreenWeather } from './endpoints/datascreen.ts';
import type { IotItem } from './operator-home.ts';

export const citySearchTypes = ['building', 'house', 'owner', 'device'] as const;
export type CitySearchType = (typeof citySearchTypes)[number];
export const citySearchTitles: Record<CitySearchType, string> = {
  building: '楼栋',
  house: '房屋',
  owner: '业主',
  device: '设备名称',
};

/** the age groups, youngest first; `unknown` counts residents whose ID number is missing or not a valid one */
export const cityAgeGroups = [
  { key: 'a0', label: '0~6' },
  { key: 'a7', label: '7~17' },
  { key: 'a18', label: '18~40' },
  { key: 'a41', label: '41~65' },
  { key: 'a66', label: '65以上' },
  { key: 'unknown', label: '未知' },
] as const;
export type CityAgeKey = (typeof cityAgeGroups)[number]['key'];

export type CityOverview = {
  village: number;
  building: number;
  /** personnel type 业主 */
  owner: number;
  /** every registered resident: owners, tenants and family members */
  resident: number;
  /** personnel type 租户 */
  tenant: number;
  /** visitor registrations */
  visitor: number;
  house: number;
  /** houses with at least one resident */
  usingHouse: number;
  /** usingHouse / house in percent, two decimals; 0 without houses */
  occupancyRate: number;
};

/** active staff by what they do (管家 / 保安 / 后勤); `other` those whose post, department and role name none */
export type CityStaff = { steward: number; security: number; logistics: number; other: number; total: number };

/**
 * 待处理: work orders not dispatched (待派单) and event reports not handled (待处理); 处理中: orders dispatched and
 * not done (已派单 … 待付款); 已超时: open orders past their service level; 催单/提醒: alerts nobody has handled yet
 * (an overdue order's alert among them).
 */
export type CityEvents = { pending: number; processing: number; overdue: number; reminder: number };

/** an event of the list: an open work order (已派 once dispatched) or an event report not handled (未派) */
export type CityEvent = {
  key: string;
  kind: 'order' | 'report';
  id: number;
  title: string;
  village_name: string;
  address: string;
  status: string;
  dispatched: boolean;
  create_time: string;
};

export type CityCentre = {
  vid: number;
  villageOptions: { id: number; name: string }[];
  /** pm25: '' when the provider gives none (未接入) */
  weather: DataScreenWeather;
  overview: CityOverview;
  staff: CityStaff;
  ages: { key: CityAgeKey; label: string; num: number }[];
  /** 车辆卡口, 摄像机, 门禁, 微卡口, 烟感, 消防栓: connected false = 未接入 (0) */
  devices: IotItem[];
  events: CityEvents;
  eventList: CityEvent[];
  /** 物联设备类型: 门禁, 监控, 停车, 梯控, 井盖 */
  iotTypes: IotItem[];
};

export type CitySearchHit = {
  type: CitySearchType;
  id: number;
  name: string;
  village_name: string;
  /** building, unit and room where it has them */
  place: string;
  /** what else tells it apart: a masked phone, a device's kind and state */
  detail: string;
};
