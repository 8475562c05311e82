import { ensureBuiltins } from '../engine/builtins.ts';
import { registerDialogs, type ToolbarDialog } from '../engine/registry/dialogs.tsx';
import { registerEstateExtensions } from '../features/estate/register.ts';
import { registerMapExtensions } from '../features/map/register.ts';
import { registerFeesExtensions } from '../features/fees/register.ts';
import { registerDashboardExtensions } from '../features/dashboard/register.ts';
import { registerRepairExtensions } from '../features/repair/register.ts';
import { registerPatrolExtensions } from '../features/patrol/register.ts';
import { registerParkingSpaces } from '../features/parking/registerSpaces.ts';
import { registerParkingAssociations } from '../features/parking/registerAssociations.ts';
import { registerVisitorExtensions } from '../features/visitor/register.ts';
import { registerCommunityExtensions } from '../features/community/register.ts';
import { registerAccessExtensions } from '../features/access/register.ts';
import { registerPreventionExtensions } from '../features/prevention/register.ts';

/**
 * The app registers the features into the engine (the engine never imports a feature): each feature's
 * register module adds its toolbar actions, row actions, cells and inputs, e.g.
 * registerCollectionActions() → registerAction('charge', CollectionAction). Runs when the engine's pages
 * load (app/pages/enginePages.ts), after the built-ins, so a feature may also replace a built-in (registerInput('mapPoint', MapPicker)).
 * Feature modules import the engine's registry/list files directly, not engine/index.ts.
 */
export const registerExtensions = () => {
  ensureBuiltins();
  // map tool: mapPoint / mapPolygon inputs and cells (OpenLayers stays lazy)
  registerMapExtensions();
  // estate: row actions viewBuilding, viewVillage, review; toolbar ownerTags
  registerEstateExtensions();
  // fees: generateBill, charge, billSign, billDisplay, recharge, packageSetting, balanceReminder, balanceLedger
  registerFeesExtensions();
  // dashboard: the role list's indexModule (首页模块)
  registerDashboardExtensions();
  // repair: countdown cell, work order transitions, 标记已读
  registerRepairExtensions();
  // patrol: QR printing, point chain, patrol time picker, dispatch, tasks
  registerPatrolExtensions();
  // parking: batch generation of spaces
  registerParkingSpaces();
  // parking: 关联车位, 续费 (bills through fees)
  registerParkingAssociations();
  // visitors: 审核 (a pass window or a refusal)
  registerVisitorExtensions();
  // community: 编辑问卷, 查看问卷, 投票审核, 查看结果; 邻里圈 审核 and 个人动态, 广告位 预订
  registerCommunityExtensions();
  // access: 刷新人脸 (a door's whole list, page by page)
  registerAccessExtensions();
  // prevention: the health code slot, 防控
  registerPreventionExtensions();
  // every feature's toolbar dialog, by its file name (its endpoint puts the button on its screen)
  registerDialogs(import.meta.glob<{ default: ToolbarDialog }>('../features/**/*.dialog.tsx'));
};
