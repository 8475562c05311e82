/**
 * 一张图 (the operator's one-map property data view). Zod-free: the web reads the search types and
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
  device: '设备',
};

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
};

export type ApictureData = {
  villageList: ApictureVillage[];
  counts: ApictureCounts;
  /** the village asked with ?vid= */
  village?: ApictureVillageInfo;
};

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
  /** the village's address (village hits) or its company */
  detail: string;
};
