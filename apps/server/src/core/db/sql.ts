import { getTableName, sql, type SQL } from 'drizzle-orm';
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

/**
 * `alias.tenant_id = company and alias.village_id = any(villages)`: rows of a company's villages, the company first
 * (always — tenant-filter.ts counts a statement built on it as filtered by company).
 */
export const companyVillages = (alias: string, s: { tenantId: number; villageIds: readonly number[] }): SQL =>
  sql`${sql.raw(alias)}.tenant_id = ${s.tenantId} and ${sql.raw(alias)}.village_id = any(${intArray(s.villageIds)})`;
