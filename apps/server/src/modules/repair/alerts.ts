import type { Db } from '../../core/db/client.ts';
import { overdueAlertText, type OverdueOrder } from './overdue.ts';

/** The notice module's alert call: one alert per (source, sourceId), pushed to the users who see the village. */
export type RaiseAlert = (
  db: Db,
  input: { tenantId: number; villageId: number; type: number; title: string; content: string; source: string; sourceId: string | number; userIds?: number[] },
) => Promise<unknown>;

const OVERDUE_ORDER = 2;
let raiser: RaiseAlert | null = null;

/** The app gives the repair sweep the notice module's raiseAlert (the modules do not import each other for it). */
export const useAlertRaiser = (fn: RaiseAlert) => {
  raiser = fn;
};

/** An overdue order's abnormal alert for the people who see its village (once per order). */
export const raiseOverdueAlert = async (db: Db, o: OverdueOrder) =>
  raiser?.(db, { tenantId: o.tenantId, villageId: o.villageId, type: OVERDUE_ORDER, ...overdueAlertText(o), source: 'repair_order', sourceId: o.id });
