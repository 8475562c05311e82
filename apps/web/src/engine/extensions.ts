import { registerEstateExtensions } from '../features/estate/register.ts';
import { registerMapExtensions } from '../features/map/register.ts';
import { registerFeesExtensions } from '../features/fees/register.ts';

/**
 * Extension point for feature modules: register domain toolbar actions, row actions, cells and
 * inputs here (or import a feature's register module and call it), e.g.
 *
 *   import { registerCollectionActions } from '../features/renewal/register.ts';
 *   registerCollectionActions(); // registerAction('collection', CollectionAction) …
 *
 * It runs after the built-ins, so a feature may also replace a built-in (registerInput('mapPoint', MapPicker)).
 * Feature modules import the engine's registry/list files directly, not engine/index.ts (that
 * would make an import cycle through builtins.ts).
 */
export const registerExtensions = () => {
  // map tool: mapPoint / mapPolygon inputs and cells, row action locate (OpenLayers stays lazy)
  registerMapExtensions();
  // estate views: row actions viewBuilding, viewVillage
  registerEstateExtensions();
  // fees: generateBill, generateAllBill, charge/collection, billSign, billDisplay, recharge, packageSetting(s), balanceReminder, balanceLedger
  registerFeesExtensions();
};
