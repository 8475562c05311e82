import { endpoint, type Id } from '../endpoint.ts';
import type { Option } from '../screen.ts';

/** A count of one dictionary type (house type, personnel type). */
export type Cate = { type: number; title: string; num: number };
export type HouseTile = { id: number; name: string; type: number; pnum: number };
export type FloorGroup = { floor: number; title: string; houses: HouseTile[] };
export type UnitGroup = { unit_name: string; floors: FloorGroup[] };

export type BuildingView = {
  buildInfo: { build_name: string; img: string; bdp_img: string; bdper: string };
  buildFirstName: string;
  personNum: number;
  houseNum: number;
  personCateInfo: Cate[];
  houseCateInfo: Cate[];
  /** unit → floor → houses, units in the building's own order */
  houseArr: UnitGroup[];
  address: string;
};

export type HouseInfo = {
  id: number;
  village_id: number;
  village_name: string;
  building_id: number;
  building_name: string;
  unit_name: string;
  floor: number;
  name: string;
  /** ㎡, two decimals */
  area: string | null;
  house_type: number;
  house_state: number;
  use_type: number;
  /** prepaid balance, yuan */
  balance: string | null;
  remark: string;
  pnum: number;
};

export type VillageLocation = { village_id: number; name: string; lonlat: string; geom: string };

export type VillageItem = { title: string; val: number | string; dw: string; type: string };
export type VillageView = {
  village: {
    id: number;
    name: string;
    address: string;
    lonlat: string;
    geom: string;
    imgs: string;
    introduction: string;
    closed: number;
    f_visitor_registration: number;
  };
  baseInfo: { title: string; items: VillageItem[] }[];
  buildInfo: { id: number; name: string }[];
  trafficInfo: { name: string; sex: number; img: string; jctype: number; create_time: string }[];
  otherInfo: {
    title: string;
    type: string;
    list: { id: number; name: string; img: string; desc: string; create_time?: string }[];
  }[];
};

export type ReviewForm = { id: number; name: string; status: number };

/** The estate's own calls: the building and village views and the review of residents. */
export const estateApi = {
  buildingView: endpoint<{ bid: Id }, BuildingView>('/Web/Basic/Building/cView'),
  houseDetail: endpoint<{ id: Id }, { houseInfo: HouseInfo }>('/Web/Basic/Building/getHouseDetail'),
  villageOfBuilding: endpoint<{ id: Id }, VillageLocation>('/Web/Basic/Building/getVillageData'),
  villageView: endpoint<{ vid: Id }, VillageView>('/Web/Basic/Village/cView'),
  /** a building's unit names, the choices of a house's 单元 */
  buildingUnits: endpoint<{ building_id: Id }, (Option & { value: string })[]>('/Web/Basic/Building/units'),
  reviewGet: endpoint<{ id: Id }, ReviewForm>('/Web/Basic/GatePerson/reviewGet'),
  /** status 1 已通过, 2 已驳回; the form's other fields are shown only */
  reviewSave: endpoint<{ id: Id; status?: number | string }, null>('/Web/Basic/GatePerson/reviewSave'),
  reviewPass: endpoint<{ ids: Id | Id[] | string }, { count: number }>('/Web/Basic/GatePerson/reviewPass'),
} as const;
