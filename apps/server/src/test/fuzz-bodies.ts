import fc from 'fast-check';
import type { FieldConfig } from '@5a/contracts';
import { arbitraryOf, invalidBodies, MALFORMED, type JsonSchema } from './fuzz-schema.ts';

export type Body = Record<string, unknown>;
/** One request the fuzzer sends; `invalid` bodies break the declared schema and must never get code 0. */
export type Case = { body: Body | unknown[] | string; invalid: boolean; query?: string; param?: string };

/** What the fuzzer knows of one operation besides its document entry. */
export type OpInfo = {
  path: string;
  method: string;
  summary: string;
  body?: JsonSchema;
  query: string[];
  params: { name: string; schema: JsonSchema }[];
  /** engine action ('list', 'add' …) when the path belongs to a declared screen */
  action?: string;
  /** the screen's fields (its config, as the caller sees it) */
  fields?: FieldConfig[];
};

const GENERIC_KEYS = [
  'id',
  'ids',
  'current',
  'size',
  'type',
  'status',
  'village_id',
  'house_id',
  'start_time',
  'end_time',
  'money',
  'data',
  'row',
  'orderId',
];

const setPath = (body: Body, path: string, v: unknown): Body => {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...body, [head!]: v };
  const inner = (body[head!] && typeof body[head!] === 'object' ? body[head!] : {}) as Body;
  return { ...body, [head!]: setPath(inner, rest.join('.'), v) };
};

/** a value the field's form would send */
const fieldValue = (f: FieldConfig): fc.Arbitrary<unknown> => {
  const choices = f.options?.map((o) => o.value);
  switch (f.type) {
    case 'number':
      return fc.integer({ min: 0, max: 1000 });
    case 'money':
      return fc.integer({ min: 0, max: 100_000 }).map((x) => (x / 100).toFixed(2));
    case 'switch':
      return fc.constantFrom(1, 2);
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 19).replace('T', ' '));
    case 'month':
      return fc.integer({ min: 1, max: 12 }).map((m) => `2025-${String(m).padStart(2, '0')}`);
    case 'daterange':
      return fc.constant(['2025-01-01', '2025-12-31']);
    case 'tableSelect':
    case 'treeSelect':
      return fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 });
    default:
      return choices?.length ? fc.constantFrom(...choices) : fc.string({ maxLength: 12 });
  }
};

/** the keys a body of this operation may carry, as paths ('row.name') */
const keysOf = (op: OpInfo): string[] => {
  const fields = op.fields ?? [];
  const props = (pick: (f: FieldConfig) => boolean) => fields.filter(pick).map((f) => f.prop);
  switch (op.action) {
    case 'list':
    case 'export':
    case 'index':
      return [
        ...props((f) => f.inSearch),
        'current',
        'size',
        'page',
        'page_size',
        'sortField',
        'ids',
        'village_id',
        'parent_id',
        'house_id',
        'building_id',
      ];
    case 'add':
    case 'childAdd':
      return [...props((f) => f.inAdd).map((p) => `row.${p}`), 'pid'];
    case 'create':
      return props((f) => f.inAdd);
    case 'edit':
    case 'update':
      return ['id', ...props((f) => f.inEdit)];
    case 'batch':
      return ['ids', ...props((f) => f.inBatch || f.inEdit).map((p) => `row.${p}`)];
    case 'cellSave':
      return ['key', 'val', 'row.id'];
  }
  const declared = Object.keys(op.body?.properties ?? {});
  const open = !op.body || op.body.additionalProperties !== undefined || !op.body.properties;
  // a custom route's summary names its keys: '收款 {ids, type 0 线上 | 1 线下, payway}'
  const named = [...op.summary.matchAll(/[{,]\s*([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  return [...new Set([...declared, ...named, ...(open ? GENERIC_KEYS : [])])];
};

/** a body the form of this screen would send */
const formBody = (op: OpInfo, keys: string[]): fc.Arbitrary<Body> => {
  const byProp = new Map((op.fields ?? []).map((f) => [f.prop, f]));
  const entries = keys.map((k) => {
    const f = byProp.get(k.replace(/^row\./, ''));
    const v = f
      ? fieldValue(f)
      : k === 'current' || k === 'page'
        ? fc.integer({ min: 1, max: 3 })
        : k === 'size' || k === 'page_size'
          ? fc.integer({ min: 1, max: 50 })
          : fc.oneof(fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }), fc.string({ maxLength: 8 }));
    return fc.option(v, { nil: undefined, freq: 2 }).map((x) => [k, x] as const);
  });
  return fc.tuple(...entries).map((kv) => kv.reduce<Body>((b, [k, v]) => (v === undefined ? b : setPath(b, k, v)), {}));
};

/** The requests for one operation and one signed-in caller: fixed malformed cases, generated valid and invalid bodies. */
export const casesFor = (op: OpInfo, seed: number, generated: number): Case[] => {
  const keys = keysOf(op);
  const schemaValid = op.body ? (fc.sample(arbitraryOf(op.body), { seed, numRuns: generated }) as Body[]) : [];
  const base = (
    schemaValid[0] && typeof schemaValid[0] === 'object' && !Array.isArray(schemaValid[0]) ? schemaValid[0] : {}
  ) as Body;
  const out: Case[] = [];
  // every malformed value once, each on a key of its own in turn, on top of a valid body
  MALFORMED.forEach((v, i) => {
    const key = keys[i % Math.max(1, keys.length)];
    out.push({
      body: key ? setPath(base, key, v) : base,
      invalid: false,
      query: i % 4 === 0 ? `tabkey=${encodeURIComponent(String(v))}` : undefined,
      param: String(v),
    });
  });
  // the same values on every key at once (a list's first search key must not hide the others)
  if (keys.length > 1)
    for (const v of [2 ** 31, 'abc', 'x\u0000y', 1e308])
      out.push({ body: keys.reduce((b, k) => setPath(b, k, v), base), invalid: false });
  out.push({ body: [], invalid: false }, { body: 'abc', invalid: false });
  for (const b of schemaValid) out.push({ body: b, invalid: false });
  if (keys.length) {
    const form = fc.sample(formBody(op, keys), { seed: seed + 1, numRuns: generated });
    const mixed = fc.sample(
      fc
        .tuple(formBody(op, keys), fc.constantFrom(...keys), fc.constantFrom(...MALFORMED))
        .map(([b, k, v]) => setPath({ ...base, ...b }, k, v)),
      { seed: seed + 2, numRuns: generated },
    );
    for (const b of [...form, ...mixed]) out.push({ body: { ...base, ...b }, invalid: false });
  }
  if (op.body) for (const b of invalidBodies(op.body, base).slice(0, 6)) out.push({ body: b, invalid: true });
  return out;
};
