import { registerAction } from '../../engine/registry/actions.ts';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';
import {
  CountdownCell,
  MarkReadAction,
  RepairCompleteRowAction,
  RepairDetailRowAction,
  RepairDispatchRowAction,
  RepairReasonRowAction,
  RepairStepRowAction,
  RepairVisitRowAction,
} from './actions.tsx';

/** Repair screens: the SLA countdown cell, the work order's transitions and the event reports' 标记已读. */
export const registerRepairExtensions = () => {
  registerCell('countdown', CountdownCell);
  registerAction('markRead', MarkReadAction);
  registerRowAction('repairDetail', RepairDetailRowAction);
  registerRowAction('repairDispatch', RepairDispatchRowAction);
  registerRowAction('repairStep', RepairStepRowAction);
  registerRowAction('repairComplete', RepairCompleteRowAction);
  registerRowAction('repairVisit', RepairVisitRowAction);
  registerRowAction('repairReason', RepairReasonRowAction);
};
