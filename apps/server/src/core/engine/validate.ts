import { z } from 'zod';
import { checkPatrolTime, INT4_MAX, MONEY_FEN_MAX, namedValidators, type FieldRule } from '@5a/contracts';
import type { FieldDef, ResourceDef } from './types.ts';
import { columnKind, isRealDate, misfit } from './bounds.ts';
import { columnName, columnsOf } from './columns.ts';
import { cleanHtml } from './richtext.ts';
import { isOwnFileList } from './file-ref.ts';

const namedMessages: Record<NonNullable<FieldRule['validator']>, string> = {
  mobile: '手机号码格式错误！',
  idcard: '身份证号码格式错误',
  email: '邮箱格式错误',
};

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const datetimePattern = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
/** a number field with no declared bounds still fits an int4 column; money one of bigint fen */
const NUMBER_LIMIT = INT4_MAX;
const MONEY_LIMIT = MONEY_FEN_MAX / 100;

const textOf = (f: FieldDef) => {
  const max = f.maxLength ?? (f.type === 'textarea' || f.type === 'richText' ? 5000 : 255);
  let s = z
    .string({ error: `${f.label}格式错误` })
    .trim()
    .max(max, `${f.label}不能超过${max}个字符`)
    .refine((v) => !v.includes('\u0000'), `${f.label}不能包含空字符`) as unknown as z.ZodString;
  if (f.pattern) s = s.regex(new RegExp(f.pattern.source), f.pattern.message);
  if (f.validator) {
    const check = namedValidators[f.validator];
    s = s.refine((v) => v === '' || check(v), namedMessages[f.validator]) as unknown as typeof s;
  }
  return s;
};

const limitOf = (f: FieldDef) => (f.type === 'money' ? MONEY_LIMIT : NUMBER_LIMIT);
const numberOf = (f: FieldDef) => {
  const min = f.min ?? -limitOf(f);
  const max = f.max ?? limitOf(f);
  return z.coerce
    .number({ error: `${f.label}必须是数字` })
    .refine(Number.isFinite, `${f.label}必须是数字`)
    .refine((v) => v >= min, `${f.label}不能小于${min}`)
    .refine((v) => v <= max, `${f.label}不能大于${max}`);
};

const choiceOf = (f: FieldDef) => {
  const base = z.union([z.string(), z.number()], { error: `请选择${f.label}` });
  const values = f.options?.map((o) => String(o.value));
  return values ? base.refine((v) => values.includes(String(v)), `${f.label}的值无效`) : base;
};

/** ordered ids: an array of ids (or of {id}) as the form sends it, or a '1,2,3' list; no id twice */
const pointChainOf = (f: FieldDef) =>
  z.unknown().transform((v, ctx): number[] => {
    const raw = typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : null;
    const ids = (raw ?? []).map((x: unknown) =>
      Number(x && typeof x === 'object' ? (x as { id?: unknown }).id : typeof x === 'string' ? x.trim() : x),
    );
    if (!raw || raw.length > 200 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > INT4_MAX)) {
      ctx.addIssue({ code: 'custom', message: `${f.label}格式错误` });
      return [];
    }
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: `${f.label}不能重复` });
    return ids;
  });

/** The zod type of one field's value, from the same rules the form shows. */
export const fieldSchemaOf = (f: FieldDef): z.ZodType => {
  switch (f.type) {
    case 'number':
      return numberOf(f).refine(Number.isInteger, `${f.label}必须是整数`);
    case 'money':
      return numberOf(f).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${f.label}最多两位小数`);
    case 'switch':
      return z.coerce.number({ error: `${f.label}格式错误` }).refine((v) => v === 1 || v === 2, `${f.label}只能是1或2`);
    case 'select':
    case 'dict':
    case 'radio':
      return f.multiple ? z.array(choiceOf(f), { error: `${f.label}格式错误` }) : choiceOf(f);
    case 'checkbox':
      return z.union([z.array(z.union([z.string(), z.number()])).transform((a) => a.join(',')), z.string()], {
        error: `${f.label}格式错误`,
      });
    case 'treeSelect':
      // 0 is the tree root
      return z.coerce
        .number({ error: `请选择${f.label}` })
        .int(`${f.label}格式错误`)
        .min(0, `请选择${f.label}`)
        .max(INT4_MAX, `${f.label}格式错误`);
    case 'tableSelect':
      return z.coerce
        .number({ error: `请选择${f.label}` })
        .int(`${f.label}格式错误`)
        .positive(`请选择${f.label}`)
        .max(INT4_MAX, `${f.label}格式错误`);
    case 'date':
      return z
        .string({ error: `${f.label}格式错误` })
        .regex(datePattern, `${f.label}格式应为YYYY-MM-DD`)
        .refine(isRealDate, `${f.label}不是有效日期`);
    case 'datetime':
      return z
        .string({ error: `${f.label}格式错误` })
        .regex(datetimePattern, `${f.label}格式应为YYYY-MM-DD HH:mm:ss`)
        .refine(isRealDate, `${f.label}不是有效日期`);
    case 'month':
      return z.string({ error: `${f.label}格式错误` }).regex(monthPattern, `${f.label}格式应为YYYY-MM`);
    case 'daterange':
    case 'monthrange':
      return z.union(
        [
          z
            .array(z.string())
            .length(2, `${f.label}需要开始和结束`)
            .transform((a) => a.join(',')),
          z.string(),
        ],
        { error: `${f.label}格式错误` },
      );
    case 'region':
      return z.string({ error: `请选择${f.label}` }).regex(/^\d{6,12}$/, `${f.label}格式错误`);
    case 'mapPoint':
      return z
        .string({ error: `${f.label}格式错误` })
        .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, `${f.label}应为“经度,纬度”`)
        .or(z.literal(''));
    case 'image':
    case 'file':
      return z
        .union([z.array(z.string()).transform((a) => a.join(',')), z.string()], { error: `${f.label}格式错误` })
        .refine(isOwnFileList, `${f.label}格式错误`);
    case 'richText':
      return textOf(f).transform(cleanHtml);
    case 'pointChain':
      return pointChainOf(f);
    case 'patrolTime':
      // the picker's JSON, checked by the rules the picker shows, stored normalised
      return z.unknown().transform((v, ctx) => {
        const r = checkPatrolTime(v);
        if (r.ok) return r.json;
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      });
    default:
      return textOf(f);
  }
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
/** clearing text keeps '', anything else left blank keeps the column's default / old value */
const keepsEmpty = new Set([
  'text',
  'textarea',
  'richText',
  'image',
  'file',
  'mapPoint',
  'mapPolygon',
  'checkbox',
  'patrolTime',
]);
/** what a blank becomes: '' for text-like fields, null for a clearable one, else nothing (the old value stays) */
const blankOf = (f: FieldDef) => (keepsEmpty.has(f.type) ? '' : f.clearable ? null : undefined);
const verbOf = (f: FieldDef) =>
  ['text', 'textarea', 'password', 'number', 'money', 'richText'].includes(f.type) ? '请输入' : '请选择';

/** required → a clear '请输入…' / '请选择…'; optional empty values become null. */
const buildPresence = (f: FieldDef, required: boolean) => {
  const inner = fieldSchemaOf(f);
  return z.unknown().transform((v, ctx) => {
    if (isEmpty(v)) {
      if (required) ctx.addIssue({ code: 'custom', message: `${verbOf(f)}${f.label}` });
      return blankOf(f);
    }
    const r = inner.safeParse(v);
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
      return z.NEVER;
    }
    return r.data;
  });
};

/** "ask zod": the fast check cannot vouch for this value */
const SLOW: unique symbol = Symbol('slow');
type Fast = (v: unknown) => unknown;

const fastNumber =
  (accept: (n: number) => boolean): Fast =>
  (v) => {
    if (typeof v !== 'number' && typeof v !== 'string') return SLOW;
    const n = Number(v); // what z.coerce.number does
    return Number.isFinite(n) && accept(n) ? n : SLOW;
  };
const fastPattern =
  (re: RegExp): Fast =>
  (v) =>
    typeof v === 'string' && re.test(v) ? v : SLOW;
const fastDate =
  (re: RegExp): Fast =>
  (v) =>
    typeof v === 'string' && re.test(v) && isRealDate(v) ? v : SLOW;
const fastString: Fast = (v) => (typeof v === 'string' ? v : SLOW);

/**
 * The same value the field's zod schema returns, computed without zod, for the values that
 * schema surely accepts (an import checks ~2M cells); anything else, every error included, goes
 * to zod, so messages and edge cases stay zod's. Null: always zod.
 */
const fastInner = (f: FieldDef): Fast | null => {
  const inRange = (n: number) => n >= (f.min ?? -limitOf(f)) && n <= (f.max ?? limitOf(f));
  switch (f.type) {
    case 'number':
      return fastNumber((n) => inRange(n) && Number.isInteger(n));
    case 'money':
      return fastNumber((n) => inRange(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6);
    case 'switch':
      return fastNumber((n) => n === 1 || n === 2);
    case 'select':
    case 'dict':
    case 'radio': {
      if (f.multiple) return null;
      const values = f.options ? new Set(f.options.map((o) => String(o.value))) : null;
      return (v) =>
        (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) && (!values || values.has(String(v)))
          ? v
          : SLOW;
    }
    case 'treeSelect':
      return fastNumber((n) => Number.isInteger(n) && n >= 0 && n <= INT4_MAX);
    case 'tableSelect':
      return fastNumber((n) => Number.isInteger(n) && n > 0 && n <= INT4_MAX);
    case 'date':
      return fastDate(datePattern);
    case 'datetime':
      return fastDate(datetimePattern);
    case 'month':
      return fastPattern(monthPattern);
    case 'checkbox':
    case 'daterange':
    case 'monthrange':
      return fastString;
    case 'image':
    case 'file':
      return (v) => (typeof v === 'string' && isOwnFileList(v) ? v : SLOW);
    case 'region':
    case 'mapPoint':
    case 'richText':
    case 'pointChain':
    case 'patrolTime':
      return null;
    default: {
      // textOf: trimmed, at most max long, then the pattern and the named validator on the trimmed text
      const max = f.maxLength ?? (f.type === 'textarea' ? 5000 : 255);
      const pattern = f.pattern ? new RegExp(f.pattern.source) : null;
      const check = f.validator ? namedValidators[f.validator] : null;
      return (v) => {
        if (typeof v !== 'string') return SLOW;
        const t = v.trim();
        return t.length <= max &&
          !t.includes('\u0000') &&
          (!pattern || pattern.test(t)) &&
          (!check || t === '' || check(t))
          ? t
          : SLOW;
      };
    }
  }
};

/** why a checked value still does not fit the field's column (an int4, a varchar(n), a date), or null */
type Guard = (v: unknown) => string | null;
type FieldCheck = { f: FieldDef; schema: z.ZodType; fast: Fast | null; guard?: Guard };

const guardOf = (f: FieldDef, table: ResourceDef['table'] | undefined): Guard | undefined => {
  const name = table ? columnName(f) : null;
  const col = name ? columnsOf(table!).byName.get(name)?.col : undefined;
  if (!col) return undefined;
  const kind = columnKind(col);
  if (kind.kind === 'other') return undefined;
  const scale = f.type === 'money' ? 100 : 1;
  // '' is a blank the save hooks turn into the column's default or null
  return (v) => (v === '' ? null : misfit(kind, v, scale));
};
/** built once per field declaration (and required or not) */
const checks = new WeakMap<FieldDef, Map<boolean, FieldCheck>>();
const checkOf = (f: FieldDef, required: boolean): FieldCheck => {
  const byRequired = checks.get(f) ?? new Map<boolean, FieldCheck>();
  checks.set(f, byRequired);
  const hit = byRequired.get(required);
  if (hit) return hit;
  const inner = fastInner(f);
  const empty = blankOf(f);
  const fast: Fast | null = inner && ((v) => (isEmpty(v) ? (required ? SLOW : empty) : inner(v)));
  const check = { f, schema: buildPresence(f, required), fast };
  byRequired.set(required, check);
  return check;
};

export type FormMode = 'add' | 'edit' | 'batch' | 'import' | 'cell';

/** Which fields a mode writes: batch skips add rules, edit only checks what is sent. */
export const writableFields = (def: Pick<ResourceDef, 'fields'>, mode: FormMode) =>
  def.fields.filter((f) => {
    if (f.computed || f.readonly) return false;
    if (mode === 'add') return f.add !== false;
    if (mode === 'edit') return (f.edit ?? f.add) !== false;
    if (mode === 'batch') return f.batch === true;
    if (mode === 'import') return (f.import ?? f.add) !== false;
    return f.editable === true;
  });

export type FieldError = { field: string; label: string; message: string };

/**
 * Validates a form row for a mode, field by field, with the same rules the form shows.
 * add/import: required fields must be present; edit/cell/batch: only what is sent is checked
 * (edit cannot empty a required field).
 */
export const checkForm = (
  def: Pick<ResourceDef, 'fields'> & Partial<Pick<ResourceDef, 'table'>>,
  mode: FormMode,
  row: Record<string, unknown>,
  // the region module's index, from the app's registry: whether a well-formed code exists
  isRegionCode: (code: string) => boolean,
) => {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const full = mode === 'add' || mode === 'import';
  for (const { f, schema, fast, guard } of plan(def.fields, mode, def.table)) {
    if (!full && !(f.prop in row)) continue;
    const v = row[f.prop];
    let out = fast ? fast(v) : SLOW;
    if (out === SLOW) {
      const r = schema.safeParse(v);
      if (!r.success) {
        errors.push({ field: f.prop, label: f.label, message: r.error.issues[0]?.message ?? `${f.label}格式错误` });
        continue;
      }
      out = r.data;
    }
    if (f.type === 'region' && typeof out === 'string' && out !== '' && !isRegionCode(out)) {
      errors.push({ field: f.prop, label: f.label, message: `${f.label}不存在` });
      continue;
    }
    const misfits = out === undefined || out === null ? null : guard?.(out);
    if (misfits) {
      errors.push({ field: f.prop, label: f.label, message: `${f.label}${misfits}` });
      continue;
    }
    if (out !== undefined) values[f.prop] = out;
    else if (full && f.defaultValue !== undefined) values[f.prop] = f.defaultValue;
  }
  // a write-only field this mode does not write (a user's password on the edit form) would be dropped while the
  // call answers 修改成功: it is refused by name instead
  if (mode === 'edit' || mode === 'batch')
    for (const f of def.fields)
      if (f.virtual && f.prop in row && !isEmpty(row[f.prop]) && !writableFields({ fields: [f] }, mode).length)
        errors.push({
          field: f.prop,
          label: f.label,
          message: mode === 'edit' ? `编辑时不能修改${f.label}` : `不能批量修改${f.label}`,
        });
  return { values, errors };
};

/** The checks of a field list and mode, kept with the list: an import validates 100k rows with them. */
const plans = new WeakMap<FieldDef[], Map<FormMode, { length: number; checks: FieldCheck[] }>>();
const plan = (fields: FieldDef[], mode: FormMode, table?: ResourceDef['table']) => {
  const byMode = plans.get(fields) ?? new Map<FormMode, { length: number; checks: FieldCheck[] }>();
  plans.set(fields, byMode);
  const hit = byMode.get(mode);
  // declarations are not changed once made; the length guards a list still being built up
  if (hit && hit.length === fields.length) return hit.checks;
  const full = mode === 'add' || mode === 'import';
  const list = writableFields({ fields }, mode).map((f) => {
    const check = checkOf(f, !!f.required && (full || mode === 'edit' || mode === 'cell'));
    const guard = guardOf(f, table);
    return guard ? { ...check, guard } : check;
  });
  byMode.set(mode, { length: fields.length, checks: list });
  return list;
};

/** The rules the web form shows, from the same declaration. */
export const rulesOf = (f: FieldDef): FieldRule[] => {
  const rules: FieldRule[] = [];
  if (f.required) rules.push({ required: true, message: `${verbOf(f)}${f.label}` });
  const max = f.maxLength ?? (['text', 'password'].includes(f.type) ? 255 : undefined);
  if (max && ['text', 'textarea', 'password'].includes(f.type))
    rules.push({ max, message: `${f.label}不能超过${max}个字符` });
  if (f.pattern) rules.push({ pattern: f.pattern.source, message: f.pattern.message });
  if (f.validator) rules.push({ validator: f.validator, message: namedMessages[f.validator] });
  if ((f.type === 'number' || f.type === 'money') && f.min !== undefined)
    rules.push({ min: f.min, message: `${f.label}不能小于${f.min}` });
  if ((f.type === 'number' || f.type === 'money') && f.max !== undefined)
    rules.push({ max: f.max, message: `${f.label}不能大于${f.max}` });
  return rules;
};
