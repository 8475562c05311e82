/** Shapes of the estate views on the web; the replies themselves are the contract's. */
import type { HouseTile } from '@5a/contracts/endpoints/estate';
export type { Cate, HouseTile, VillageItem } from '@5a/contracts/endpoints/estate';
export type { VillageView as VillageViewData } from '@5a/contracts/endpoints/estate';
/** a floor as the normaliser accepts it (a configured view may number floors as text) */
export type FloorGroup = { floor: number | string; title: string; houses: HouseTile[] };
export type UnitGroup = { unit: string; floors: FloorGroup[] };

export type { BaseDataItem } from '@5a/contracts/endpoints/dashboard';
