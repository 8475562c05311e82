import type { Db } from '../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../core/engine/registry.ts';
import { AlertType, raiseAlert } from '../notice/index.ts';
import { overdueAlertText, type OverdueOrder } from './overdue.ts';

export type RaiseAlert = typeof raiseAlert;
/** per app: the notice module's raiseAlert unless the app lends another (a recorder in a test) */
const raiserSlot = appSlot('repair.alertRaiser', () => ({ raise: raiseAlert as RaiseAlert }));
export const useAlertRaiser = (registry: AppRegistry, fn: RaiseAlert) => {
  registry.slot(raiserSlot).raise = fn;
};

const overdueAlert = (raise: RaiseAlert, db: Db, o: OverdueOrder) =>
  raise(db, {
    tenantId: o.tenantId,
    villageId: o.villageId,
    type: AlertType.overdueOrder,
    ...overdueAlertText(o),
    source: 'repair_order',
    sourceId: o.id,
  });

/** An overdue order's abnormal alert for the people who see its village: once per order, however often the sweep finds it. */
export const raiseOverdueAlert = (db: Db, o: OverdueOrder) => overdueAlert(raiseAlert, db, o);

/** The same through the app's raiser (what the app's sweep raises with). */
export const overdueAlerts =
  (registry: AppRegistry) =>
  (db: Db, o: OverdueOrder): Promise<unknown> =>
    overdueAlert(registry.slot(raiserSlot).raise, db, o);
