import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Patrol screens' points part: the QR label actions (the print page is a route of the app). */
export const registerPatrolPoints = (): void => {
  registerRowAction(
    'patrolQr',
    lazyComponent(() => import('./PointsActions.tsx').then((m) => m.PatrolQrRowAction)),
  );
  registerAction(
    'patrolQrPrint',
    lazyComponent(() => import('./PointsActions.tsx').then((m) => m.PatrolQrPrintAction)),
  );
};
