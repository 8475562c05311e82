import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { workers } from '../estate/index.ts';

/** Whether the caller is a repair worker (a worker row linked to his login) in his company. */
export const isWorker = async (db: Db, caller: Caller) => {
  if (caller.actor.tenantId === null) return false;
  const [w] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.userId, caller.actor.id), eq(workers.tenantId, caller.actor.tenantId)))
    .limit(1);
  return !!w;
};
