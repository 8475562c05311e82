import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import type { Caller } from '../../core/auth/actor.ts';
import { reportThings } from './schema.ts';

/** Unread resident reports in the caller's tenant and villages. */
export const unreadReportCount = async (db: Db, { actor, villageIds: villages }: Caller) => {
  if (actor.tenantId === null) return 0;
  if (villages && villages.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(reportThings)
    .where(and(eq(reportThings.tenantId, actor.tenantId), eq(reportThings.isRead, false), villages ? inArray(reportThings.villageId, [...villages]) : undefined));
  return Number(row?.n ?? 0);
};
