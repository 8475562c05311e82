import type { Db } from '../../core/db/client.ts';
import { AlertType, raiseAlert } from '../notice/index.ts';
import { overdueAlertText, type OverdueOrder } from './overdue.ts';

export type RaiseAlert = typeof raiseAlert;
/** the notice module's raiseAlert unless the app lends another (the same one, or a recorder in a test) */
let raiser: RaiseAlert = raiseAlert;
export const useAlertRaiser = (fn: RaiseAlert) => {
  raiser = fn;
};

/** An overdue order's abnormal alert for the people who see its village: once per order, however often the sweep finds it. */
export const raiseOverdueAlert = (db: Db, o: OverdueOrder) =>
  raiser(db, {
    tenantId: o.tenantId,
    villageId: o.villageId,
    type: AlertType.overdueOrder,
    ...overdueAlertText(o),
    source: 'repair_order',
    sourceId: o.id,
  });
