import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { intArray } from '../../../core/db/sql.ts';
import { notFound } from '../../../core/errors.ts';
import { areaOf } from '../../operator/index.ts';

/**
 * The one-map's villages as a condition on `villages v join tenants t`: a company user's are his company's within
 * his data scope (a village-scoped staff user sees his villages only); an operator's, its companies' within its
 * regions; the platform's, every one.
 */
export const mapScope = async (db: Db, caller: Caller): Promise<SQL> => {
  const { actor, villageIds } = caller;
  if (actor.kind !== 'web') return (await areaOf(db, caller, undefined)).villages;
  if (actor.tenantId === null) return sql`false`;
  const own = sql`v.tenant_id = ${actor.tenantId}`;
  if (villageIds === null) return own;
  return villageIds.length ? sql`${own} and v.id = any(${intArray(villageIds)})` : sql`false`;
};

/** The village of the caller's asked for, with its company; any other does not exist for him. */
export const villageOf = async (db: Db, caller: Caller, vid: number) => {
  const scope = await mapScope(db, caller);
  const rows = (
    (await db.execute(
      sql`select v.id, v.tenant_id, v.name, v.lonlat from villages v join tenants t on t.id = v.tenant_id
        where v.id = ${vid} and ${scope}`,
    )) as unknown as { rows: { id: number; tenant_id: number; name: string; lonlat: string }[] }
  ).rows;
  const v = rows[0];
  if (!v) throw notFound('小区');
  return { id: Number(v.id), tenantId: Number(v.tenant_id), name: v.name, lonlat: v.lonlat };
};
export type MapVillage = Awaited<ReturnType<typeof villageOf>>;

/** rows of one raw statement */
export const q = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows ?? [];
