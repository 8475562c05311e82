import { namedValidators, type FieldConfig, type FieldRule } from '@5a/contracts';
import type { Rule } from 'antd/es/form';

/** Where a form renders: add/edit/childAdd enforce rules; batch skips required. */
export type FormMode = 'add' | 'edit' | 'childAdd' | 'batch' | 'detail';

const numeric = (f: Pick<FieldConfig, 'type'>) => f.type === 'number' || f.type === 'money';
const texty = (f: Pick<FieldConfig, 'type'>) => ['text', 'textarea', 'password', 'richText'].includes(f.type);

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const one = (f: Pick<FieldConfig, 'type'>, r: FieldRule, mode: FormMode): Rule | null => {
  if (r.required) {
    if (mode === 'batch') return null;
    // antd's built-in required check assumes a string: a number, id, list or date would fail it
    if (texty(f)) return { required: true, message: r.message, whitespace: true };
    return {
      required: true,
      message: r.message,
      validator: async (_rule, v: unknown) => {
        if (empty(v)) throw new Error(r.message);
      },
    };
  }
  if (r.pattern !== undefined) {
    const re = new RegExp(r.pattern);
    return {
      validator: async (_rule, v: unknown) => {
        if (!empty(v) && !re.test(String(v))) throw new Error(r.message);
      },
    };
  }
  if (r.validator) {
    const check = namedValidators[r.validator];
    return {
      validator: async (_rule, v: unknown) => {
        if (!empty(v) && !check(String(v).trim())) throw new Error(r.message);
      },
    };
  }
  if (r.min !== undefined || r.max !== undefined) {
    if (numeric(f))
      return {
        type: 'number',
        min: r.min,
        max: r.max,
        message: r.message,
        transform: (v: unknown) => (empty(v) ? undefined : Number(v)),
      };
    if (texty(f)) return { type: 'string', min: r.min, max: r.max, message: r.message };
    return null;
  }
  return null;
};

/** FieldConfig rules (required, pattern, min/max, named validators) → antd Form rules. */
export const formRules = (f: Pick<FieldConfig, 'type' | 'rules'>, mode: FormMode): Rule[] =>
  mode === 'detail' ? [] : f.rules.map((r) => one(f, r, mode)).filter((r): r is Rule => r !== null);

/** Fields a form mode shows. */
export const formFields = (fields: readonly FieldConfig[], mode: FormMode): FieldConfig[] =>
  fields.filter((f) => {
    if (mode === 'add' || mode === 'childAdd') return f.inAdd;
    if (mode === 'edit') return f.inEdit;
    if (mode === 'batch') return f.inBatch;
    return f.inDetail && f.type !== 'password';
  });

/** Add pre-fills field defaults (and preset values such as a footer table's parent key). */
export const initialValues = (
  fields: readonly FieldConfig[],
  mode: FormMode,
  record: Record<string, unknown> | null,
  presets: Record<string, unknown> = {},
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (mode === 'add' || mode === 'childAdd') {
      if (f.defaultValue !== undefined) out[f.prop] = f.defaultValue;
    } else if (record && f.prop in record && f.type !== 'password') out[f.prop] = record[f.prop];
  }
  if (mode === 'add' || mode === 'childAdd')
    for (const [k, v] of Object.entries(presets)) if (fields.some((f) => f.prop === k)) out[k] = v;
  return out;
};

/** The row a form sends: its fields' values; batch keeps only what was filled in. */
export const formRow = (
  fields: readonly FieldConfig[],
  mode: FormMode,
  values: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.prop];
    if (mode === 'batch' && empty(v)) continue;
    out[f.prop] =
      v === undefined
        ? texty(f)
          ? ''
          : null
        : typeof v === 'string' && f.type !== 'richText' && f.type !== 'password'
          ? v.trim()
          : v;
  }
  return out;
};
