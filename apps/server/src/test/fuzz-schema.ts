import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour, as the zod transform writes it) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** Values that broke the server before: int4 overflow, huge and non-finite numbers, NUL bytes, wrong types. */
export const MALFORMED: readonly unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e20,
  -1e20,
  1e308,
  'NaN',
  'abc',
  'x\u0000y',
  1.5,
  true,
  {},
  [],
  [2 ** 31],
  ['abc'],
  'x'.repeat(300),
  '2024-13-45',
];

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

const lowOf = (s: JsonSchema) => {
  if (typeof s.exclusiveMinimum === 'number') return { v: s.exclusiveMinimum, open: true };
  return s.minimum === undefined ? undefined : { v: s.minimum, open: s.exclusiveMinimum === true };
};
const highOf = (s: JsonSchema) => {
  if (typeof s.exclusiveMaximum === 'number') return { v: s.exclusiveMaximum, open: true };
  return s.maximum === undefined ? undefined : { v: s.maximum, open: s.exclusiveMaximum === true };
};

/** Values a schema accepts (bounded sizes, so a body stays small). */
export const arbitraryOf = (s: JsonSchema, depth = 0): fc.Arbitrary<unknown> => {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arbitraryOf(a, depth)));
  const t = typesOf(s)[0];
  if (t === 'integer' || t === 'number') {
    const lo = lowOf(s);
    const hi = highOf(s);
    const min = Math.max(lo ? Math.ceil(lo.v) + (lo.open ? 1 : 0) : -1000, -(2 ** 31));
    const max = Math.min(hi ? Math.floor(hi.v) - (hi.open ? 1 : 0) : 1_000_000, 2 ** 31 - 1);
    return fc.integer({ min, max: Math.max(min, max) });
  }
  if (t === 'string') {
    if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 64));
    return fc
      .string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 20) })
      .map((x) => x.padEnd(s.minLength ?? 0, 'a'));
  }
  if (t === 'boolean') return fc.boolean();
  if (t === 'array') {
    const items = s.items ? arbitraryOf(s.items, depth + 1) : fc.integer();
    return fc.array(items, {
      minLength: s.minItems ?? 0,
      maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
    });
  }
  if (t === 'object' || s.properties) {
    if (depth > 3) return fc.constant({});
    const props = Object.entries(s.properties ?? {});
    const required = new Set(s.required ?? []);
    const rec: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of props) rec[k] = arbitraryOf(v, depth + 1);
    return fc.record(rec, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
  }
  return fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null));
};

type Mode = 'strict' | 'coerced';

/**
 * Whether a value breaks a schema. `coerced` reads numbers and strings the way z.coerce does, since
 * the document cannot tell a coercing schema from a strict one: a value counts as invalid only when
 * both readings refuse it.
 */
/** String(v) and Number(v) as a coercing schema reads v; an object without a prototype has neither (it fails there too) */
const text = (v: unknown) => {
  try {
    return String(v);
  } catch {
    return undefined;
  }
};
const number = (v: unknown) => {
  try {
    return Number(v);
  } catch {
    return NaN;
  }
};

const breaks = (s: JsonSchema, v: unknown, mode: Mode): boolean => {
  if (v === undefined) return false;
  if (v === null)
    return (
      !(s.nullable || typesOf(s).includes('null')) &&
      !(mode === 'coerced' && typesOf(s).some((t) => t === 'number' || t === 'integer' || t === 'string'))
    );
  if (s.enum?.length) return !s.enum.some((e) => e === v || (mode === 'coerced' && String(e) === text(v)));
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return alts.every((a) => breaks(a, v, mode));
  const types = typesOf(s);
  if (!types.length) return false;
  return types.every((t) => breaksType(s, t, v, mode));
};

const breaksType = (s: JsonSchema, t: string, v: unknown, mode: Mode): boolean => {
  if (t === 'integer' || t === 'number') {
    const n = mode === 'coerced' ? number(v) : typeof v === 'number' ? v : NaN;
    if (!Number.isFinite(n)) return true;
    if (t === 'integer' && !Number.isInteger(n)) return true;
    const lo = lowOf(s);
    const hi = highOf(s);
    if (lo && (lo.open ? n <= lo.v : n < lo.v)) return true;
    return !!hi && (hi.open ? n >= hi.v : n > hi.v);
  }
  if (t === 'string') {
    const str =
      typeof v === 'string'
        ? v
        : mode === 'coerced' && (typeof v === 'number' || typeof v === 'boolean')
          ? String(v)
          : null;
    if (str === null) return true;
    if (s.maxLength !== undefined && str.trim().length > s.maxLength) return true;
    if (s.minLength !== undefined && str.length < s.minLength) return true;
    return !!s.pattern && !new RegExp(s.pattern).test(str);
  }
  if (t === 'boolean') return typeof v !== 'boolean';
  if (t === 'array') {
    if (!Array.isArray(v)) return true;
    if (s.maxItems !== undefined && v.length > s.maxItems) return true;
    if (s.minItems !== undefined && v.length < s.minItems) return true;
    return !!s.items && v.some((x) => breaks(s.items!, x, mode));
  }
  if (t === 'object') {
    if (typeof v !== 'object' || Array.isArray(v)) return true;
    const o = v as Record<string, unknown>;
    if ((s.required ?? []).some((k) => o[k] === undefined && s.properties?.[k]?.default === undefined)) return true;
    return Object.entries(s.properties ?? {}).some(([k, p]) => breaks(p, o[k], mode));
  }
  return false;
};

/** Invalid for sure: refused by both readings of the schema. */
export const surelyInvalid = (s: JsonSchema, v: unknown) => breaks(s, v, 'strict') && breaks(s, v, 'coerced');

/** Bodies that break one declared property each (wrong type, out of range, too long, missing). */
export const invalidBodies = (s: JsonSchema, valid: Record<string, unknown>): Record<string, unknown>[] => {
  const out: Record<string, unknown>[] = [];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    const candidates: unknown[] = [{ nested: 1 }, 'abc', -1, 2 ** 31, 1.5];
    const hi = highOf(p);
    if (hi) candidates.push(hi.v + 1);
    if (p.maxLength !== undefined && p.maxLength < 10_000) candidates.push('x'.repeat(p.maxLength + 1));
    for (const c of candidates) {
      const body = { ...valid, [k]: c };
      if (surelyInvalid(s, body)) out.push(body);
    }
    if ((s.required ?? []).includes(k) && p.default === undefined) {
      const body = { ...valid };
      delete body[k];
      if (surelyInvalid(s, body)) out.push(body);
    }
  }
  return out;
};
