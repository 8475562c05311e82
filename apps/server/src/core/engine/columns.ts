import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { formatTime } from '../time.ts';
import type { FieldDef, ResourceDef, Row } from './types.ts';

export type ColumnMap = {
  /** SQL name → drizzle key and column */
  byName: Map<string, { key: string; col: PgColumn }>;
  col: (name: string) => PgColumn;
  has: (name: string) => boolean;
};

const cache = new WeakMap<PgTable, ColumnMap>();

export const columnsOf = (table: PgTable): ColumnMap => {
  const hit = cache.get(table);
  if (hit) return hit;
  const byName = new Map<string, { key: string; col: PgColumn }>();
  for (const [key, col] of Object.entries(getTableColumns(table) as Record<string, PgColumn>))
    byName.set(col.name, { key, col });
  const map: ColumnMap = {
    byName,
    has: (n) => byName.has(n),
    col: (n) => {
      const c = byName.get(n)?.col;
      if (!c) throw new Error(`unknown column ${n}`);
      return c;
    },
  };
  cache.set(table, map);
  return map;
};

/** The SQL column a field reads and writes, or null for computed fields. */
/** value types a list sorts by unless the field says `sortable: false`: money and dates are what people order by */
const SORTED_TYPES: readonly string[] = ['money', 'date', 'datetime'];
/** whether a list column sorts: declared on the field, else by its value type (virtual fields have no value) */
export const isSortable = (f: FieldDef) =>
  !f.virtual && f.table !== false && (f.sortable !== undefined ? f.sortable !== false : SORTED_TYPES.includes(f.type));

export const columnName = (f: FieldDef) => (f.computed || f.virtual ? null : (f.column ?? f.prop));

/** Money is integer fen in the database and yuan with two decimals in the API: no float ever adds money. */
export const fenToYuan = (fen: unknown) => (fen === null || fen === undefined ? null : (Number(fen) / 100).toFixed(2));
export const yuanToFen = (yuan: unknown) => Math.round(Number(yuan) * 100);
/** Areas are numeric(…, 2) in the database and two-decimal strings in the API. */
export const decimal2 = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v).toFixed(2));
export const areaPattern = (label: string) => ({
  source: '^\\d{1,9}(\\.\\d{1,2})?$',
  message: `${label}应为数字，最多两位小数`,
});

type Step = { prop: string; key: string; money: boolean };
const plans = new WeakMap<ResourceDef, Step[]>();

/** which row key feeds which API prop, worked out once per resource (exports call this per row) */
export const apiPlanOf = (def: ResourceDef): Step[] => {
  const hit = plans.get(def);
  if (hit) return hit;
  const { byName } = columnsOf(def.table);
  const steps: Step[] = [];
  for (const f of def.fields) {
    if (f.virtual) continue;
    const name = columnName(f);
    steps.push({ prop: f.prop, key: name ? (byName.get(name)?.key ?? name) : f.prop, money: f.type === 'money' });
  }
  for (const extra of ['created_at', 'updated_at', 'tenant_id', 'village_id', 'parent_id']) {
    const m = byName.get(extra);
    if (m && !steps.some((x) => x.prop === extra)) steps.push({ prop: extra, key: m.key, money: false });
  }
  plans.set(def, steps);
  return steps;
};

/** A database row (drizzle keys) → API row (props). */
export const toApiRow = (def: ResourceDef, row: Row): Row => {
  const out: Row = { id: row.id };
  for (const { prop, key, money } of apiPlanOf(def)) {
    const v = row[key];
    out[prop] = money ? fenToYuan(v) : v instanceof Date ? formatTime(v) : v;
  }
  return out;
};

/** Validated API values (props) → column values (drizzle keys); props without a column are dropped. */
export const toColumnValues = (def: ResourceDef, input: Row): Row => {
  const { byName } = columnsOf(def.table);
  const out: Row = {};
  for (const f of def.fields) {
    const name = columnName(f);
    if (!name || !(f.prop in input) || input[f.prop] === undefined) continue;
    const m = byName.get(name);
    if (!m) continue;
    const v = input[f.prop];
    // dictionary values travel as strings; numeric columns store numbers
    const numeric = m.col.dataType === 'number' && typeof v === 'string' && v !== '' && !Number.isNaN(Number(v));
    const intArray = m.col.dataType === 'array' && Array.isArray(v);
    out[m.key] =
      f.type === 'money' && v !== null
        ? yuanToFen(v)
        : numeric
          ? Number(v)
          : intArray
            ? (v as unknown[]).map(Number)
            : v;
  }
  return out;
};
