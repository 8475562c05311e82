/** Reply shapes of the estate views (server: apps/server/src/modules/estate/views.ts). */
export type Cate = { type: number; title: string; num: number };
export type HouseTile = { id: number; name: string; type: number; pnum: number };
export type FloorGroup = { floor: number | string; title: string; houses: HouseTile[] };
export type UnitGroup = { unit: string; floors: FloorGroup[] };

export type BuildingViewData = {
  buildInfo: { build_name: string; img: string; bdp_img: string; bdper: string };
  buildFirstName: string;
  personNum: number;
  houseNum: number;
  personCateInfo: Cate[];
  houseCateInfo: Cate[];
  /** unit → floor → houses: [{unit_name, floors: [{floor, title, houses}]}] (other shapes normalised) */
  houseArr: unknown;
  address: string;
};

export type HouseInfo = {
  id: number;
  village_name?: string;
  building_id: number;
  building_name?: string;
  unit_name: string;
  floor?: number;
  name?: string;
  area?: string | null;
  house_type: number;
  house_state: number;
  use_type: number;
  balance?: string;
  remark?: string;
  pnum?: number;
};

export type VillageItem = { title: string; val: number | string; dw: string; type: string };
export type VillageViewData = {
  village?: { id: number; name: string; address: string; lonlat: string; geom: string; imgs: string };
  baseInfo: { title: string; items: VillageItem[] }[];
  buildInfo: { id: number; name: string }[];
  trafficInfo: { name: string; sex: number; img: string; jctype: number; create_time: string }[];
  otherInfo: {
    title: string;
    type?: string;
    list: { id?: number; name: string; img?: string; desc?: string; create_time?: string }[];
  }[];
};

export type { BaseDataItem } from '@5a/contracts/endpoints/dashboard';
