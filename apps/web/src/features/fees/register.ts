import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Fee list actions (bill lists and the balance list), called from engine/extensions.ts. */
export const registerFeesExtensions = () => {
  registerAction(
    'generateBill',
    lazyComponent(() => import('./actions.tsx').then((m) => m.GenerateBillAction)),
  );
  // 收款: the collection dialog for the selected bills
  registerAction(
    'charge',
    lazyComponent(() => import('./actions.tsx').then((m) => m.CollectionAction)),
  );
  registerAction(
    'billSign',
    lazyComponent(() => import('./actions.tsx').then((m) => m.BillSignAction)),
  );
  registerAction(
    'billDisplay',
    lazyComponent(() => import('./actions.tsx').then((m) => m.BillDisplayAction)),
  );
  registerRowAction(
    'recharge',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RechargeRowAction)),
  );
  // 预存充值 from the house list: the same dialog for the selected house
  registerAction(
    'recharge',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RechargeToolbarAction)),
  );
  registerAction(
    'packageSetting',
    lazyComponent(() => import('./actions.tsx').then((m) => m.PackageSettingsAction)),
  );
  registerAction(
    'balanceReminder',
    lazyComponent(() => import('./actions.tsx').then((m) => m.BalanceReminderAction)),
  );
  registerRowAction(
    'balanceLedger',
    lazyComponent(() => import('./actions.tsx').then((m) => m.LedgerRowAction)),
  );
};
