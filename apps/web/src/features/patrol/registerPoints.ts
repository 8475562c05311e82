import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import { PatrolQrPrintAction, PatrolQrRowAction } from './PointsActions.tsx';

/** Patrol screens' points part: the QR label actions (the print page is a route of the app). */
export const registerPatrolPoints = (): void => {
  registerRowAction('patrolQr', PatrolQrRowAction);
  registerAction('patrolQrPrint', PatrolQrPrintAction);
};
