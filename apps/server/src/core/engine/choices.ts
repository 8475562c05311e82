import type { Db } from '../db/client.ts';
import type { AppRegistry } from './registry.ts';
import type { Caller } from './scope.ts';
import type { FieldDef, Tx } from './types.ts';

/** value ↔ label of one choice field (dictionary items or declared options). */
export type Choices = { toLabel: Map<string, string>; toValue: Map<string, string> };

export const isChoice = (f: FieldDef) => !!f.dict || !!f.options;

/**
 * Labels of every dictionary and option field among `fields`, in one query for all dict types
 * (platform rows plus the caller's tenant rows; a tenant row wins over a platform one).
 */
export const loadChoices = async (registry: AppRegistry, q: Db | Tx, caller: Caller, fields: FieldDef[]) => {
  const out = new Map<string, Choices>();
  const types = [...new Set(fields.flatMap((f) => (f.dict ? [f.dict] : [])))];
  const tenantId = caller.actor.tenantId;
  const items = types.length ? await registry.platform('dictItems')(q, types, tenantId) : [];
  for (const f of fields) {
    if (!isChoice(f)) continue;
    const list =
      f.options?.map((o) => ({ label: o.label, value: String(o.value) })) ?? items.filter((i) => i.type === f.dict);
    const c: Choices = { toLabel: new Map(), toValue: new Map() };
    for (const i of list) {
      c.toLabel.set(i.value, i.label);
      c.toValue.set(i.label, i.value);
    }
    out.set(f.prop, c);
  }
  return out;
};

/** A switch is 1 (on) / 2 (off) in this product. */
export const switchLabel = (v: unknown) => (Number(v) === 1 ? '是' : Number(v) === 2 ? '否' : v);
const switchWords: Record<string, number> = {
  是: 1,
  开启: 1,
  启用: 1,
  1: 1,
  true: 1,
  否: 2,
  关闭: 2,
  停用: 2,
  2: 2,
  false: 2,
};
export const switchValue = (v: unknown) => switchWords[String(v).trim()] ?? v;
