import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import {
  BalanceReminderAction,
  BillDisplayAction,
  BillSignAction,
  CollectionAction,
  GenerateBillAction,
  LedgerRowAction,
  PackageSettingsAction,
  RechargeRowAction,
  RechargeToolbarAction,
} from './actions.tsx';

/** Fee list actions (bill lists and the balance list), called from engine/extensions.ts. */
export const registerFeesExtensions = () => {
  registerAction('generateBill', GenerateBillAction);
  // 收款: the collection dialog for the selected bills
  registerAction('charge', CollectionAction);
  registerAction('billSign', BillSignAction);
  registerAction('billDisplay', BillDisplayAction);
  registerRowAction('recharge', RechargeRowAction);
  // 预存充值 from the house list: the same dialog for the selected house
  registerAction('recharge', RechargeToolbarAction);
  registerAction('packageSetting', PackageSettingsAction);
  registerAction('balanceReminder', BalanceReminderAction);
  registerRowAction('balanceLedger', LedgerRowAction);
};
