import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';

/** ids as one int[] parameter: the same on pg and PGlite */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`}::int[]`;

/**
 * The orders and event reports a caller may count: his company first (always — tenant-filter.ts relies on it),
 * the villages of his data scope, the optional village.
 */
export const repairScope = (caller: Caller, villageId?: number): SQL => {
  const tenant = caller.actor.tenantId ?? -1;
  const villages = caller.villageIds === null ? sql`true` : sql`village_id = any(${intArray(caller.villageIds)})`;
  return sql`tenant_id = ${tenant} and ${villages} and ${villageId ? sql`village_id = ${villageId}` : sql`true`}`;
};
