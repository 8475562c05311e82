import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A column spelled "table"."column". Drizzle writes the resource's own columns unqualified in a
 * select list, so inside a correlated subquery ("… where p.house_id = id") they would bind to the
 * subquery's table; computed fields qualify them with this.
 */
export const qualified = (c: PgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** '1,2,3' as one int[] parameter: the same on pg and PGlite. */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`}::int[]`;
