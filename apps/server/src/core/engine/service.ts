import { and, asc, count, desc, eq, gte, ilike, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { idListOf, INT4_MAX, pageSchema, type ListReply } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import { fail, invalid, notFound } from '../errors.ts';
import { platform } from './platform.ts';
import { lentDependents } from './dependents.ts';
import { columnName, columnsOf, fenToYuan, toApiRow, toColumnValues } from './columns.ts';
import { columnKind, misfit, type ColumnKind } from './bounds.ts';
import { listAggregate, touchTable } from './list-totals.ts';
import { compileSelect, frozen, readPage, type CompiledSelect } from './list-query.ts';
import { checkForm, writableFields, type FormMode } from './validate.ts';
import { ownerValues, scopeWhere, type Caller } from './scope.ts';
import type { FieldDef, ResourceDef, Row, SearchMode, Tx } from './types.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

const searchModeOf = (f: FieldDef): SearchMode => {
  if (typeof f.search === 'string') return f.search;
  if (['text', 'textarea'].includes(f.type)) return 'like';
  if (['date', 'datetime', 'daterange', 'month', 'monthrange', 'number', 'money'].includes(f.type)) return 'range';
  if (f.type === 'region') return 'prefix';
  return 'eq';
};

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null));

const INT4: ColumnKind = { kind: 'int', min: -INT4_MAX - 1, max: INT4_MAX };
/** the rows a list or export narrows to: a selection as clients send it, empty = no narrowing */
const chosenIds = idListOf('ids', { min: 0 });
const isId = (v: unknown) =>
  (typeof v === 'number' || (typeof v === 'string' && v !== '')) &&
  Number.isInteger(Number(v)) &&
  Number(v) >= 1 &&
  Number(v) <= INT4_MAX;

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
    case 'range': {
      if (!Array.isArray(v)) return eq(target, money(v));
      const [from, to] = v as unknown[];
      const end =
        typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) && f.type === 'datetime' ? `${to} 23:59:59` : to;
      return and(
        isBlank(from) ? undefined : gte(target, money(from)),
        isBlank(to) ? undefined : lte(target, money(end)),
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

const isUnique = (e: unknown): boolean => {
  const err = e as { code?: unknown; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUnique(err.cause));
};

/** The engine's operations for one resource; routes and exports call these, nothing else. */
export const resourceService = (db: Db, def: ResourceDef) => {
  const cols = columnsOf(def.table);
  const { col, has } = cols;
  const fieldTarget = (f: FieldDef): SQL => f.computed ?? sql`${col(columnName(f)!)}`;
  const fieldKind = (f: FieldDef): ColumnKind => (f.computed ? computedKind(f) : columnKind(col(columnName(f)!)));

  const tabWhere = (tab: string | undefined, caller: Caller) =>
    tab ? def.tabs?.find((t) => t.key === tab)?.where?.(def.table, caller) : undefined;

  /** where for a list/export request: scope + tab + search values + selected ids + tree parent */
  const listWhere = (caller: Caller, input: ListInput, tab?: string) => {
    const conds: (SQL | undefined)[] = [scopeWhere(def, caller, false), tabWhere(tab, caller)];
    for (const f of def.fields)
      if (f.search) conds.push(searchCondition(f, fieldTarget(f), input[f.prop], fieldKind(f)));
    if (!isBlank(input.ids)) {
      const chosen = chosenIds.safeParse(input.ids);
      if (!chosen.success) throw invalid(chosen.error.issues[0]?.message ?? 'ids 格式错误', 'ids');
      if (chosen.data.length) conds.push(inArray(col('id'), chosen.data));
    }
    // footer tables and house person lists filter by any real column sent as a remote key
    for (const key of ['village_id', 'parent_id', 'house_id', 'building_id']) {
      if (has(key) && !def.fields.some((f) => f.prop === key && f.search) && !isBlank(input[key])) {
        if (misfit(columnKind(col(key)), input[key])) throw invalid(`${key} 格式错误`, key);
        conds.push(eq(col(key), input[key]));
      }
    }
    return and(...conds);
  };

  const selection = () => {
    const out: Record<string, PgColumn | SQL.Aliased> = {};
    for (const { key, col: c } of cols.byName.values()) out[key] = c;
    for (const f of def.fields) if (f.computed) out[f.prop] = f.computed.as(f.prop);
    return out;
  };

  const orderOf = (input: ListInput) => {
    const sortable = input.sortField ? def.fields.find((f) => f.prop === input.sortField && f.sortable) : undefined;
    if (sortable)
      return [
        input.sortOrder === 'descend' ? desc(fieldTarget(sortable)) : asc(fieldTarget(sortable)),
        desc(col('id')),
      ];
    const order =
      def.order ??
      (def.sort
        ? [
            { column: def.sort.column, dir: 'asc' as const },
            { column: 'id', dir: 'asc' as const },
          ]
        : [{ column: 'id', dir: 'desc' as const }]);
    // a final id order keeps pages stable on ties (and the deep-page id query agrees with its rows)
    const stable = order.some((o) => o.column === 'id') ? order : [...order, { column: 'id', dir: 'desc' as const }];
    return stable.map((o) => (o.dir === 'asc' ? asc(col(o.column)) : desc(col(o.column))));
  };

  const decorate = async (caller: Caller, rows: Row[]) =>
    def.hooks?.decorate ? def.hooks.decorate({ db, actor: caller.actor, caller, def }, rows) : rows;

  // the select list and orders as SQL text, rendered once (list-query.ts)
  let compiledSelect: CompiledSelect | undefined;
  const compiled = () => (compiledSelect ??= compileSelect(def, col('id'), selection()));
  const orders = new Map<string, SQL>();
  const orderSql = (input: ListInput) => {
    const sortable = input.sortField ? def.fields.some((f) => f.prop === input.sortField && f.sortable) : false;
    const key = sortable ? `${input.sortField}:${input.sortOrder === 'descend' ? 'd' : 'a'}` : '';
    let o = orders.get(key);
    if (!o) orders.set(key, (o = frozen(sql.join(orderOf(input), sql`, `))));
    return o;
  };

  const list = async (caller: Caller, input: ListInput, tab?: string): Promise<ListReply> => {
    const paging = pageSchema(def.maxPageSize ?? 500).safeParse({
      current: isBlank(input.current) ? undefined : input.current,
      size: isBlank(input.size) ? undefined : input.size,
    });
    if (!paging.success) {
      const issue = paging.error.issues[0];
      throw invalid(issue?.message ?? 'current 格式错误', String(issue?.path[0] ?? 'current'));
    }
    const { current, size } = paging.data;
    const where = listWhere(caller, input, tab);
    const page = { where, order: orderSql(input), size, offset: (current - 1) * size };
    const totals = Object.entries(def.totals ?? {}).filter((e): e is [string, SQL] => !!e[1]);
    let rows: Row[] = [];
    // the count probe rides on the page query: one statement per page view
    const agg = await listAggregate(db, def.name, def.table, where, totals, async (probe) => {
      const r = await readPage(db, compiled(), { ...page, extra: probe });
      rows = r.rows;
      return rows.length ? r.extra : undefined;
    });
    const records = await decorate(caller, rows);
    const sums = Object.fromEntries(Object.entries(agg.sums).map(([k, v]) => [k, fenToYuan(v)]));
    return { records, total: agg.n, current, size, pageCount: Math.ceil(agg.n / size), ...sums };
  };

  const findOne = async (caller: Caller, id: number, forWrite: boolean, q: Db | Tx = db) => {
    const rows = await q
      .select(selection())
      .from(def.table)
      .where(and(eq(col('id'), id), scopeWhere(def, caller, forWrite)))
      .limit(1);
    return (rows[0] as Row | undefined) ?? null;
  };

  const detail = async (caller: Caller, id: number) => {
    const row = await findOne(caller, id, false);
    if (!row) throw notFound();
    const [out] = await decorate(caller, [toApiRow(def, row)]);
    return out;
  };

  /** Dictionary values and villages must exist for the caller (one query each per save). */
  const checkReferences = async (caller: Caller, q: Db | Tx, values: Row[]) => {
    for (const f of def.fields.filter((x) => x.dict && !x.computed)) {
      const wanted = [
        ...new Set(
          values.flatMap((v) =>
            isBlank(v[f.prop]) ? [] : String(v[f.prop]).split(f.type === 'checkbox' ? ',' : '\u0000'),
          ),
        ),
      ];
      if (!wanted.length) continue;
      const found = await platform('dictItems')(q, [f.dict!], caller.actor.tenantId);
      const ok = new Set(found.map((r) => r.value));
      const bad = wanted.find((w) => !ok.has(w));
      if (bad !== undefined) throw invalid(`${f.label}的值无效：${bad}`, f.prop);
    }
    if (def.ownership === 'tenant' && has('village_id')) {
      const ids = [
        ...new Set(
          values
            .map((v) => v.village_id)
            .filter((v) => !isBlank(v))
            .map(Number),
        ),
      ];
      if (!ids.length) return;
      const found = await platform('villagesOf')(q, caller.actor.tenantId!, ids);
      const allowed = new Set(found.filter((id) => caller.villageIds === null || caller.villageIds.includes(id)));
      if (ids.some((id) => !allowed.has(id))) throw invalid('小区不存在或无权限', 'village_id');
    }
  };

  const parseRow = (mode: FormMode, row: unknown) => {
    const { values, errors } = checkForm(def, mode, (row ?? {}) as Row);
    if (errors[0]) throw invalid(errors[0].message, errors[0].field);
    return values;
  };

  const insertRows = async (caller: Caller, tx: Tx, inputs: Row[], extra: Row = {}) => {
    const ctx = { db: tx, actor: caller.actor, caller, def };
    const values: Row[] = [];
    for (const input of inputs) {
      let v: Row = { ...toColumnValues(def, input), ...ownerValues(def, caller.actor), ...extra };
      if (def.hooks?.beforeSave) v = await def.hooks.beforeSave(ctx, v, null, input);
      values.push(v);
    }
    const ids = (await tx
      .insert(def.table)
      .values(values)
      .returning({ id: col('id') })) as { id: number }[];
    if (def.hooks?.afterSave)
      for (let i = 0; i < ids.length; i++) await def.hooks.afterSave(ctx, ids[i]!.id, inputs[i]!);
    return ids.map((r) => r.id);
  };

  /** after a write commits: cached big-list totals of this table are stale */
  const wrote = <T>(r: T) => {
    touchTable(def.table);
    return r;
  };

  const unique = (e: unknown): never => {
    if (isUnique(e)) throw fail(`${def.title}已存在，请勿重复添加`);
    throw e;
  };

  const add = async (caller: Caller, row: unknown, parentId?: number) => {
    const input = parseRow('add', row);
    return db
      .transaction(async (tx) => {
        await checkReferences(caller, tx, [input]);
        await checkParent(caller, tx, input);
        let extra: Row = {};
        if (parentId !== undefined && def.tree) {
          if (parentId !== 0 && !(await findOne(caller, parentId, true, tx))) throw notFound('上级数据');
          extra = { [cols.byName.get(def.tree.parentColumn)!.key]: parentId };
        }
        const sortProp = def.sort ? def.fields.find((f) => columnName(f) === def.sort!.column)?.prop : undefined;
        // a sort value the user typed wins; otherwise the new row goes last
        if (def.sort && (sortProp === undefined || input[sortProp] === undefined || input[sortProp] === null)) {
          const [m] = await tx
            .select({ m: sql<number>`coalesce(max(${col(def.sort.column)}), 0)::int` })
            .from(def.table)
            .where(scopeWhere(def, caller, true));
          extra[cols.byName.get(def.sort.column)!.key] = (m?.m ?? 0) + 1;
        }
        const [id] = await insertRows(caller, tx, [input], extra);
        return id!;
      })
      .then(wrote, unique);
  };

  /** a tree row's parent must be a visible row of the same tree, and never the row itself */
  const checkParent = async (caller: Caller, tx: Tx, input: Row, selfId?: number) => {
    if (!def.tree) return;
    const prop = def.fields.find((f) => columnName(f) === def.tree!.parentColumn)?.prop;
    const pid = prop ? Number(input[prop] ?? 0) : 0;
    if (!pid) return;
    if (pid === selfId) throw invalid('上级不能是自己', prop);
    if (!(await findOne(caller, pid, false, tx))) throw invalid('上级数据不存在', prop);
  };

  const update = async (caller: Caller, id: number, input: Row, mode: FormMode) => {
    await db
      .transaction(async (tx) => {
        const existing = await findOne(caller, id, true, tx);
        if (!existing) throw notFound();
        await checkReferences(caller, tx, [input]);
        await checkParent(caller, tx, input, id);
        let v = toColumnValues(def, input);
        if (def.hooks?.beforeSave)
          v = await def.hooks.beforeSave({ db: tx, actor: caller.actor, caller, def }, v, existing, input);
        if (has('updated_at')) v[cols.byName.get('updated_at')!.key] = new Date();
        if (Object.keys(v).length)
          await tx
            .update(def.table)
            .set(v)
            .where(eq(col('id'), id));
        await def.hooks?.afterSave?.({ db: tx, actor: caller.actor, caller, def }, id, input);
        void mode;
      })
      .then(wrote, unique);
  };

  const edit = async (caller: Caller, body: Row) => {
    const row = (body.row ?? body) as Row;
    const raw = body.id ?? row.id;
    if (isBlank(raw)) throw invalid('id 不能为空', 'id');
    if (!isId(raw)) throw invalid('id 格式错误', 'id');
    const id = Number(raw);
    await update(caller, id, parseRow('edit', row), 'edit');
  };

  /** cellSave {key, row, val}: one editable cell. */
  const cellSave = async (caller: Caller, body: { key: string; row: Row; val: unknown }) => {
    const f = def.fields.find((x) => x.prop === body.key && x.editable);
    if (!f) throw invalid(`${body.key} 不能在表格中修改`, 'key');
    if (isBlank(body.row?.id)) throw invalid('id 不能为空', 'id');
    if (!isId(body.row?.id)) throw invalid('id 格式错误', 'id');
    const id = Number(body.row?.id);
    await update(caller, id, parseRow('cell', { [f.prop]: body.val }), 'cell');
  };

  /** Batch edit: only batch fields, add rules skipped; one UPDATE for all rows. */
  const batch = async (caller: Caller, ids: number[], row: unknown) => {
    if (!writableFields(def, 'batch').length) throw fail('没有可以批量修改的数据');
    const input = parseRow('batch', row);
    const values = toColumnValues(def, input);
    if (!Object.keys(values).length) throw fail('没有可以批量修改的数据');
    return db
      .transaction(async (tx) => {
        await checkReferences(caller, tx, [input]);
        if (def.hooks?.beforeBatch) {
          const rows = await tx
            .select(selection())
            .from(def.table)
            .where(and(inArray(col('id'), ids), scopeWhere(def, caller, true)));
          await def.hooks.beforeBatch({ db: tx, actor: caller.actor, caller, def }, rows as Row[], input);
        }
        if (has('updated_at')) values[cols.byName.get('updated_at')!.key] = new Date();
        const done = await tx
          .update(def.table)
          .set(values)
          .where(and(inArray(col('id'), ids), scopeWhere(def, caller, true)))
          .returning({ id: col('id') });
        if (done.length !== new Set(ids).size) throw notFound();
        return done.length;
      })
      .then(wrote);
  };

  // what other modules declared on this table first (their own checks may name several rows), then the screen's own
  const refuseDependents = async (tx: Tx, rows: Row[]) => {
    for (const d of [...lentDependents(def.table), ...(def.dependents ?? [])]) {
      if ('refuse' in d) {
        await d.refuse(tx, rows);
        continue;
      }
      const c = columnsOf(d.table).col(d.column);
      const [hit] = await tx
        .select({ id: c, n: sql<number>`count(*)`.mapWith(Number) })
        .from(d.table)
        .where(
          inArray(
            c,
            rows.map((r) => Number(r.id)),
          ),
        )
        .groupBy(c)
        .orderBy(c)
        .limit(1);
      if (hit)
        throw fail(
          d.message(
            rows.find((r) => Number(r.id) === Number(hit.id))!,
            hit.n,
          ),
        );
    }
  };

  const del = async (caller: Caller, ids: number[]) =>
    db
      .transaction(async (tx) => {
        const rows = await tx
          .select(selection())
          .from(def.table)
          .where(and(inArray(col('id'), ids), scopeWhere(def, caller, true)));
        if (rows.length !== new Set(ids).size) throw notFound();
        if (def.tree) {
          const [c] = await tx
            .select({ n: count() })
            .from(def.table)
            .where(and(inArray(col(def.tree.parentColumn), ids)));
          if (Number(c?.n ?? 0) > 0) throw fail('存在下级数据，不能删除');
        }
        await def.hooks?.beforeDeleteRows?.({ db: tx, actor: caller.actor, caller, def }, rows as Row[]);
        await refuseDependents(tx, rows as Row[]);
        if (def.hooks?.beforeDelete)
          for (const r of rows) await def.hooks.beforeDelete({ db: tx, actor: caller.actor, caller, def }, r as Row);
        await tx.delete(def.table).where(inArray(col('id'), ids));
        return rows.length;
      })
      .then(wrote);

  const sortList = async (caller: Caller) => {
    if (!def.sort) throw fail('该列表不支持排序');
    const title = def.fields.find((f) => f.prop === def.sort!.titleProp)!;
    const rows = await db
      .select({ id: col('id'), title: fieldTarget(title) })
      .from(def.table)
      .where(scopeWhere(def, caller, false))
      .orderBy(asc(col(def.sort.column)), asc(col('id')))
      .limit(2000);
    return rows.map((r) => ({ id: Number(r.id), title: String(r.title ?? '') }));
  };

  /** Saves a drag order in one statement: ids in their new order get sort 1..n. */
  const savesort = async (caller: Caller, ids: number[]) => {
    if (!def.sort) throw fail('该列表不支持排序');
    await db.transaction(async (tx) => {
      const own = await tx
        .select({ id: col('id') })
        .from(def.table)
        .where(and(inArray(col('id'), ids), scopeWhere(def, caller, true)));
      if (own.length !== new Set(ids).size) throw notFound();
      await tx.execute(sql`update ${def.table} set ${sql.identifier(def.sort!.column)} = s.ord
        from unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) with ordinality as s(id, ord)
        where ${def.table}.id = s.id`);
    });
  };

  /** {label, value} of every row the caller can see, for selects and table pickers elsewhere */
  const options = async (caller: Caller) => {
    const label = def.fields.find((f) => f.prop === (def.labelProp ?? 'name'));
    if (!label) throw fail('该列表没有可选项');
    const rows = await db
      .select({ value: col('id'), label: fieldTarget(label) })
      .from(def.table)
      .where(scopeWhere(def, caller, false))
      .orderBy(...orderOf({}))
      .limit(5000);
    return rows.map((r) => ({ value: Number(r.value), label: String(r.label ?? '') }));
  };

  const lazyTree = async (caller: Caller, parentId: number) => {
    if (!def.tree) throw fail('该列表不是树形列表');
    const parentCol = col(def.tree.parentColumn);
    const rows = await db
      .select(selection())
      .from(def.table)
      .where(and(eq(parentCol, parentId), scopeWhere(def, caller, false)))
      .orderBy(...orderOf({}));
    const ids = (rows as Row[]).map((r) => Number(r.id));
    const parents = ids.length
      ? new Set(
          (await db.select({ p: parentCol }).from(def.table).where(inArray(parentCol, ids)).groupBy(parentCol)).map(
            (r) => Number(r.p),
          ),
        )
      : new Set<number>();
    const out = await decorate(
      caller,
      (rows as Row[]).map((r) => toApiRow(def, r)),
    );
    return out.map((r) => ({ ...r, hasChildren: parents.has(Number(r.id)) }));
  };

  return {
    options,
    list,
    listWhere,
    selection,
    orderOf,
    detail,
    add,
    edit,
    cellSave,
    batch,
    del,
    sortList,
    savesort,
    lazyTree,
    insertRows,
    checkReferences,
    findOne,
    parseRow,
  };
};
export type ResourceService = ReturnType<typeof resourceService>;
