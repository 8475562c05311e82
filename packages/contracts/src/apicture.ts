/**
 * 一张图 (the one-map property data view of operators and property companies). Zod-free: the web reads the search types and
 * their titles when the page opens; the server builds its request schema from the same list.
 */
export const apictureSearchTypes = ['village', 'building', 'person', 'device'] as const;
export type ApictureSearchType = (typeof apictureSearchTypes)[number];

/** The spec's client numbers the search tabs in their order: 1 小区, 2 楼栋, 3 人员, 4 设备. */
export const apictureSearchTypeOfCode = (code: number): ApictureSearchType | undefined =>
  Number.isInteger(code) ? apictureSearchTypes[code - 1] : undefined;

export const apictureSearchTitles: Record<ApictureSearchType, string> = {
  village: '小区',
  building: '楼栋',
  person: '人员',
  device: '设备名称',
};

/** The map's layers in the panel's order; every one but 小区 is read per village (`layers`). */
export const apictureLayerKeys = [
  'village',
  'building',
  'resident',
  'door',
  'lane',
  'camera',
  'repair',
  'patrol',
  'worker',
] as const;
export type ApictureLayerKey = (typeof apictureLayerKeys)[number];
export type ApictureMarkKind = Exclude<ApictureLayerKey, 'village'>;
export const apictureMarkKinds = apictureLayerKeys.filter((k): k is ApictureMarkKind => k !== 'village');

export const apictureLayerTitles: Record<ApictureLayerKey, string> = {
  village: '小区',
  building: '楼栋',
  resident: '住户',
  door: '门禁设备',
  lane: '车辆设备',
  camera: '监控设备',
  repair: '报事报修',
  patrol: '巡更事件',
  worker: '工作人员',
};

/** The devices the 设备名称 search finds: doors, barrier lanes and cameras. */
export const apictureDeviceKinds = ['door', 'lane', 'camera'] as const;
export type ApictureDeviceKind = (typeof apictureDeviceKinds)[number];

/** A village on the map: lonlat 'lon,lat' and geom (hot area text) as the village form stores them ('' = none). */
export type ApictureVillage = {
  id: number;
  name: string;
  lonlat: string;
  geom: string;
  tenantName: string;
  address: string;
};

/** Real counts over the caller's villages; `tenant` counts property companies, `person` every resident. */
export type ApictureCounts = {
  village: number;
  building: number;
  house: number;
  owner: number;
  person: number;
  tenant: number;
};

export type ApictureVillageInfo = ApictureVillage & {
  regionName: string;
  buildings: number;
  houses: number;
  /** houses with at least one resident */
  livedHouses: number;
  owners: number;
  /** every resident of the village (owners, renters, family) */
  residents: number;
  renters: number;
  /** livedHouses / houses in percent, two decimals; 0 without houses */
  occupancyRate: number;
  /** the village's own end, else its company's ('' = 长期) */
  expireDate: string;
  /** days from today to expireDate (negative: lapsed); null = 长期 */
  daysLeft: number | null;
  /** the village's ad slots */
  advNum: number;
  /** 管理数据 */
  workers: number;
  parkingLots: number;
  parkingSpaces: number;
  /** 服务数据 */
  repairs: number;
  repairsOpen: number;
  repairsDone: number;
  reports: number;
  visitorsToday: number;
  patrolTasksToday: number;
  patrolDoneToday: number;
  /** 感知数据 */
  doors: number;
  doorsOnline: number;
  lanes: number;
  cameras: number;
  passagesToday: number;
  carsToday: number;
  openAlerts: number;
};

/** The map's base tiles as the server is configured (XYZ templates with {x} {y} {z}; '' = none: a plain base). */
export type ApictureTiles = { plane: string; satellite: string };

export type ApictureData = {
  villageList: ApictureVillage[];
  counts: ApictureCounts;
  tiles: ApictureTiles;
  /** whether the caller may 派单 (a company user with the work orders' dispatch right) */
  mayDispatch: boolean;
  /** the village asked with ?vid= */
  village?: ApictureVillageInfo;
};

/**
 * A thing on the map of one village. lonlat is its own location (buildings, lanes, patrol points), else its
 * building's (doors, residents, work orders of a house), else '' (cameras, workers): the page places those
 * around their building or village. state 1 normal, 2 off (offline, disabled, open order, missed …).
 */
export type ApictureMark = { id: number; name: string; villageId: number; lonlat: string; state: number };

export type ApictureLayers = Record<ApictureMarkKind, ApictureMark[]> & {
  vid: number;
  /** a layer holding more than the limit shows the first ones and says so */
  truncated: ApictureMarkKind[];
};

/** One labelled value of a detail dialog. */
export type ApictureField = { label: string; value: string };

/**
 * A marker's detail dialog: its title, fields as shown (personal data masked as the caller's rights say),
 * pictures (a work order's, a worker's, a building's), the camera's stream, and what 派单 would send.
 */
export type ApictureDetail = {
  kind: ApictureMarkKind;
  id: number;
  title: string;
  villageId: number;
  villageName: string;
  fields: ApictureField[];
  images: string[];
  /** a camera's HLS playlist ('' otherwise) */
  streamUrl: string;
  /** a work order that may still be dispatched (待派单 … 处理中) */
  dispatchable: boolean;
};

/** An abnormal alert of the caller's villages (异常预警), newest first. */
export type ApictureAlert = {
  id: number;
  title: string;
  type: number;
  typeName: string;
  villageId: number;
  villageName: string;
  createTime: string;
  /** 1 handled, 2 open */
  handled: number;
  /** the work order 派单 made of it (null: none yet) */
  orderId: number | null;
};

export type ApictureWorker = { value: number; label: string };

/** One search result: a village, a building or a resident, always with the village to open. */
export type ApictureSearchHit = {
  type: ApictureSearchType;
  id: number;
  name: string;
  villageId: number;
  villageName: string;
  /** building name (building and person hits) */
  building: string;
  /** unit and room (person hits) */
  house: string;
  /** the village's address (village hits), its company, or the device's place */
  detail: string;
  /** a device hit's kind (door, lane or camera): the marker to open */
  kind?: ApictureDeviceKind;
};
