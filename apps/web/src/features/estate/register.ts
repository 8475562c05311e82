import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { OwnerTagsAction, ReviewRowAction } from './personActions.tsx';
import { ViewBuildingRowAction, ViewVillageRowAction } from './rowActions.tsx';

/** The estate screens' engine entries (called from engine/extensions.ts). */
export const registerEstateExtensions = () => {
  registerRowAction('viewBuilding', ViewBuildingRowAction);
  registerRowAction('viewVillage', ViewVillageRowAction);
  registerRowAction('review', ReviewRowAction);
  registerAction('ownerTags', OwnerTagsAction);
};
