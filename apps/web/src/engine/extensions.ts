import { registerEstateExtensions } from '../features/estate/register.ts';
import { registerMapExtensions } from '../features/map/register.ts';
import { registerFeesExtensions } from '../features/fees/register.ts';
import { registerDashboardExtensions } from '../features/dashboard/register.ts';
import { registerRepairExtensions } from '../features/repair/register.ts';

/**
 * Extension point for feature modules: register domain toolbar actions, row actions, cells and
 * inputs here (or import a feature's register module and call it), e.g.
 *
 *   import { registerCollectionActions } from '../features/renewal/register.ts';
 *   registerCollectionActions(); // registerAction('charge', CollectionAction) …
 *
 * It runs after the built-ins, so a feature may also replace a built-in (registerInput('mapPoint', MapPicker)).
 * Feature modules import the engine's registry/list files directly, not engine/index.ts (that
 * would make an import cycle through builtins.ts).
 */
export const registerExtensions = () => {
  // map tool: mapPoint / mapPolygon inputs and cells (OpenLayers stays lazy)
  registerMapExtensions();
  // estate: row actions viewBuilding, viewVillage, review; toolbar ownerTags
  registerEstateExtensions();
  // fees: generateBill, charge, billSign, billDisplay, recharge, packageSetting, balanceReminder, balanceLedger
  registerFeesExtensions();
  // repair: countdown cell, work order transitions, 标记已读
  registerRepairExtensions();
  // dashboard: the role list's indexModule (首页模块)
  registerDashboardExtensions();
};
