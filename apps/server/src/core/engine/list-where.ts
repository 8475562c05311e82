import { and, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { idListOf, INT4_MAX } from '@5a/contracts';
import { invalid } from '../errors.ts';
import { columnName, columnsOf } from './columns.ts';
import { columnKind, misfit, type ColumnKind } from './bounds.ts';
import { scopeWhere, type Caller } from './scope.ts';
import type { FieldDef, ResourceDef, Row, SearchMode } from './types.ts';

/** What a list or export request narrows to: its search values, tab, selection and remote keys, checked to fit. */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

const searchModeOf = (f: FieldDef): SearchMode => {
  if (typeof f.search === 'string') return f.search;
  if (['text', 'textarea'].includes(f.type)) return 'like';
  if (['date', 'datetime', 'daterange', 'month', 'monthrange', 'number', 'money'].includes(f.type)) return 'range';
  if (f.type === 'region') return 'prefix';
  return 'eq';
};

export const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null));

const INT4: ColumnKind = { kind: 'int', min: -INT4_MAX - 1, max: INT4_MAX };
/** the rows a list or export narrows to: a selection as clients send it, empty = no narrowing */
const chosenIds = idListOf('ids', { min: 0 });
/** what a computed field's SQL compares like, from its declared type */
const computedKind = (f: FieldDef): ColumnKind => {
  if (['number', 'switch', 'tableSelect', 'treeSelect'].includes(f.type)) return INT4;
  if (f.type === 'money') return { kind: 'decimal', max: 9_999_999_999_999, scale: 0 };
  if (['date', 'datetime'].includes(f.type)) return { kind: 'timestamp' };
  if (f.options?.length && f.options.every((o) => typeof o.value === 'number')) return INT4;
  return { kind: 'text' };
};

/**
 * A search value must fit what it is compared with (a word against an int column, 1e20 against an
 * int4, an impossible date are errors in PostgreSQL): each value, or each end of a range, is checked.
 */
const checkSearch = (f: FieldDef, kind: ColumnKind, v: unknown) => {
  const mode = searchModeOf(f);
  if (mode === 'like' || mode === 'prefix') {
    if (typeof v === 'object' || String(v).includes('\u0000')) throw invalid(`${f.label}格式错误`, f.prop);
    return;
  }
  const scale = f.type === 'money' ? 100 : 1;
  const values = Array.isArray(v) ? v : [v];
  // a datetime column is searched by days too
  const k: ColumnKind =
    kind.kind === 'timestamp' || kind.kind === 'date' ? { kind: 'date' } : kind.kind === 'array' ? kind.of : kind;
  for (const x of values) if (!isBlank(x) && misfit(k, x, scale)) throw invalid(`${f.label}格式错误`, f.prop);
};

/** One search value → a condition: contains for text, equals for choices, ranges, region prefix. */
const searchCondition = (f: FieldDef, target: SQL, v: unknown, kind: ColumnKind): SQL | undefined => {
  if (isBlank(v)) return undefined;
  checkSearch(f, kind, v);
  const mode = searchModeOf(f);
  const money = (x: unknown) => (f.type === 'money' ? Math.round(Number(x) * 100) : x);
  switch (mode) {
    case 'like':
      return ilike(target, `%${escapeLike(String(v))}%`);
    case 'prefix':
      return like(target, `${escapeLike(String(v).replace(/(00)+$/, ''))}%`);
    case 'in':
      return Array.isArray(v) ? inArray(target, v) : eq(target, v);
    case 'member': {
      const items = (Array.isArray(v) ? v : [v]).filter((x) => !isBlank(x)).map(String);
      return or(...items.map((x) => sql`${x} = any(string_to_array(${target}, ','))`));
    }
    case 'range': {
      if (!Array.isArray(v)) return eq(target, money(v));
      const [from, to] = v as unknown[];
      const end =
        typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) && f.type === 'datetime' ? `${to} 23:59:59` : to;
      // an instant column is searched by Shanghai days and times, whatever the database session's time zone
      const bound = (x: unknown) =>
        kind.kind === 'timestamp' && f.type === 'datetime'
          ? sql`(${String(x)}::timestamp at time zone 'Asia/Shanghai')`
          : money(x);
      return and(
        isBlank(from) ? undefined : gte(target, bound(from)),
        isBlank(to) ? undefined : lte(target, bound(end)),
      );
    }
    default:
      return Array.isArray(v) ? inArray(target, v) : eq(target, v);
  }
};

export type ListInput = Row & {
  current?: number;
  size?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  ids?: number[];
};

/** the SQL a field reads: its column, or its computed expression */
export const fieldTarget = (def: ResourceDef, f: FieldDef): SQL =>
  f.computed ?? sql`${columnsOf(def.table).col(columnName(f)!)}`;
const fieldKind = (def: ResourceDef, f: FieldDef): ColumnKind =>
  f.computed ? computedKind(f) : columnKind(columnsOf(def.table).col(columnName(f)!));

const tabWhere = (def: ResourceDef, tab: string | undefined, caller: Caller) =>
  tab ? def.tabs?.find((t) => t.key === tab)?.where?.(def.table, caller) : undefined;

/** where for a list/export request: scope + tab + search values + selected ids + tree parent */
export const listWhereFor = (def: ResourceDef, caller: Caller, input: ListInput, tab?: string) => {
  const { col, has } = columnsOf(def.table);
  const conds: (SQL | undefined)[] = [scopeWhere(def, caller, false), tabWhere(def, tab, caller)];
  for (const f of def.fields)
    if (f.search) conds.push(searchCondition(f, fieldTarget(def, f), input[f.prop], fieldKind(def, f)));
  if (!isBlank(input.ids)) {
    const chosen = chosenIds.safeParse(input.ids);
    if (!chosen.success) throw invalid(chosen.error.issues[0]?.message ?? 'ids 格式错误', 'ids');
    if (chosen.data.length) conds.push(inArray(col('id'), chosen.data));
  }
  // footer tables and house person lists filter by any real column sent as a remote key
  for (const key of ['village_id', 'parent_id', 'house_id', 'building_id', 'person_id']) {
    if (has(key) && !def.fields.some((f) => f.prop === key && f.search) && !isBlank(input[key])) {
      if (misfit(columnKind(col(key)), input[key])) throw invalid(`${key} 格式错误`, key);
      conds.push(eq(col(key), input[key]));
    }
  }
  return and(...conds);
};
