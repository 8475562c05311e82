import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import type { Caller } from '../../../core/engine/scope.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';

/** One choice of the financial statement's selector besides a village: a car or a parking space ('car:12', 'space:5'). */
export type FinancialSubject = { id: string; name: string };

/**
 * What the parking module lends the financial statement (fees come before parking, so they cannot read its
 * tables): the cars and spaces that have bills, and the bills of one of them.
 */
export type FinancialSubjects = {
  list: (db: Db, caller: Caller) => Promise<FinancialSubject[]>;
  /** a query of the bill ids of one subject, null for an id it does not know */
  billsOf: (id: string, tenantId: number) => SQL | null;
};

// per app, lent at registration
const lentSlot = appSlot('fees.financialSubjects', () => ({ lent: null as FinancialSubjects | null }));

export const lendFinancialSubjects = (registry: AppRegistry, s: FinancialSubjects): void => {
  registry.slot(lentSlot).lent = s;
};

export const financialSubjects = (registry: AppRegistry): FinancialSubjects | null => registry.slot(lentSlot).lent;
