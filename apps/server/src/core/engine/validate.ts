import { z } from 'zod';
import { namedValidators, type FieldRule } from '@5a/contracts';
import type { FieldDef, ResourceDef } from './types.ts';
import { isRegionCode } from '../../modules/region/service.ts';
import { cleanHtml } from './richtext.ts';

const namedMessages: Record<NonNullable<FieldRule['validator']>, string> = {
  mobile: '手机号码格式错误！',
  idcard: '身份证号码格式错误',
  email: '邮箱格式错误',
};

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const datetimePattern = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const monthPattern = /^\d{4}-\d{2}$/;

const textOf = (f: FieldDef) => {
  const max = f.maxLength ?? (f.type === 'textarea' || f.type === 'richText' ? 5000 : 255);
  let s = z.string({ error: `${f.label}格式错误` }).trim().max(max, `${f.label}不能超过${max}个字符`);
  if (f.pattern) s = s.regex(new RegExp(f.pattern.source), f.pattern.message);
  if (f.validator) {
    const check = namedValidators[f.validator];
    s = s.refine((v) => v === '' || check(v), namedMessages[f.validator]) as unknown as typeof s;
  }
  return s;
};

const numberOf = (f: FieldDef) => {
  let n = z.coerce.number({ error: `${f.label}必须是数字` }).refine(Number.isFinite, `${f.label}必须是数字`);
  if (f.min !== undefined) n = n.refine((v) => v >= f.min!, `${f.label}不能小于${f.min}`);
  if (f.max !== undefined) n = n.refine((v) => v <= f.max!, `${f.label}不能大于${f.max}`);
  return n;
};

const choiceOf = (f: FieldDef) => {
  const base = z.union([z.string(), z.number()], { error: `请选择${f.label}` });
  const values = f.options?.map((o) => String(o.value));
  return values ? base.refine((v) => values.includes(String(v)), `${f.label}的值无效`) : base;
};

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
      return z.union([z.array(z.union([z.string(), z.number()])).transform((a) => a.join(',')), z.string()], { error: `${f.label}格式错误` });
    case 'treeSelect':
      // 0 is the tree root
      return z.coerce.number({ error: `请选择${f.label}` }).int(`${f.label}格式错误`).min(0, `请选择${f.label}`);
    case 'tableSelect':
      return z.coerce.number({ error: `请选择${f.label}` }).int(`${f.label}格式错误`).positive(`请选择${f.label}`);
    case 'date':
      return z.string({ error: `${f.label}格式错误` }).regex(datePattern, `${f.label}格式应为YYYY-MM-DD`);
    case 'datetime':
      return z.string({ error: `${f.label}格式错误` }).regex(datetimePattern, `${f.label}格式应为YYYY-MM-DD HH:mm:ss`);
    case 'month':
      return z.string({ error: `${f.label}格式错误` }).regex(monthPattern, `${f.label}格式应为YYYY-MM`);
    case 'daterange':
    case 'monthrange':
      return z
        .union([z.array(z.string()).length(2, `${f.label}需要开始和结束`).transform((a) => a.join(',')), z.string()], { error: `${f.label}格式错误` });
    case 'region':
      return z
        .string({ error: `请选择${f.label}` })
        .regex(/^\d{6,12}$/, `${f.label}格式错误`)
        .refine(isRegionCode, `${f.label}不存在`);
    case 'mapPoint':
      return z.string({ error: `${f.label}格式错误` }).regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, `${f.label}应为“经度,纬度”`).or(z.literal(''));
    case 'image':
    case 'file':
      return z.union([z.array(z.string()).transform((a) => a.join(',')), z.string()], { error: `${f.label}格式错误` });
    case 'richText':
      return textOf(f).transform(cleanHtml);
    default:
      return textOf(f);
  }
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** required → a clear '请输入…' / '请选择…'; optional empty values become null. */
/** Field schemas are built once per declaration: an import validates 10k rows with them. */
const presenceCache = new WeakMap<FieldDef, Map<boolean, z.ZodType>>();
const withPresence = (f: FieldDef, required: boolean): z.ZodType => {
  const byRequired = presenceCache.get(f) ?? new Map<boolean, z.ZodType>();
  presenceCache.set(f, byRequired);
  const hit = byRequired.get(required);
  if (hit) return hit;
  const schema = buildPresence(f, required);
  byRequired.set(required, schema);
  return schema;
};

const buildPresence = (f: FieldDef, required: boolean) => {
  const inner = fieldSchemaOf(f);
  const verb = ['text', 'textarea', 'password', 'number', 'money', 'richText'].includes(f.type) ? '请输入' : '请选择';
  return z.unknown().transform((v, ctx) => {
    if (isEmpty(v)) {
      if (required) ctx.addIssue({ code: 'custom', message: `${verb}${f.label}` });
      // clearing text keeps '', anything else left blank keeps the column's default / old value
      return ['text', 'textarea', 'richText', 'image', 'file', 'mapPoint', 'mapPolygon', 'checkbox', 'patrolTime'].includes(f.type) ? '' : undefined;
    }
    const r = inner.safeParse(v);
    if (!r.success) {
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
      return z.NEVER;
    }
    return r.data;
  });
};

export type FormMode = 'add' | 'edit' | 'batch' | 'import' | 'cell';

/** Which fields a mode writes: batch skips add rules (SPEC §2), edit only checks what is sent. */
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
export const checkForm = (def: Pick<ResourceDef, 'fields'>, mode: FormMode, row: Record<string, unknown>) => {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const full = mode === 'add' || mode === 'import';
  for (const f of writableFields(def, mode)) {
    if (!full && !(f.prop in row)) continue;
    const r = withPresence(f, !!f.required && (full || mode === 'edit' || mode === 'cell')).safeParse(row[f.prop]);
    if (r.success) {
      if (r.data !== undefined) values[f.prop] = r.data;
      else if (full && f.defaultValue !== undefined) values[f.prop] = f.defaultValue;
    }
    else errors.push({ field: f.prop, label: f.label, message: r.error.issues[0]?.message ?? `${f.label}格式错误` });
  }
  return { values, errors };
};

/** The rules the web form shows, from the same declaration. */
export const rulesOf = (f: FieldDef): FieldRule[] => {
  const rules: FieldRule[] = [];
  const verb = ['text', 'textarea', 'password', 'number', 'money', 'richText'].includes(f.type) ? '请输入' : '请选择';
  if (f.required) rules.push({ required: true, message: `${verb}${f.label}` });
  const max = f.maxLength ?? (['text', 'password'].includes(f.type) ? 255 : undefined);
  if (max && ['text', 'textarea', 'password'].includes(f.type)) rules.push({ max, message: `${f.label}不能超过${max}个字符` });
  if (f.pattern) rules.push({ pattern: f.pattern.source, message: f.pattern.message });
  if (f.validator) rules.push({ validator: f.validator, message: namedMessages[f.validator] });
  if ((f.type === 'number' || f.type === 'money') && f.min !== undefined) rules.push({ min: f.min, message: `${f.label}不能小于${f.min}` });
  if ((f.type === 'number' || f.type === 'money') && f.max !== undefined) rules.push({ max: f.max, message: `${f.label}不能大于${f.max}` });
  return rules;
};
