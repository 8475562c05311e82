import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fail } from '../errors.ts';
import { columnsOf } from './columns.ts';
import type { LentDependent, ResourceDef, Row, Tx } from './types.ts';

const lent = new Map<PgTable, Set<LentDependent>>();

/** Registration: a module's dependents on other modules' tables (a set, so registering an app twice adds nothing). */
export const lendDependents = (list: readonly LentDependent[]) => {
  for (const d of list) lent.set(d.of, (lent.get(d.of) ?? new Set()).add(d));
};

/** The dependents other modules declared on this table, in registration order. */
export const lentDependents = (table: PgTable): readonly LentDependent[] => [...(lent.get(table) ?? [])];

/**
 * A delete is refused while rows elsewhere keep these: what other modules declared on this table first (their own
 * checks may name several rows), then the screen's own.
 */
export const refuseDependents = async (def: ResourceDef, tx: Tx, rows: Row[]) => {
  for (const d of [...lentDependents(def.table), ...(def.dependents ?? [])]) {
    if ('refuse' in d) {
      await d.refuse(tx, rows);
      continue;
    }
    const c = columnsOf(d.table).col(d.column);
    const [hit] = await tx
      .select({ id: c, n: sql<number>`count(*)`.mapWith(Number) })
      .from(d.table)
      .where(
        inArray(
          c,
          rows.map((r) => Number(r.id)),
        ),
      )
      .groupBy(c)
      .orderBy(c)
      .limit(1);
    if (hit)
      throw fail(
        d.message(
          rows.find((r) => Number(r.id) === Number(hit.id))!,
          hit.n,
        ),
      );
  }
};
