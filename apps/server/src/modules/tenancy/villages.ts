import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { Tx } from '../../core/engine/types.ts';
import { villages } from './schema.ts';

/** The ids among `ids` that are villages of the tenant (the engine checks every village_id it writes). */
export const villagesOf = async (q: Db | Tx, tenantId: number, ids: readonly number[]) =>
  (
    await q
      .select({ id: villages.id })
      .from(villages)
      .where(and(inArray(villages.id, [...ids]), eq(villages.tenantId, tenantId)))
  ).map((r) => r.id);
