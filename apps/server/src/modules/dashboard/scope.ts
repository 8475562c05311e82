import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { villages } from '../tenancy/index.ts';

/** The villages the caller may see (his company, his data scope), in village order. */
export const villagesOf = (db: Db, caller: Caller) =>
  db
    .select({ id: villages.id, name: villages.name })
    .from(villages)
    .where(
      and(
        eq(villages.tenantId, caller.actor.tenantId ?? -1),
        caller.villageIds === null
          ? undefined
          : caller.villageIds.length
            ? inArray(villages.id, [...caller.villageIds])
            : sql`false`,
      ),
    )
    .orderBy(asc(villages.id));
