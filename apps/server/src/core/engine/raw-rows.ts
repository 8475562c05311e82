import { Column, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { apiPlanOf, fenToYuan } from './columns.ts';
import { formatTime } from '../time.ts';
import type { ResourceDef, Row } from './types.ts';

export type Decoder = { key: string; from: string; decode: ((v: unknown) => unknown) | null };

/**
 * Reads a select's rows without drizzle's per-cell result mapping, which checked every cell's
 * field kind and was the largest share of an export's CPU time after GC (docs/benchmarks.md).
 * The decoders are the same columns' own `mapFromDriverValue`, resolved once per query shape;
 * computed fields get output names of their own (`c__prop`), since the driver's object rows would
 * merge a computed `late_fee` with the column of that name.
 */
export const rawSelection = (selection: Record<string, PgColumn | SQL.Aliased>) => {
  const decoders: Decoder[] = [];
  const renamed: Record<string, PgColumn | SQL.Aliased> = {};
  for (const [key, field] of Object.entries(selection)) {
    if (field instanceof Column && field.columnType === 'PgTimestamp') {
      // the database writes the text formatTime would (Asia/Shanghai): no Date per cell in the
      // driver, drizzle and formatTime — most of a list or export row's garbage was dates
      const from = `t__${key}`;
      renamed[key] = sql`to_char(${field} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as(from);
      decoders.push({ key, from, decode: null });
    } else if (field instanceof Column) {
      renamed[key] = field;
      decoders.push({ key, from: field.name, decode: (v) => field.mapFromDriverValue(v) });
    } else {
      const from = `c__${key}`;
      renamed[key] = field.sql.as(from);
      const d = decoderOf(field.sql);
      // an sql`` without .mapWith() passes values through
      decoders.push({ key, from, decode: d && d !== noopDecoder ? (v) => d.mapFromDriverValue(v) : null });
    }
  }
  return { selection: renamed, decoders };
};

type ValueDecoder = { mapFromDriverValue: (v: unknown) => unknown };
// drizzle keeps an sql``'s .mapWith() decoder on an internal field
const decoderOf = (q: SQL) => (q as unknown as { decoder?: ValueDecoder }).decoder;
const noopDecoder = decoderOf(new SQL([]));

const read = (d: Decoder, r: Record<string, unknown>) => {
  const v = r[d.from];
  return v === null || v === undefined || !d.decode ? (v ?? null) : d.decode(v);
};

/**
 * Driver rows straight to API rows — what `toApiRow` makes of a drizzle row — without the row in
 * between: one object less per row, which mattered for an export's garbage (docs/benchmarks.md).
 */
export const apiRowReader = (def: ResourceDef, decoders: Decoder[], extraProps: readonly string[] = []) => {
  const byKey = new Map(decoders.map((d) => [d.key, d]));
  const id = byKey.get('id');
  // props other modules compute in this select (extensions) ride along under their own names
  const plan = [...apiPlanOf(def), ...extraProps.map((prop) => ({ prop, key: prop, money: false }))];
  const steps = plan.map((s) => ({ ...s, d: byKey.get(s.key) }));
  // each row starts as an object literal naming every prop, made by a generated function: V8 then
  // gives all rows one fixed shape with in-object slots (~230 bytes for 26 props), where a spread
  // copy or props added one by one ended in a dictionary (~2.3 KB a row, most of an export's garbage)
  // (the props are the resource's own field names, quoted)
  const props = ['id', ...steps.map((s) => s.prop)].map((p) => `${JSON.stringify(p)}: null`);
  const blank = new Function(`return { ${props.join(', ')} };`) as () => Row;
  return (r: Record<string, unknown>): Row => {
    const out = blank();
    out.id = id ? read(id, r) : undefined;
    for (const s of steps) {
      const v = s.d ? read(s.d, r) : undefined;
      out[s.prop] = s.money ? fenToYuan(v) : v instanceof Date ? formatTime(v) : v;
    }
    return out;
  };
};

/** `peek` sees each driver row as it came (columns outside the selection) */
export const readRaw = async (
  db: Db,
  query: SQLWrapper,
  toRow: (raw: Record<string, unknown>) => Row,
  peek?: (raw: Record<string, unknown>) => void,
): Promise<Row[]> => {
  const res = (await db.execute(query.getSQL())) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => {
    peek?.(r);
    return toRow(r);
  });
};
