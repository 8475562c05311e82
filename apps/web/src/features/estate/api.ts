import { useQuery } from '@tanstack/react-query';
import { estateApi } from '@5a/contracts/endpoints/estate';
import { call } from '../../api/call.ts';
import { send } from '../../api/http.ts';

/** The views' own paths: a configured row action may name another that answers the same. */
export const BUILDING_VIEW_URL = estateApi.buildingView.path;
export const VILLAGE_VIEW_URL = estateApi.villageView.path;
export const HOUSE_OWNERS_URL = '/Web/Basic/GatePerson/list?tab_type=owner';
/** house person list size 40 */
export const HOUSE_PERSON_SIZE = 40;

export const useBuildingView = (bid: number, api = BUILDING_VIEW_URL) =>
  useQuery({
    queryKey: ['estate', 'building', api, bid],
    queryFn: () => call(estateApi.buildingView, { bid }, { at: api }),
    staleTime: 0,
  });

export const useHouseDetail = (id: number) =>
  useQuery({
    queryKey: ['estate', 'house', id],
    queryFn: () => call(estateApi.houseDetail, { id }),
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
    queryFn: () => call(estateApi.villageView, { vid }, { at: api }),
    staleTime: 0,
  });

/** The village location of a building (the building view's map). */
export const fetchVillageOfBuilding = (id: number) => call(estateApi.villageOfBuilding, { id });
