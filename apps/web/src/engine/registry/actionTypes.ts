import type { RowActionType, ToolbarActionType } from '@5a/contracts';

/**
 * The toolbar and row action types the web renders: one entry per registration, from the engine's
 * built-ins and the features' register modules. The registries take only these keys. A unit test
 * checks that after start-up exactly these are registered; the server's action contract test that
 * every one is declared by some screen and every declared type is here. No React and no zod in this
 * module, so a node test of the server can import it.
 */
export const TOOLBAR_ACTION_TYPES = [
  // engine built-ins
  'add',
  'drag',
  'export',
  'import',
  'batchDelete',
  'batchEdit',
  // fees
  'generateBill',
  'charge',
  'billDisplay',
  'billSign',
  'balanceReminder',
  'packageSetting',
  // estate
  'ownerTags',
] as const satisfies readonly ToolbarActionType[];
export type WebToolbarActionType = (typeof TOOLBAR_ACTION_TYPES)[number];

export const ROW_ACTION_TYPES = [
  // engine built-ins
  'edit',
  'delete',
  'detail',
  'childAdd',
  'assignAuth',
  'userAuth',
  // estate
  'viewBuilding',
  'viewVillage',
  'review',
  // fees
  'recharge',
  'balanceLedger',
] as const satisfies readonly RowActionType[];
export type WebRowActionType = (typeof ROW_ACTION_TYPES)[number];
