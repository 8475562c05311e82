import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import {
  BalanceReminderAction,
  BillDisplayAction,
  BillDisplayRowAction,
  BillSignAction,
  BillSignRowAction,
  CollectionAction,
  CollectionRowAction,
  GenerateAllBillAction,
  GenerateBillAction,
  LedgerRowAction,
  PackageSettingsAction,
  RechargeAction,
  RechargeRowAction,
} from './actions.tsx';

/** Fee list actions (bill lists and the balance list), called from engine/extensions.ts. */
export const registerFeesExtensions = () => {
  registerAction('generateBill', GenerateBillAction);
  registerAction('generateAllBill', GenerateAllBillAction);
  // the server's bill lists send 'charge'; 'collection' is the same dialog
  registerAction('charge', CollectionAction);
  registerRowAction('charge', CollectionRowAction);
  registerAction('collection', CollectionAction);
  registerRowAction('collection', CollectionRowAction);
  registerAction('billSign', BillSignAction);
  registerRowAction('billSign', BillSignRowAction);
  registerAction('billDisplay', BillDisplayAction);
  registerRowAction('billDisplay', BillDisplayRowAction);
  registerAction('recharge', RechargeAction);
  registerRowAction('recharge', RechargeRowAction);
  registerAction('packageSetting', PackageSettingsAction);
  registerAction('packageSettings', PackageSettingsAction);
  registerAction('balanceReminder', BalanceReminderAction);
  registerRowAction('balanceLedger', LedgerRowAction);
};
