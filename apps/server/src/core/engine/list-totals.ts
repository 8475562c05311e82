import { getTableName, sql, type SQL } from 'drizzle-orm';
import { announce, onChange } from '../bus/index.ts';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { dbKey } from '../db/identity.ts';

/**
 * A list's total and its declared sums (`totals`), without counting a million rows per page
 * view (docs/benchmarks.md, estate finding 1):
 * - one probe reads at most CAP + 1 matching rows; below that the count and sums are exact and fresh;
 * - above it the exact aggregate is cached per (database, table, where) — fresh for FRESH_MS, then served while
 *   one background query refreshes it — and dropped when anything writes the table (`touchTable`).
 * Writes from other processes show within FRESH_MS on big lists; small lists are always exact.
 */
export const COUNT_CAP = 2000;
const FRESH_MS = 10_000;
const MAX_ENTRIES = 5000;

export type Aggregate = { n: number; sums: Record<string, number> };
type Entry = { version: number; at: number; value: Aggregate; refreshing?: Promise<void> };

/** by table name: a write in another process names its table on the cluster bus */
const versions = new Map<string, number>();
onChange((c) => {
  if (c.kind === 'tables') for (const n of c.names) versions.set(n, (versions.get(n) ?? 0) + 1);
});
const cache = new Map<string, Entry>();
const pending = new Map<string, Promise<Aggregate>>();
const dialect = new PgDialect();

/** Call after writing rows of a table outside the engine's own add/edit/delete/import. */
export const touchTable = (...tables: PgTable[]) => {
  if (tables.length) announce({ kind: 'tables', names: tables.map((t) => getTableName(t)) });
};

const versionOf = (t: PgTable) => versions.get(getTableName(t)) ?? 0;

const sumsOf = (row: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)]));

/** exact count and sums over every matching row */
const fullAggregate = async (
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  totals: [string, SQL][],
): Promise<Aggregate> => {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::bigint`,
      ...Object.fromEntries(totals.map(([k, e]) => [k, sql<number>`coalesce(sum(abs(${e})), 0)::bigint`])),
    })
    .from(table)
    .where(where);
  return {
    n: Number(row?.n ?? 0),
    sums: sumsOf(
      row,
      totals.map(([k]) => k),
    ),
  };
};

/**
 * count and sums over at most CAP + 1 rows (exact when n <= CAP) as one expression, a float8[] of
 * [n, ...sums]: it runs alone or rides as an extra column on the page query (an InitPlan, run once)
 */
const probeExpr = (table: PgTable, where: SQL | undefined, totals: [string, SQL][]): SQL => {
  const inner = totals.map(([k, e]) => sql`, ${e} as ${sql.identifier(k)}`);
  const sums = totals.map(([k]) => sql`, coalesce(sum(abs(${sql.identifier('capped')}.${sql.identifier(k)})), 0)`);
  return sql`(select array[count(*)${sql.join(sums)}]::float8[] from (select 1 as "one"${sql.join(inner)} from ${table} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) as ${sql.identifier('capped')})`;
};

const fromProbe = (v: unknown, totals: [string, SQL][]): Aggregate => {
  const a = (Array.isArray(v) ? v : []) as unknown[];
  return { n: Number(a[0] ?? 0), sums: Object.fromEntries(totals.map(([k], i) => [k, Number(a[i + 1] ?? 0)])) };
};

const cappedAggregate = async (
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  totals: [string, SQL][],
): Promise<Aggregate> => {
  const r = (await db.execute(sql`select ${probeExpr(table, where, totals)} as "a"`)) as unknown as {
    rows: { a: unknown }[];
  };
  return fromProbe(r.rows[0]?.a, totals);
};

// the database leads the key: two apps on two databases never answer each other's totals
const keyOf = (db: Db, name: string, where: SQL | undefined, totals: [string, SQL][]) => {
  const q = dialect.sqlToQuery(
    sql`${where ?? sql`true`} ${sql.join(
      totals.map(([, e]) => e),
      sql`,`,
    )}`,
  );
  return `${dbKey(db)}\u0000${name}\u0000${q.sql}\u0000${JSON.stringify(q.params)}`;
};

/**
 * `ride` runs the probe as a column of the page query and answers its value, or undefined when the
 * page came back empty (then the probe runs alone).
 */
export const listAggregate = async (
  db: Db,
  name: string,
  table: PgTable,
  where: SQL | undefined,
  totals: [string, SQL][],
  ride?: (probe: SQL) => Promise<unknown>,
): Promise<Aggregate> => {
  // a list with sums seen big before probes its count alone (index-only where an index matches): its sums
  // come from the exact aggregate anyway, and summing 2,001 rows per page view was most of a page's cost
  let key = totals.length ? keyOf(db, name, where, totals) : null;
  const knownBig = key !== null && cache.has(key);
  const probed = knownBig ? [] : totals;
  const carried = ride ? await ride(probeExpr(table, where, probed)) : undefined;
  const probe = carried === undefined ? await cappedAggregate(db, table, where, probed) : fromProbe(carried, probed);
  if (probe.n <= COUNT_CAP) return knownBig ? cappedAggregate(db, table, where, totals) : probe;
  key ??= keyOf(db, name, where, totals);
  const version = versionOf(table);
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    if (Date.now() - hit.at > FRESH_MS && !hit.refreshing) {
      hit.refreshing = fullAggregate(db, table, where, totals)
        .then((value) => {
          if (versionOf(table) === version) cache.set(key, { version, at: Date.now(), value });
        })
        .catch(() => {
          cache.delete(key);
        });
    }
    return hit.value;
  }
  // one exact count per key at a time: fifty page views arriving together share it
  const running = pending.get(key);
  if (running) return running;
  const p = fullAggregate(db, table, where, totals)
    .then((value) => {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      if (versionOf(table) === version) cache.set(key, { version, at: Date.now(), value });
      return value;
    })
    .finally(() => pending.delete(key));
  pending.set(key, p);
  return p;
};
