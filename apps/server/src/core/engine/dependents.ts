import type { PgTable } from 'drizzle-orm/pg-core';
import type { LentDependent } from './types.ts';

const lent = new Map<PgTable, Set<LentDependent>>();

/** Registration: a module's dependents on other modules' tables (a set, so registering an app twice adds nothing). */
export const lendDependents = (list: readonly LentDependent[]) => {
  for (const d of list) lent.set(d.of, (lent.get(d.of) ?? new Set()).add(d));
};

/** The dependents other modules declared on this table, in registration order. */
export const lentDependents = (table: PgTable): readonly LentDependent[] => [...(lent.get(table) ?? [])];
