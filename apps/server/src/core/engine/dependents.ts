import { inArray, sql } from 'drizzle-orm';
import { fail } from '../errors.ts';
import { columnsOf } from './columns.ts';
import type { AppRegistry } from './registry.ts';
import type { ResourceDef, Row, Tx } from './types.ts';

/**
 * A delete is refused while rows elsewhere keep these: what other modules declared on this table (the app's registry) first (their own
 * checks may name several rows), then the screen's own.
 */
export const refuseDependents = async (registry: AppRegistry, def: ResourceDef, tx: Tx, rows: Row[]) => {
  for (const d of [...registry.dependentsOn(def.table), ...(def.dependents ?? [])]) {
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
