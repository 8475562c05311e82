import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ownerOf, type Actor, type Caller } from '../auth/actor.ts';
import { forbidden } from '../errors.ts';
import { columnsOf } from './columns.ts';
import type { ResourceDef } from './types.ts';

export type { Caller };

/**
 * Tenant and data-scope filter for every read and write of a resource, applied here once so no
 * handler can forget it (docs/conventions.md, API).
 */
export const scopeWhere = (def: ResourceDef, caller: Caller, forWrite: boolean): SQL | undefined => {
  const { col, has } = columnsOf(def.table);
  const { actor } = caller;
  const extra = def.hooks?.scope?.(caller);
  if (def.ownership === 'global') return extra;
  if (def.ownership === 'tenant') {
    if (actor.kind !== 'web' || actor.tenantId === null) throw forbidden();
    const village =
      def.villageScoped && has('village_id') && caller.villageIds !== null
        ? caller.villageIds.length
          ? inArray(col('village_id'), [...caller.villageIds])
          : sql`false`
        : undefined;
    return and(eq(col('tenant_id'), actor.tenantId), village, extra);
  }
  const o = ownerOf(actor);
  const own = and(
    o.tenantId === null ? isNull(col('tenant_id')) : eq(col('tenant_id'), o.tenantId),
    o.operatorId === null ? isNull(col('operator_id')) : eq(col('operator_id'), o.operatorId),
  );
  const shared = and(isNull(col('tenant_id')), isNull(col('operator_id')));
  return and(def.ownership === 'owner+shared' && !forWrite ? or(own, shared) : own, extra);
};

/** Owner columns an insert gets (drizzle keys). */
export const ownerValues = (def: ResourceDef, actor: Actor): Record<string, unknown> => {
  if (def.ownership === 'global') return {};
  if (def.ownership === 'tenant') return { tenantId: actor.tenantId };
  return { ...ownerOf(actor) };
};
