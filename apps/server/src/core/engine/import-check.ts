/** The field checks of an import, row by row and set-based, for one chunk of rows at a time. */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportResult } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import { DEFAULT_MARK } from '../validation.ts';
import { switchValue, type Choices } from './choices.ts';
import { columnName, columnsOf } from './columns.ts';
import { scopeWhere, type Caller } from './scope.ts';
import type { FieldDef, ResourceDef, Row, Tx } from './types.ts';
import { checkForm } from './validate.ts';
import type { AppRegistry } from './registry.ts';
import { excelDate, normalizeDateText, type Plain } from './xlsx.ts';

export type ImportError = ImportResult['errors'][number];
export type Parsed = { row: number; values: Row };
type Q = Db | Tx;

const dateKind = (f: FieldDef) => (f.type === 'date' || f.type === 'datetime' || f.type === 'month' ? f.type : null);

/** a cell no value can be made of, and why (a class: one check per cell, no result object per cell) */
class Unusable {
  constructor(readonly message: string) {}
}

/** One cell → the value the form would send (undefined when blank); choice labels → values. */
const convert = (f: FieldDef, v: Plain, choices: Choices | undefined): unknown => {
  if (v === null || v === '') return undefined;
  const kind = dateKind(f);
  if (kind && (v instanceof Date || typeof v === 'number')) return excelDate(v, kind);
  const text = v instanceof Date ? excelDate(v, 'datetime') : String(v).trim();
  if (choices) {
    const many = f.multiple || f.type === 'checkbox';
    if (!many) {
      // a label, or the stored value itself
      const value = choices.toValue.get(text) ?? (choices.toLabel.has(text) ? text : undefined);
      return value === undefined ? new Unusable(`${f.label}的值无效：${text}`) : value;
    }
    const out: string[] = [];
    for (const p of text
      .split(/[,，、;；]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const value = choices.toValue.get(p) ?? (choices.toLabel.has(p) ? p : undefined);
      if (value === undefined) return new Unusable(`${f.label}的值无效：${p}`);
      out.push(value);
    }
    return f.type === 'checkbox' ? out.join(',') : out;
  }
  if (f.type === 'switch') return switchValue(text);
  if (kind) return normalizeDateText(text, kind);
  if ((f.type === 'number' || f.type === 'money') && typeof v === 'number') return v;
  return text;
};

/** What an import has looked up already: later chunks mostly name the same villages and parents. */
export type Lookups = { refs: Map<FieldDef, Map<string, number[]>>; allowed: Map<string, Map<number, boolean>> };
export const newLookups = (): Lookups => ({ refs: new Map(), allowed: new Map() });

/** text → id for `ref` fields: one query per field for the labels not seen yet, within the tenant. */
const resolveRefs = async (
  q: Q,
  caller: Caller,
  fields: FieldDef[],
  parsed: Parsed[],
  errors: ImportError[],
  known: Lookups['refs'],
) => {
  for (const f of fields) {
    if (!f.ref) continue;
    const ids = known.get(f) ?? new Map<string, number[]>();
    known.set(f, ids);
    const labels = [
      ...new Set(
        parsed
          .map((p) => p.values[f.prop])
          .filter((v): v is string => typeof v === 'string' && v !== '' && !ids.has(v)),
      ),
    ];
    if (labels.length) {
      const { col, has } = columnsOf(f.ref.table);
      const label = col(f.ref.labelColumn);
      const tenant =
        f.ref.tenantScoped && has('tenant_id') ? eq(col('tenant_id'), caller.actor.tenantId ?? -1) : undefined;
      for (const l of labels) ids.set(l, []);
      for (const r of await q
        .select({ id: col('id'), label })
        .from(f.ref.table)
        .where(and(inArray(label, labels), tenant)))
        ids.get(String(r.label))?.push(Number(r.id));
    }
    for (const p of parsed) {
      const text = p.values[f.prop];
      if (typeof text !== 'string' || text === '') continue;
      const hit = ids.get(text) ?? [];
      if (hit.length === 1) p.values[f.prop] = hit[0];
      else {
        delete p.values[f.prop];
        errors.push({
          row: p.row,
          column: f.label,
          message: hit.length ? `${f.label}“${text}”有重名，无法确定` : `${f.label}不存在：${text}`,
        });
      }
    }
  }
};

/** Ids a row points at (its village, its tree parent) must be visible to the caller: set-based. */
const checkScopedIds = async (
  q: Q,
  registry: AppRegistry,
  def: ResourceDef,
  caller: Caller,
  rows: Parsed[],
  errors: ImportError[],
  known: Lookups['allowed'],
) => {
  const { has } = columnsOf(def.table);
  const check = async (prop: string, allowedOf: (ids: number[]) => Promise<Set<number>>, message: string) => {
    const f = def.fields.find((x) => x.prop === prop);
    if (!f) return;
    const verdict = known.get(prop) ?? new Map<number, boolean>();
    known.set(prop, verdict);
    const ids = [
      ...new Set(
        rows.map((r) => Number(r.values[prop])).filter((n) => Number.isInteger(n) && n > 0 && !verdict.has(n)),
      ),
    ];
    if (ids.length) {
      const allowed = await allowedOf(ids);
      for (const id of ids) verdict.set(id, allowed.has(id));
    }
    for (const r of rows)
      if (r.values[prop] !== undefined && Number(r.values[prop]) > 0 && !verdict.get(Number(r.values[prop])))
        errors.push({ row: r.row, column: f.label, message });
  };
  if (def.ownership === 'tenant' && has('village_id')) {
    await check(
      'village_id',
      async (ids) => {
        const found =
          caller.actor.tenantId === null ? [] : await registry.platform('villagesOf')(q, caller.actor.tenantId, ids);
        return new Set(found.filter((id) => caller.villageIds === null || caller.villageIds.includes(id)));
      },
      '小区不存在或无权限',
    );
  }
  const parentProp = def.tree ? def.fields.find((f) => columnName(f) === def.tree!.parentColumn)?.prop : undefined;
  if (parentProp) {
    const { col } = columnsOf(def.table);
    await check(
      parentProp,
      async (ids) =>
        new Set(
          (
            await q
              .select({ id: col('id') })
              .from(def.table)
              .where(and(inArray(col('id'), ids), scopeWhere(def, caller, false)))
          ).map((r) => Number(r.id)),
        ),
      '上级数据不存在',
    );
  }
};

export type ChunkCtx = {
  registry: AppRegistry;
  def: ResourceDef;
  caller: Caller;
  fields: FieldDef[];
  columns: (FieldDef | undefined)[];
  choices: Map<string, Choices>;
  lookups: Lookups;
};

/**
 * Validates one chunk of data rows: labels → values, refs → ids, the form's own rules, visible
 * villages/parents, then the resource's resolveImport for the rows still clean. Errors go to `errors`.
 */
export const checkChunk = async (
  q: Q,
  c: ChunkCtx,
  rows: { row: number; cells: Plain[] }[],
  errors: ImportError[],
): Promise<Parsed[]> => {
  const { def, caller, fields, columns, choices } = c;
  const found: ImportError[] = [];
  const used = columns.flatMap((f, i) => (f ? [{ f, i, choices: choices.get(f.prop) }] : []));
  const parsed: Parsed[] = rows.map(({ row, cells }) => {
    const values: Row = {};
    for (const { f, i, choices: c } of used) {
      const value = convert(f, cells[i] ?? null, c);
      if (value instanceof Unusable) found.push({ row, column: f.label, message: value.message });
      else if (value !== undefined) values[f.prop] = value;
    }
    return { row, values };
  });
  await resolveRefs(q, caller, fields, parsed, found, c.lookups.refs);
  // a cell already reported is not reported again as missing by the form rules
  const bad = new Map<number, Set<string>>();
  for (const e of found)
    bad.set(e.row, (bad.get(e.row) ?? new Set()).add(fields.find((f) => f.label === e.column)?.prop ?? ''));
  for (const p of parsed) {
    const { values, errors: fe } = checkForm(def, 'import', p.values, (code) =>
      c.registry.platform('isRegionCode')(code),
    );
    for (const e of fe)
      if (!bad.get(p.row)?.has(e.field))
        found.push({ row: p.row, column: e.label, message: e.message.replace(DEFAULT_MARK, '') });
    p.values = values;
  }
  await checkScopedIds(q, c.registry, def, caller, parsed, found, c.lookups.allowed);
  if (def.hooks?.resolveImport) {
    const failed = new Set(found.map((e) => e.row));
    found.push(
      ...(await def.hooks.resolveImport(
        { db: q, actor: caller.actor, caller, def, registry: c.registry },
        parsed.filter((p) => !failed.has(p.row)),
      )),
    );
  }
  errors.push(...found);
  return parsed;
};
