import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code, type ImportResult } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_MARK } from '../validation.ts';
import { villages } from '../../modules/tenancy/schema.ts';
import { bulkInsert } from './bulk-insert.ts';
import { loadChoices, switchValue, type Choices } from './choices.ts';
import { columnName, columnsOf, toColumnValues } from './columns.ts';
import { fieldConfig } from './config.ts';
import type { SheetData } from './import-sheet.ts';
import { ownerValues, scopeWhere, type Caller } from './scope.ts';
import type { ResourceService } from './service.ts';
import type { FieldDef, ResourceDef, Row } from './types.ts';
import { checkForm } from './validate.ts';
import { excelDate, normalizeDateText, type Plain } from './xlsx.ts';

export type ImportError = ImportResult['errors'][number];
type Parsed = { row: number; values: Row };

export const MAX_IMPORT_ROWS = 100_000;
const MAX_ERRORS = 1000;
/** rows per insertRows call when hooks must see each row (multi-row insert, not one per row) */
const HOOK_CHUNK = 500;
const ANALYZE_AFTER = 5000;

export const importFields = (def: ResourceDef) => def.fields.filter((f) => fieldConfig(f).inImport);

const refused = (total: number, errors: ImportError[]) => {
  const e = errors[0]!;
  const where = e.row > 0 ? `第${e.row}行 ` : '';
  return new AppError(Code.validation, `导入失败：${where}${e.column} ${e.message}`, { total, inserted: 0, errors: errors.slice(0, MAX_ERRORS) });
};

const dateKind = (f: FieldDef) => (f.type === 'date' || f.type === 'datetime' || f.type === 'month' ? f.type : null);

/** One cell → the value the form would send; choice labels → values. */
const convert = (f: FieldDef, v: Plain, choices: Choices | undefined): { value?: unknown; error?: string } => {
  if (v === null || v === '') return {};
  const kind = dateKind(f);
  if (kind && (v instanceof Date || typeof v === 'number')) return { value: excelDate(v, kind) };
  const text = v instanceof Date ? excelDate(v, 'datetime') : String(v).trim();
  if (choices) {
    const many = f.multiple || f.type === 'checkbox';
    const out: string[] = [];
    for (const p of many ? text.split(/[,，、;；]/).map((s) => s.trim()).filter(Boolean) : [text]) {
      // a label, or the stored value itself
      const value = choices.toValue.get(p) ?? (choices.toLabel.has(p) ? p : undefined);
      if (value === undefined) return { error: `${f.label}的值无效：${p}` };
      out.push(value);
    }
    return { value: f.type === 'checkbox' ? out.join(',') : many ? out : out[0] };
  }
  if (f.type === 'switch') return { value: switchValue(text) };
  if (kind) return { value: normalizeDateText(text, kind) };
  if ((f.type === 'number' || f.type === 'money') && typeof v === 'number') return { value: v };
  return { value: text };
};

/** text → id for `ref` fields: one query per field for all distinct labels, within the tenant. */
const resolveRefs = async (db: Db, caller: Caller, fields: FieldDef[], parsed: Parsed[], errors: ImportError[]) => {
  for (const f of fields) {
    if (!f.ref) continue;
    const labels = [...new Set(parsed.map((p) => p.values[f.prop]).filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (!labels.length) continue;
    const { col, has } = columnsOf(f.ref.table);
    const label = col(f.ref.labelColumn);
    const tenant = f.ref.tenantScoped && has('tenant_id') ? eq(col('tenant_id'), caller.actor.tenantId ?? -1) : undefined;
    const found = await db.select({ id: col('id'), label }).from(f.ref.table).where(and(inArray(label, labels), tenant));
    const ids = new Map<string, number[]>();
    for (const r of found) ids.set(String(r.label), [...(ids.get(String(r.label)) ?? []), Number(r.id)]);
    for (const p of parsed) {
      const text = p.values[f.prop];
      if (typeof text !== 'string' || text === '') continue;
      const hit = ids.get(text) ?? [];
      if (hit.length === 1) p.values[f.prop] = hit[0];
      else {
        delete p.values[f.prop];
        errors.push({ row: p.row, column: f.label, message: hit.length ? `${f.label}“${text}”有重名，无法确定` : `${f.label}不存在：${text}` });
      }
    }
  }
};

/** Ids a row points at (its village, its tree parent) must be visible to the caller: set-based. */
const checkScopedIds = async (db: Db, def: ResourceDef, caller: Caller, rows: Parsed[], errors: ImportError[]) => {
  const { has } = columnsOf(def.table);
  const check = async (prop: string, allowedOf: (ids: number[]) => Promise<Set<number>>, message: string) => {
    const f = def.fields.find((x) => x.prop === prop);
    const ids = [...new Set(rows.map((r) => Number(r.values[prop])).filter((n) => Number.isInteger(n) && n > 0))];
    if (!f || !ids.length) return;
    const allowed = await allowedOf(ids);
    for (const r of rows) if (r.values[prop] !== undefined && Number(r.values[prop]) > 0 && !allowed.has(Number(r.values[prop]))) errors.push({ row: r.row, column: f.label, message });
  };
  if (def.ownership === 'tenant' && has('village_id')) {
    await check('village_id', async (ids) => {
      const found = await db.select({ id: villages.id }).from(villages).where(and(inArray(villages.id, ids), eq(villages.tenantId, caller.actor.tenantId ?? -1)));
      return new Set(found.map((r) => r.id).filter((id) => caller.villageIds === null || caller.villageIds.includes(id)));
    }, '小区不存在或无权限');
  }
  const parentProp = def.tree ? def.fields.find((f) => columnName(f) === def.tree!.parentColumn)?.prop : undefined;
  if (parentProp) {
    const { col } = columnsOf(def.table);
    await check(parentProp, async (ids) => new Set((await db.select({ id: col('id') }).from(def.table).where(and(inArray(col('id'), ids), scopeWhere(def, caller, false)))).map((r) => Number(r.id))), '上级数据不存在');
  }
};

/** A unique violation names its key; point at the row that carries it (the second one if the file repeats it). */
const uniqueError = (def: ResourceDef, parsed: Parsed[], err: unknown): ImportError | null => {
  for (let e = err as { code?: unknown; detail?: unknown; cause?: unknown } | null; e; e = e.cause as typeof e) {
    if (e.code !== '23505') continue;
    const m = /Key \(([^)]+)\)=\((.*)\) already exists/.exec(String(e.detail ?? ''));
    const f = m ? def.fields.find((x) => columnName(x) === m[1]) : undefined;
    if (!m || !f) return { row: 0, column: def.title, message: `${def.title}已存在，请勿重复导入` };
    const rows = parsed.filter((p) => String(p.values[f.prop] ?? '') === m[2]);
    return { row: (rows[1] ?? rows[0])?.row ?? 0, column: f.label, message: `${f.label}“${m[2]}”已存在` };
  }
  return null;
};

/**
 * Validates every row first (labels → values, refs → ids, the form's own rules, visible
 * villages/parents); any error writes nothing. Then inserts all rows in one transaction,
 * set-based (unnest) unless the resource has save hooks.
 */
export const importRows = async (db: Db, def: ResourceDef, svc: ResourceService, caller: Caller, sheet: SheetData): Promise<ImportResult> => {
  const fields = importFields(def);
  const byName = new Map<string, FieldDef>();
  for (const f of fields) byName.set(f.label, f);
  for (const f of fields) if (!byName.has(f.prop)) byName.set(f.prop, f);
  const seen = new Set<FieldDef>();
  const columns = sheet.headers.map((h) => {
    const f = byName.get(h.trim().replace(/^[*＊]\s*/, '').trim());
    if (!f || seen.has(f)) return undefined;
    seen.add(f);
    return f;
  });
  // a row with text only in ignored columns (a note beside the table) is not a data row
  const rows = sheet.rows.filter((r) => columns.some((f, i) => f && r.cells[i] !== null && r.cells[i] !== undefined && r.cells[i] !== ''));
  const total = rows.length;
  const missing = fields.filter((f) => f.required && !seen.has(f));
  if (missing.length) throw refused(total, missing.map((f) => ({ row: 1, column: f.label, message: '缺少必填列' })));
  if (!total) throw new AppError(Code.validation, '文件中没有数据', { total: 0, inserted: 0, errors: [] });

  const choices = await loadChoices(db, caller, fields);
  const errors: ImportError[] = [];
  const parsed: Parsed[] = rows.map(({ row, cells }) => {
    const values: Row = {};
    columns.forEach((f, i) => {
      if (!f) return;
      const { value, error } = convert(f, cells[i] ?? null, choices.get(f.prop));
      if (error) errors.push({ row, column: f.label, message: error });
      else if (value !== undefined) values[f.prop] = value;
    });
    return { row, values };
  });
  await resolveRefs(db, caller, fields, parsed, errors);
  // a cell already reported is not reported again as missing by the form rules
  const bad = new Map<number, Set<string>>();
  for (const e of errors) bad.set(e.row, (bad.get(e.row) ?? new Set()).add(fields.find((f) => f.label === e.column)?.prop ?? ''));
  for (const p of parsed) {
    const { values, errors: fe } = checkForm(def, 'import', p.values);
    for (const e of fe) if (!bad.get(p.row)?.has(e.field)) errors.push({ row: p.row, column: e.label, message: e.message.replace(DEFAULT_MARK, '') });
    p.values = values;
  }
  await checkScopedIds(db, def, caller, parsed, errors);
  if (def.hooks?.resolveImport) {
    const failed = new Set(errors.map((e) => e.row));
    errors.push(...(await def.hooks.resolveImport({ db, actor: caller.actor, def }, parsed.filter((p) => !failed.has(p.row)))));
  }
  if (errors.length) throw refused(total, errors.sort((a, b) => a.row - b.row));

  const inputs = parsed.map((p) => p.values);
  const sortProp = def.sort ? def.fields.find((f) => columnName(f) === def.sort!.column)?.prop : undefined;
  try {
    await db.transaction(async (tx) => {
      await svc.checkReferences(caller, tx, inputs);
      if (sortProp && inputs.some((v) => v[sortProp] === undefined)) {
        // like add: rows without an order go after the existing ones, in file order
        const { col } = columnsOf(def.table);
        const [m] = await tx.select({ m: sql<number>`coalesce(max(${col(def.sort!.column)}), 0)::int` }).from(def.table).where(scopeWhere(def, caller, true));
        let next = Number(m?.m ?? 0);
        for (const v of inputs) if (v[sortProp] === undefined) v[sortProp] = ++next;
      }
      if (def.hooks?.beforeSave || def.hooks?.afterSave) {
        for (let i = 0; i < inputs.length; i += HOOK_CHUNK) await svc.insertRows(caller, tx, inputs.slice(i, i + HOOK_CHUNK));
      } else {
        const owner = ownerValues(def, caller.actor);
        await bulkInsert(tx, def.table, inputs.map((v) => ({ ...toColumnValues(def, v), ...owner })));
      }
    });
  } catch (err) {
    const unique = uniqueError(def, parsed, err);
    if (unique) throw refused(total, [unique]);
    if (err instanceof AppError) {
      const field = (err.data as { field?: string } | null)?.field;
      throw refused(total, [{ row: 0, column: def.fields.find((f) => f.prop === field)?.label ?? def.title, message: err.message }]);
    }
    throw err;
  }
  // PGlite has no autovacuum: without fresh statistics the planner keeps estimating the table as
  // tiny and picks plans (tenant index + sort) that rescan it for every keyset batch of an export
  if (total >= ANALYZE_AFTER) await db.execute(sql`analyze ${def.table}`);
  return { total, inserted: total, errors: [] };
};
