import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { AssociateAction } from './AssociateDialog.tsx';
import { CardTopUpAction } from './CardTopUpDialog.tsx';
import { RenewRowAction } from './RenewDialog.tsx';

/** Parking: 关联车位 on the spaces, 续费 on the associations, 月卡充值 on the cars. */
export const registerParkingAssociations = (): void => {
  registerAction('parkingAssociate', AssociateAction);
  registerAction('parkingCardTopUp', CardTopUpAction);
  registerRowAction('parkingRenew', RenewRowAction);
};
