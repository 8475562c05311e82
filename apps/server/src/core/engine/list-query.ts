import { Column, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { apiRowReader, rawSelection, readRaw } from './raw-rows.ts';
import type { ResourceDef, Row } from './types.ts';

const dialect = new PgDialect();

/**
 * A fragment rendered to SQL text once when it has no parameters; with parameters it stays a
 * fragment and is rendered per query. Building a 25-column select through drizzle's builder cost
 * ~90 µs a page view — a tenth of the app's CPU per list request (docs/benchmarks.md, lists).
 */
export const frozen = (q: SQL): SQL => {
  const r = dialect.sqlToQuery(q);
  return r.params.length ? q : sql.raw(r.sql);
};

/** consecutive parameter-free parts joined into one text */
const frozenList = (parts: SQL[]): SQL => {
  const out: SQL[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length) out.push(sql.raw(text.join(', ')));
    text = [];
  };
  for (const p of parts) {
    const r = dialect.sqlToQuery(p);
    if (r.params.length) {
      flush();
      out.push(p);
    } else text.push(r.sql);
  }
  flush();
  return sql.join(out, sql.raw(', '));
};

export type CompiledSelect = { select: SQL; from: SQL; id: SQL; toRow: (raw: Record<string, unknown>) => Row };

/** A resource's select list, its table and id as SQL text, and its rows' reader to API rows, worked out once per resource. */
export const compileSelect = (
  def: ResourceDef,
  idColumn: PgColumn,
  selection: Record<string, PgColumn | SQL.Aliased>,
  extraProps: readonly string[] = [],
): CompiledSelect => {
  const { selection: renamed, decoders } = rawSelection(selection);
  const parts = Object.values(renamed).map((f) =>
    f instanceof Column ? sql`${f}` : sql`(${f.sql}) as ${sql.identifier(f.fieldAlias)}`,
  );
  return {
    select: frozenList(parts),
    from: frozen(sql`${def.table}`),
    id: frozen(sql`${idColumn}`),
    toRow: apiRowReader(def, decoders, extraProps),
  };
};

export type PageQuery = {
  where: SQL | undefined;
  order: SQL;
  size: number;
  offset: number;
  extra?: SQL;
  /** the order keys of each row as one value, read off the last row for the next page's cursor */
  cursor?: SQL;
};

/**
 * One page of rows. Deep pages read the page's ids first (index-only where an index matches the
 * order), then the columns — computed ones included — for those rows only. `extra` is one more
 * output column (the capped count probe rides on the page this way: one statement per page view).
 */
export const pageSql = (c: CompiledSelect, q: PageQuery): SQL => {
  const where = q.where ?? sql`true`;
  const extra = sql`${q.extra ? sql`, ${q.extra} as "__extra"` : sql``}${q.cursor ? sql`, ${q.cursor} as "__cursor"` : sql``}`;
  return q.offset > 0
    ? sql`select ${c.select}${extra} from ${c.from} where ${c.id} in (select ${c.id} from ${c.from} where ${where} order by ${q.order} limit ${q.size} offset ${q.offset}) order by ${q.order}`
    : sql`select ${c.select}${extra} from ${c.from} where ${where} order by ${q.order} limit ${q.size}`;
};

/** the page's rows (API rows), the extra column of its first row and the order keys of its last, if any row came */
export const readPage = async (
  db: Db,
  c: CompiledSelect,
  q: PageQuery,
): Promise<{ rows: Row[]; extra: unknown; last: unknown }> => {
  let extra: unknown;
  let last: unknown;
  const rows = await readRaw(db, pageSql(c, q), c.toRow, (raw) => {
    extra ??= raw.__extra;
    last = raw.__cursor;
  });
  return { rows, extra, last };
};
