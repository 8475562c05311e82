import { sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/errors.ts';
import { villages } from '../../tenancy/index.ts';

/** Whose figures: the caller's company and the villages shown (his data scope, narrowed by the picker). */
export type EpidemicScope = {
  tenantId: number;
  /** the villages counted: every one the caller may see, or the one picked */
  villageIds: number[];
  /** every village the caller may see, for the picker */
  villages: { id: number; name: string }[];
  /** the picked village, 0 for all */
  vid: number;
};

export const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The caller's villages (company and data scope); a picked village outside them does not exist for him. */
export const epidemicScope = async (db: Db, caller: Caller, vid = 0): Promise<EpidemicScope> => {
  const tenantId = caller.actor.tenantId;
  if (!tenantId) throw forbidden();
  const scoped = caller.villageIds;
  const list = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select v.id, v.name from ${villages} v
      where v.tenant_id = ${tenantId}
        and ${scoped === null ? sql`true` : sql`v.id = any(${`{${scoped.join(',')}}`}::int[])`}
      order by v.id`,
  );
  const all = list.map((v) => ({ id: Number(v.id), name: v.name }));
  if (vid && !all.some((v) => v.id === vid)) throw notFound('小区');
  return { tenantId, villages: all, vid, villageIds: vid ? [vid] : all.map((v) => v.id) };
};

/** `col = any(villages shown)` */
export const inScope = (col: ReturnType<typeof sql>, s: EpidemicScope) =>
  sql`${col} = any(${`{${s.villageIds.join(',')}}`}::int[])`;
