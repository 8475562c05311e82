import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** Repair screens: the SLA countdown cell, the work order's transitions and the event reports' 标记已读. */
export const registerRepairExtensions = () => {
  registerCell(
    'countdown',
    lazyComponent(() => import('./actions.tsx').then((m) => m.CountdownCell)),
  );
  registerAction(
    'markRead',
    lazyComponent(() => import('./actions.tsx').then((m) => m.MarkReadAction)),
  );
  registerRowAction(
    'repairDetail',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairDetailRowAction)),
  );
  registerRowAction(
    'repairDispatch',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairDispatchRowAction)),
  );
  registerRowAction(
    'repairStep',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairStepRowAction)),
  );
  registerRowAction(
    'repairComplete',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairCompleteRowAction)),
  );
  registerRowAction(
    'repairVisit',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairVisitRowAction)),
  );
  registerRowAction(
    'repairReason',
    lazyComponent(() => import('./actions.tsx').then((m) => m.RepairReasonRowAction)),
  );
};
