import type { Module } from '../types.ts';
import { everySweep } from '../../core/jobs/schedule.ts';
import { overdueAlerts } from './alerts.ts';
import { checkOverdue, settlePaid } from './overdue.ts';
import { paidServiceResource, repairCategoryResource, repairResource } from './resource.ts';
import { reportThingsResource } from './resource-events.ts';
import { repairRoutes } from './routes.ts';

/** Work orders, their categories and SLA, event reports and paid services. */
export const repairModule: Module = {
  name: 'repair',
  register: (app, deps) => {
    repairRoutes(app, deps);
  },
  screens: [reportThingsResource, repairResource, paidServiceResource, repairCategoryResource],
  jobs: [
    {
      // overdue orders raise their alert, paid bills complete their orders: every sweep interval (a minute), not in the request path
      name: 'repair-sweep',
      schedule: everySweep,
      run: async ({ db, registry }) => {
        await checkOverdue(db, new Date(), overdueAlerts(registry));
        await settlePaid(db);
      },
    },
  ],
};

export { checkOverdue, settlePaid, type OverdueOrder } from './overdue.ts';
/** a work order the resident reports on his phone page */
export { residentRepairOrder, type ResidentRepair } from './resident.ts';
export { overdueAlerts, raiseOverdueAlert, useAlertRaiser, type RaiseAlert } from './alerts.ts';
export { repairStats } from './stats.ts';
export {
  recentRepairActivity,
  repairBoard,
  repairDueToday,
  type RepairActivity,
  type RepairBoard,
  type VillageMonth,
} from './board.ts';
export { repairDicts } from './status.ts';
/** 一张图's 派单 (from an alert or an order) and its body's fields. */
export { dispatchFromMap, SOURCE_ALERT, type MapDispatch } from './from-map.ts';
export { DISPATCH_TIMES_ISSUE, dispatchFields, dispatchTimesInOrder } from './bodies.ts';

/** The order and event lists, which the workbench links to. */
export { repairResource } from './resource.ts';
export { reportThingsResource } from './resource-events.ts';
