/** Estate views (building view, village view), the village selector and the workbench base data. */
export { BuildingView, BuildingViewModal } from './BuildingView.tsx';
export { HouseDetail, HouseDetailModal } from './HouseDetail.tsx';
export { VillageView, VillageViewModal } from './VillageView.tsx';
export { VillageSelect, VILLAGE_OPTIONS_URL } from './VillageSelect.tsx';
export { useVillageStore, useSelectedVillage } from './villageStore.ts';
export { BaseDataPanel } from './BaseDataPanel.tsx';
export { registerEstateExtensions } from './register.ts';
export * from './logic.ts';
export type * from './types.ts';
