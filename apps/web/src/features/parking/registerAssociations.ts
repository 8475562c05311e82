import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Parking: 关联车位 on the spaces, 续费 on the associations, 月卡充值 on the cars. */
export const registerParkingAssociations = (): void => {
  registerAction(
    'parkingAssociate',
    lazyComponent(() => import('./AssociateDialog.tsx').then((m) => m.AssociateAction)),
  );
  registerAction(
    'parkingCardTopUp',
    lazyComponent(() => import('./CardTopUpDialog.tsx').then((m) => m.CardTopUpAction)),
  );
  registerRowAction(
    'parkingRenew',
    lazyComponent(() => import('./RenewDialog.tsx').then((m) => m.RenewRowAction)),
  );
};
