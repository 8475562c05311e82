import type { Db } from '../db/client.ts';
import { invalid } from '../errors.ts';
import type { AppRegistry } from './registry.ts';
import { columnsOf } from './columns.ts';
import { isBlank } from './list-where.ts';
import type { Caller } from './scope.ts';
import type { ResourceDef, Row, Tx } from './types.ts';

/** Dictionary values and villages must exist for the caller (one query each per save). */
export const checkReferences = async (
  registry: AppRegistry,
  def: ResourceDef,
  caller: Caller,
  q: Db | Tx,
  values: Row[],
) => {
  const { has } = columnsOf(def.table);
  for (const f of def.fields.filter((x) => x.dict && !x.computed)) {
    const wanted = [
      ...new Set(
        values.flatMap((v) =>
          isBlank(v[f.prop]) ? [] : String(v[f.prop]).split(f.type === 'checkbox' ? ',' : '\u0000'),
        ),
      ),
    ];
    if (!wanted.length) continue;
    const found = await registry.platform('dictItems')(q, [f.dict!], caller.actor.tenantId);
    const ok = new Set(found.map((r) => r.value));
    const bad = wanted.find((w) => !ok.has(w));
    if (bad !== undefined) throw invalid(`${f.label}的值无效：${bad}`, f.prop);
  }
  if (def.ownership === 'tenant' && has('village_id')) {
    const ids = [
      ...new Set(
        values
          .map((v) => v.village_id)
          .filter((v) => !isBlank(v))
          .map(Number),
      ),
    ];
    if (!ids.length) return;
    const found = await registry.platform('villagesOf')(q, caller.actor.tenantId!, ids);
    const allowed = new Set(found.filter((id) => caller.villageIds === null || caller.villageIds.includes(id)));
    if (ids.some((id) => !allowed.has(id))) throw invalid('小区不存在或无权限', 'village_id');
  }
};
