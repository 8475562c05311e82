import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { forbidden, notFound } from '../../../core/errors.ts';
import { villagesOf } from '../scope.ts';

/** Whose figures: the caller's company and the villages shown (his data scope, narrowed by the picker). */
export type ScreenScope = {
  tenantId: number;
  /** the villages counted: every one the caller may see, or the one picked */
  villageIds: number[];
  /** every village the caller may see, for the picker */
  villages: { id: number; name: string }[];
  /** the picked village, 0 for all */
  vid: number;
};

/** The caller's villages; a picked village outside them does not exist for him. */
export const screenScope = async (db: Db, caller: Caller, vid = 0): Promise<ScreenScope> => {
  const tenantId = caller.actor.tenantId;
  if (!tenantId) throw forbidden();
  const villages = (await villagesOf(db, caller)).map((v) => ({ id: Number(v.id), name: v.name }));
  if (vid && !villages.some((v) => v.id === vid)) throw notFound('小区');
  return { tenantId, villages, vid, villageIds: vid ? [vid] : villages.map((v) => v.id) };
};

export const rowsOf = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** the weather's place: the picked village's location, else the first located village of the caller's */
export const villagePlace = async (db: Db, tenantId: number, villageIds: readonly number[]) =>
  (
    await rowsOf<{ lonlat: string }>(
      db,
      sql`select v.lonlat from villages v where v.tenant_id = ${tenantId}
        and v.id = any(${`{${villageIds.join(',')}}`}::int[]) and v.lonlat <> '' order by v.id limit 1`,
    )
  )[0]?.lonlat ?? '';
