import { useQuery } from '@tanstack/react-query';
import { send } from '../../api/http.ts';
import type { BuildingViewData, HouseInfo, VillageViewData } from './types.ts';

/** Estate view calls, POST JSON through the engine client. */
export const BUILDING_VIEW_URL = '/Web/Basic/Building/cView';
export const HOUSE_DETAIL_URL = '/Web/Basic/Building/getHouseDetail';
export const HOUSE_OWNERS_URL = '/Web/Basic/GatePerson/list?tab_type=owner';
export const VILLAGE_VIEW_URL = '/Web/Basic/Village/cView';
export const VILLAGE_DATA_URL = '/Web/Basic/Building/getVillageData';
/** house person list size 40 */
export const HOUSE_PERSON_SIZE = 40;

export const useBuildingView = (bid: number, api = BUILDING_VIEW_URL) =>
  useQuery({
    queryKey: ['estate', 'building', api, bid],
    queryFn: () => send<BuildingViewData>(api, { bid }),
    staleTime: 0,
  });

export const useHouseDetail = (id: number) =>
  useQuery({
    queryKey: ['estate', 'house', id],
    queryFn: () => send<{ houseInfo: HouseInfo }>(HOUSE_DETAIL_URL, { id }),
    staleTime: 0,
  });

export type OwnerRow = Record<string, unknown> & { id: number; name: string };
export const useHouseOwners = (houseId: number) =>
  useQuery({
    queryKey: ['estate', 'houseOwners', houseId],
    queryFn: () => send<{ records: OwnerRow[] }>(HOUSE_OWNERS_URL, { house_id: houseId, size: HOUSE_PERSON_SIZE }),
    staleTime: 0,
  });

export const useVillageView = (vid: number, api = VILLAGE_VIEW_URL) =>
  useQuery({
    queryKey: ['estate', 'village', api, vid],
    queryFn: () => send<VillageViewData>(api, { vid }),
    staleTime: 0,
  });

/** The village location of a building (the building view's map). */
export const fetchVillageOfBuilding = (id: number) =>
  send<{ lonlat: string; geom?: string; name?: string }>(VILLAGE_DATA_URL, { id });
