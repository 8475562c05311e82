import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Option } from '@5a/contracts';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import type { DictItem } from '../../core/engine/platform.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import type { Tx } from '../../core/engine/types.ts';
import { dictDataResource } from './resource-dict.ts';
import { dictData } from './schema.ts';

/**
 * The caller's dictionaries (own rows and shared rows, enabled only), grouped by type: the rows
 * `/api/dict` answers and the options a screen config carries for its dictionary fields.
 */
export const dictionaries = async (
  db: Db,
  caller: Caller,
  types?: readonly string[],
): Promise<Record<string, Option[]>> => {
  if (types && !types.length) return {};
  const rows = await db
    .select({ type: dictData.dictType, label: dictData.dictLabel, value: dictData.dictValue })
    .from(dictData)
    .where(
      and(
        scopeWhere(dictDataResource, caller, false),
        eq(dictData.status, 1),
        types ? inArray(dictData.dictType, [...types]) : undefined,
      ),
    )
    .orderBy(asc(dictData.dictType), asc(dictData.dictNumber), asc(dictData.id));
  const out: Record<string, Option[]> = {};
  for (const r of rows) (out[r.type] ??= []).push({ label: r.label, value: r.value });
  return out;
};

/** Items of some dictionary types for a tenant: platform rows first, then the tenant's own (the engine's dict fields). */
export const dictItems = (q: Db | Tx, types: readonly string[], tenantId: number | null): Promise<DictItem[]> =>
  q
    .select({ type: dictData.dictType, label: dictData.dictLabel, value: dictData.dictValue })
    .from(dictData)
    .where(
      and(
        inArray(dictData.dictType, [...types]),
        or(isNull(dictData.tenantId), tenantId ? eq(dictData.tenantId, tenantId) : undefined),
      ),
    )
    .orderBy(sql`${dictData.tenantId} is not null`, asc(dictData.dictNumber), asc(dictData.id));
