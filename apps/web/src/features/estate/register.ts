import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { ViewBuildingRowAction, ViewVillageRowAction } from './rowActions.tsx';

/** The estate views' engine entries (called from engine/extensions.ts). */
export const registerEstateExtensions = () => {
  registerRowAction('viewBuilding', ViewBuildingRowAction);
  registerRowAction('viewVillage', ViewVillageRowAction);
};
