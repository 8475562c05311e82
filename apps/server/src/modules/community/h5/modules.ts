import { and, eq, sql } from 'drizzle-orm';
import { H5_MODULES, type H5Module, type H5ModuleId } from '@5a/contracts/endpoints/community-h5';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { notFound } from '../../../core/errors.ts';
import { scopeOfCaller } from '../../estate/index.ts';
import { villages } from '../../tenancy/index.ts';
import { rowsOf } from '../input.ts';
import { h5VillageModules } from '../schema-h5.ts';

/** the village of the caller's company within his data scope; anything else does not exist */
const ownVillage = async (db: Db, caller: Caller, villageId: number) => {
  const s = scopeOfCaller(caller);
  if (s.villageIds && !s.villageIds.includes(villageId)) throw notFound();
  const [v] = await db
    .select({ id: villages.id })
    .from(villages)
    .where(and(eq(villages.id, villageId), eq(villages.tenantId, s.tenantId)))
    .limit(1);
  if (!v) throw notFound();
  return s.tenantId;
};

/** The resident modules a village has on, in the catalogue's order: what the resident page shows. */
export const villageH5Modules = async (
  db: Db,
  { tenantId, villageId }: { tenantId: number; villageId: number },
): Promise<H5ModuleId[]> => {
  const rows = await rowsOf<{ module_id: number }>(
    db,
    sql`select module_id from h5_village_modules where tenant_id = ${tenantId} and village_id = ${villageId}`,
  );
  const on = new Set(rows.map((r) => r.module_id));
  return H5_MODULES.filter((m) => on.has(m.module_id)).map((m) => m.module_id);
};

/** show: every module with whether the village has it on. */
export const showH5 = async (db: Db, caller: Caller, villageId: number): Promise<H5Module[]> => {
  const tenantId = await ownVillage(db, caller, villageId);
  const on = new Set<number>(await villageH5Modules(db, { tenantId, villageId }));
  return H5_MODULES.map((m) => ({ ...m, has: on.has(m.module_id) }));
};

/** update: the modules given are on, every other one off (one transaction, so the page never sees half of it). */
export const updateH5 = async (db: Db, caller: Caller, villageId: number, moduleIds: readonly number[]) => {
  const tenantId = await ownVillage(db, caller, villageId);
  const ids = [...new Set(moduleIds)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx
      .delete(h5VillageModules)
      .where(and(eq(h5VillageModules.tenantId, tenantId), eq(h5VillageModules.villageId, villageId)));
    if (ids.length)
      await tx.insert(h5VillageModules).values(ids.map((moduleId) => ({ tenantId, villageId, moduleId })));
  });
  return { module_id: ids };
};
