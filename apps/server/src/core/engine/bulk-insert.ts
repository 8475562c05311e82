import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Row, Tx } from './types.ts';

/** rows per statement: one array parameter per column, a few hundred KB each */
export const UNNEST_CHUNK = 5000;
const BUILDER_CHUNK = 1000;

const escapable = /["\\]/;
/** A column of values as a PostgreSQL array literal, sent as one text parameter: the same on pg and PGlite. */
const arrayLiteral = (rows: Row[], key: string, fill: unknown) => {
  // one string per value at most (most are the row's own): 2M values in a 100k-row import
  const parts: (string | null)[] = new Array<string | null>(rows.length);
  let nulls = false;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const v = r[key] !== undefined ? r[key] : fill;
    if (v === null || v === undefined) {
      parts[i] = null;
      nulls = true;
      continue;
    }
    const s =
      typeof v === 'string'
        ? v
        : typeof v === 'number'
          ? String(v)
          : v instanceof Date
            ? v.toISOString()
            : typeof v === 'boolean'
              ? v
                ? 't'
                : 'f'
              : typeof v === 'object'
                ? JSON.stringify(v)
                : String(v);
    parts[i] = escapable.test(s) ? s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : s;
  }
  if (!nulls) return rows.length ? `{"${parts.join('","')}"}` : '{}';
  return `{${parts.map((p) => (p === null ? 'NULL' : `"${p}"`)).join(',')}}`;
};

/**
 * Inserts rows (drizzle keys) set-based: `insert … select * from unnest($1::type[], …)` in chunks
 * (~10× faster than the query builder). A key missing from some rows takes the column's
 * static default so all rows share one column list; rows that still differ (a SQL default such as
 * now()) go in their own statement. Array and json columns fall back to multi-row inserts.
 */
export const bulkInsert = async (tx: Tx, table: PgTable, rows: Row[]) => {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const found = new Set<string>();
  for (const r of rows) for (const k in r) if (!found.has(k) && r[k] !== undefined && cols[k]) found.add(k);
  const keys = [...found];
  // what a row without the key gets: the static default, null, or nothing (the column's SQL default)
  const fills = keys.map((k) => {
    const c = cols[k]!;
    if (c.default !== undefined && !is(c.default, SQL)) return { value: c.default };
    return !c.hasDefault && !c.notNull ? { value: null } : null;
  });
  // rows are grouped by the keys they leave to SQL defaults; usually none, so one group
  const groups = new Map<string, { ks: number[]; rows: Row[] }>();
  for (const r of rows) {
    let sig = '';
    for (let j = 0; j < keys.length; j++) if (r[keys[j]!] === undefined && !fills[j]) sig += `${j},`;
    const g = groups.get(sig);
    if (g) g.rows.push(r);
    else groups.set(sig, { ks: keys.map((_, j) => j).filter((j) => !sig.split(',').includes(String(j))), rows: [r] });
  }
  const valueOf = (r: Row, j: number) => (r[keys[j]!] !== undefined ? r[keys[j]!] : fills[j]!.value);
  for (const { ks, rows: group } of groups.values()) {
    const plain =
      ks.length > 0 && ks.every((j) => !['array', 'json', 'custom', 'buffer'].includes(cols[keys[j]!]!.dataType));
    if (!plain) {
      const full = group.map((r) => Object.fromEntries(ks.map((j) => [keys[j]!, valueOf(r, j)])));
      for (let i = 0; i < full.length; i += BUILDER_CHUNK)
        await tx.insert(table).values(full.slice(i, i + BUILDER_CHUNK));
      continue;
    }
    const names = sql.join(
      ks.map((j) => sql.identifier(cols[keys[j]!]!.name)),
      sql`, `,
    );
    for (let i = 0; i < group.length; i += UNNEST_CHUNK) {
      const chunk = group.slice(i, i + UNNEST_CHUNK);
      const arrays = sql.join(
        ks.map(
          (j) => sql`${arrayLiteral(chunk, keys[j]!, fills[j]?.value)}::${sql.raw(cols[keys[j]!]!.getSQLType())}[]`,
        ),
        sql`, `,
      );
      await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})`);
    }
  }
  return rows.length;
};
