import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Parking: 关联车位 on the spaces, 续费 on the associations. */
export const registerParkingAssociations = (): void => {
  registerAction(
    'parkingAssociate',
    lazyComponent(() => import('./AssociateDialog.tsx').then((m) => m.AssociateAction)),
  );
  registerRowAction(
    'parkingRenew',
    lazyComponent(() => import('./RenewDialog.tsx').then((m) => m.RenewRowAction)),
  );
};
