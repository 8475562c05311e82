import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { intArray, qualified } from '../db/sql.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { INT4_MAX, pageSchema, type ListReply } from '@5a/contracts';
import type { Db } from '../db/client.ts';
import { fail, invalid, notFound } from '../errors.ts';
import { refuseDependents } from './dependents.ts';
import { extensionPropsOf } from './extensions.ts';
import type { AppRegistry } from './registry.ts';
import { columnName, columnsOf, isSortable, fenToYuan, toApiRow, toColumnValues } from './columns.ts';
import { listAggregate, touchTable } from './list-totals.ts';
import { auditEntries, type AuditAction } from './audit.ts';
import { auditedWrite, auditNames, auditPlanOf } from './audit-sql.ts';
import { executePreparedQuery } from '../db/prepared.ts';
import { compileSelect, frozen, readPage, type CompiledSelect } from './list-query.ts';
import {
  afterWhere,
  cursorColumn,
  cursorScope,
  decodeCursor,
  encodeCursor,
  keysetable,
  orderSqlOf,
  type OrderKey,
} from './list-keyset.ts';
import { fieldTarget, isBlank, listWhereFor, type ListInput } from './list-where.ts';
import { checkReferences as checkReferencesOf } from './references.ts';
import { checkForm, writableFields, type FormMode } from './validate.ts';
import { ownerValues, scopeWhere, type Caller } from './scope.ts';
import type { ResourceDef, Row, Tx } from './types.ts';

const isId = (v: unknown) =>
  (typeof v === 'number' || (typeof v === 'string' && v !== '')) &&
  Number.isInteger(Number(v)) &&
  Number(v) >= 1 &&
  Number(v) <= INT4_MAX;

const isUnique = (e: unknown): boolean => {
  const err = e as { code?: unknown; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUnique(err.cause));
};

/** The engine's operations for one resource; routes and exports call these, nothing else. */
export const resourceService = (db: Db, def: ResourceDef, registry: AppRegistry) => {
  const cols = columnsOf(def.table);
  const { col, has } = cols;

  const listWhere = (caller: Caller, input: ListInput, tab?: string) => listWhereFor(def, caller, input, tab);
  /** the field a list asks to sort by, if the screen lets it; any other sort field is ignored */
  const sortFieldOf = (input: ListInput) =>
    input.sortField ? def.fields.find((f) => f.prop === input.sortField && isSortable(f)) : undefined;

  const selection = () => {
    const out: Record<string, PgColumn | SQL.Aliased> = {};
    for (const { key, col: c } of cols.byName.values()) out[key] = c;
    for (const f of def.fields) if (f.computed) out[f.prop] = f.computed.as(f.prop);
    for (const [prop, q] of extensionPropsOf(registry, def.table)) out[prop] = q.as(prop);
    return out;
  };

  const keyOfColumn = (name: string, down: boolean): OrderKey => {
    // a default order may also name a computed field (an expiry that falls back to another table's)
    const computed = def.fields.find((f) => f.prop === name && f.computed)?.computed;
    return computed
      ? { key: computed, down, notNull: false }
      : { key: sql`${col(name)}`, down, notNull: col(name).notNull };
  };

  const orderKeys = (input: ListInput): OrderKey[] => {
    const sortable = sortFieldOf(input);
    if (sortable) {
      const descending = input.sortOrder === 'descend';
      const spec = sortable.sortable;
      const down = typeof spec === 'object' && spec.reverse ? !descending : descending;
      const keys: OrderKey[] =
        typeof spec === 'object'
          ? spec.by.map((c) => keyOfColumn(c, down))
          : [
              sortable.computed
                ? { key: sortable.computed, down, notNull: false }
                : keyOfColumn(columnName(sortable)!, down),
            ];
      // ties by id in the sort's direction: one index (column, id) reads the order forwards or backwards
      return [...keys, keyOfColumn('id', down)];
    }
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
    return stable.map((o) => keyOfColumn(o.column, o.dir === 'desc'));
  };
  const orderOf = (input: ListInput) => orderSqlOf(orderKeys(input));

  const decorate = async (caller: Caller, rows: Row[]) => {
    const ctx = { db, actor: caller.actor, caller, def, registry };
    let out = def.hooks?.decorate ? await def.hooks.decorate(ctx, rows) : rows;
    // then what other modules add to this screen's rows
    for (const e of registry.extensionsOf(def.table)) if (e.decorate && out.length) out = await e.decorate(ctx, out);
    return out;
  };

  // the select list and orders as SQL text, rendered once (list-query.ts)
  let compiledSelect: CompiledSelect | undefined;
  const compiled = () =>
    (compiledSelect ??= compileSelect(
      def,
      col('id'),
      selection(),
      extensionPropsOf(registry, def.table).map(([prop]) => prop),
    ));
  const orders = new Map<string, { order: SQL; keys: OrderKey[]; cursor: SQL | undefined }>();
  const orderKeyOf = (input: ListInput) =>
    sortFieldOf(input) ? `${input.sortField}:${input.sortOrder === 'descend' ? 'd' : 'a'}` : '';
  const orderSql = (input: ListInput) => {
    const key = orderKeyOf(input);
    let o = orders.get(key);
    if (!o) {
      const keys = orderKeys(input);
      orders.set(
        key,
        (o = {
          order: frozen(sql.join(orderSqlOf(keys), sql`, `)),
          keys,
          cursor: keysetable(keys) ? frozen(cursorColumn(keys)) : undefined,
        }),
      );
    }
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
    const order = orderSql(input);
    const scope = order.cursor ? cursorScope(def.route, tab, orderKeyOf(input), input) : '';
    const after = order.cursor ? decodeCursor(input.after, current, scope, order.keys.length) : undefined;
    const page = {
      where: after ? and(where, afterWhere(order.keys, after)) : where,
      order: order.order,
      size,
      offset: after ? 0 : (current - 1) * size,
      cursor: order.cursor,
    };
    const totals = Object.entries(def.totals ?? {}).filter((e): e is [string, SQL] => !!e[1]);
    let rows: Row[] = [];
    let last: unknown;
    // the count probe rides on the page query: one statement per page view
    const agg = await listAggregate(db, def.name, def.table, where, totals, async (probe) => {
      const r = await readPage(db, compiled(), { ...page, extra: probe });
      rows = r.rows;
      last = r.last;
      return rows.length ? r.extra : undefined;
    });
    // a full page that is not the last one says where the next begins
    const next =
      Array.isArray(last) && rows.length === size && current * size < agg.n
        ? encodeCursor(current + 1, scope, last)
        : undefined;
    const records = await decorate(caller, rows);
    const sums = Object.fromEntries(Object.entries(agg.sums).map(([k, v]) => [k, fenToYuan(v)]));
    return {
      records,
      total: agg.n,
      current,
      size,
      pageCount: Math.ceil(agg.n / size),
      ...sums,
      ...(next ? { next } : {}),
    };
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
    const api = toApiRow(def, row);
    for (const [prop] of extensionPropsOf(registry, def.table)) api[prop] = row[prop];
    const [out] = await decorate(caller, [api]);
    return out;
  };

  const checkReferences = (caller: Caller, q: Db | Tx, values: Row[]) =>
    checkReferencesOf(registry, def, caller, q, values);

  const parseRow = (mode: FormMode, row: unknown) => {
    const { values, errors } = checkForm(def, mode, (row ?? {}) as Row, (code) =>
      registry.platform('isRegionCode')(code),
    );
    if (errors[0]) throw invalid(errors[0].message, errors[0].field);
    return values;
  };

  /**
   * Inserts the rows; `audited` (an add) writes their audit entries too. Without an afterSave hook the entries ride on
   * the INSERT (one statement); with one they are written after the hooks, from the rows as the hooks left them.
   */
  const insertRows = async (caller: Caller, tx: Tx, inputs: Row[], extra: Row = {}, audited = false) => {
    const ctx = { db: tx, actor: caller.actor, caller, def, registry };
    const values: Row[] = [];
    for (const input of inputs) {
      let v: Row = { ...toColumnValues(def, input), ...ownerValues(def, caller.actor), ...extra };
      if (def.hooks?.beforeSave) v = await def.hooks.beforeSave(ctx, v, null, input);
      values.push(v);
    }
    const insert = tx.insert(def.table).values(values);
    const inOne = audited && inline && !def.hooks?.afterSave;
    const ids = inOne
      ? await runAudited(
          caller,
          tx,
          'add',
          insert.returning({ b: noRow.as('b'), a: rowJson.as('a'), id: col('id') }).getSQL(),
          'select id from audit_rows',
        )
      : ((await insert.returning({ id: col('id') })) as { id: number }[]);
    if (def.hooks?.afterSave)
      for (let i = 0; i < ids.length; i++) await def.hooks.afterSave(ctx, Number(ids[i]!.id), inputs[i]!);
    const out = ids.map((r) => Number(r.id));
    if (audited && !inOne) {
      if (inline) await runAudited(caller, tx, 'add', rowsNow(out, noRow), 'select 1');
      else if (auditing) await audit(caller, tx, 'add', null, await fullRows(tx, out));
    }
    return out;
  };

  /** after a write commits: cached big-list totals of this table are stale */
  const wrote = <T>(r: T) => {
    touchTable(def.table);
    return r;
  };

  /**
   * The audit trail: with a table whose values are all scalars the entries are written by the write's own statement
   * (`inline`, audit-sql.ts); otherwise the rows before and after are read and compared in JS (`auditEntries`).
   */
  const auditing = registry.lends('recordAudit');
  const inline = auditing && registry.lends('auditInsert') ? auditPlanOf(def.table) : null;
  /** the write and its entries, one statement: `write` returns b and a (to_jsonb of the row before and after) */
  const runAudited = <T = { id: number }>(caller: Caller, tx: Tx, action: AuditAction, write: SQL, tail: string) => {
    const { name, query } = auditedWrite(
      registry.slot(auditNames),
      registry.platform('auditInsert'),
      inline!,
      def,
      caller,
      action,
      write,
      tail,
    );
    return executePreparedQuery<T>(tx as unknown as Db, name, query);
  };
  const noRow = sql`null::jsonb`;
  /**
   * A write to rows already checked in the caller's scope still names the company: on a database distributed by
   * company, a statement with tenant_id goes to the company's node only.
   */
  const ofCompany = (caller: Caller) =>
    def.ownership === 'tenant' && caller.actor.tenantId !== null
      ? eq(col('tenant_id'), caller.actor.tenantId)
      : undefined;
  /** the rows as a hook left them, beside their rows before (`b`: a jsonb expression) */
  const rowsNow = (ids: readonly number[], b: SQL) =>
    sql`select ${b} as b, to_jsonb(audit_now) as a from ${def.table} as audit_now
      where audit_now.id = any(${intArray(ids)})`;
  /** the whole rows, as the audit trail compares them (column keys) */
  const fullRows = async (tx: Tx, ids: readonly number[]) =>
    auditing && ids.length
      ? ((await tx
          .select()
          .from(def.table)
          .where(inArray(col('id'), [...ids]))) as Row[])
      : [];
  /** a whole row as to_jsonb gives it (column names) in the keys the table's rows have */
  const keyed = (json: Record<string, unknown>): Row =>
    Object.fromEntries(Object.entries(json).map(([name, v]) => [cols.byName.get(name)?.key ?? name, v]));
  /**
   * The update, the row before it locked and read in its FROM (audit_old), so the row before and after come from the
   * same statement.
   */
  const updateOf = (tx: Tx, where: SQL, v: Row) =>
    tx
      .update(def.table)
      .set(v)
      .from(sql`(select * from ${def.table} where ${where} for update) as audit_old`)
      .where(
        def.ownership === 'tenant'
          ? sql`${qualified(col('id'))} = audit_old.id and ${qualified(col('tenant_id'))} = audit_old.tenant_id`
          : sql`${qualified(col('id'))} = audit_old.id`,
      );
  const oldJson = sql`to_jsonb(audit_old)`;
  /** the written row (after an insert or update, before a delete) */
  const rowJson = sql`to_jsonb(${def.table})`;
  /**
   * An edit's update and its audit entry. Without an afterSave hook, one statement: the update and the entry's
   * INSERT from what it returns. With one, the row before comes back from the update and the entry is written after
   * the hook, from the row as the hook left it. Without the inline plan, the rows come back for `auditEntries`.
   */
  const updateAudited = async (caller: Caller, tx: Tx, id: number, v: Row, afterSave: () => Promise<void>) => {
    const one = and(eq(col('id'), id), ofCompany(caller))!;
    if (!auditing) {
      await tx.update(def.table).set(v).where(one);
      return afterSave();
    }
    if (inline && !def.hooks?.afterSave) {
      const update = updateOf(tx, one, v).returning({ b: oldJson.as('b'), a: rowJson.as('a') });
      await runAudited(caller, tx, 'edit', update.getSQL(), 'select 1');
      return afterSave();
    }
    if (inline) {
      const [r] = (await updateOf(tx, one, v).returning({ b: sql<string>`${oldJson}::text` })) as { b: string }[];
      await afterSave();
      if (r) await runAudited(caller, tx, 'edit', rowsNow([id], sql`${r.b}::jsonb`), 'select 1');
      return;
    }
    const [r] = (await updateOf(tx, one, v).returning({ before: oldJson, after: rowJson })) as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    await afterSave();
    // a hook may write the row again after the update: then its after is read back
    if (r)
      await audit(
        caller,
        tx,
        'edit',
        [keyed(r.before)],
        def.hooks?.afterSave ? await fullRows(tx, [id]) : [keyed(r.after)],
      );
  };
  const audit = async (
    caller: Caller,
    tx: Tx,
    action: AuditAction,
    before: readonly Row[] | null,
    after: readonly Row[] | null,
  ) => {
    const entries = auditEntries(def, caller, action, before, after);
    if (entries.length) await registry.platform('recordAudit')(tx, entries);
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
        const [id] = await insertRows(caller, tx, [input], extra, true);
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
          v = await def.hooks.beforeSave({ db: tx, actor: caller.actor, caller, def, registry }, v, existing, input);
        if (has('updated_at')) v[cols.byName.get('updated_at')!.key] = new Date();
        const afterSave = async () =>
          def.hooks?.afterSave?.({ db: tx, actor: caller.actor, caller, def, registry }, id, input);
        if (Object.keys(v).length) await updateAudited(caller, tx, id, v, afterSave);
        else await afterSave();
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
    // a write-only batch field (a user's roles) is saved by the beforeBatch hook, not by the update
    const viaHook = def.fields.some((f) => f.virtual && f.batch && f.prop in input);
    if (!Object.keys(values).length && !viaHook) throw fail('没有可以批量修改的数据');
    return db
      .transaction(async (tx) => {
        await checkReferences(caller, tx, [input]);
        if (def.hooks?.beforeBatch) {
          const rows = await tx
            .select(selection())
            .from(def.table)
            .where(and(inArray(col('id'), ids), scopeWhere(def, caller, true)));
          await def.hooks.beforeBatch({ db: tx, actor: caller.actor, caller, def, registry }, rows as Row[], input);
        }
        if (has('updated_at')) values[cols.byName.get('updated_at')!.key] = new Date();
        // one text whatever the number of rows: the audited statement is prepared by its text
        const scoped = and(sql`${col('id')} = any(${intArray(ids)})`, scopeWhere(def, caller, true))!;
        if (!Object.keys(values).length) {
          // nothing of the rows changes (the hook saved what there was): no entry
          const seen = await tx
            .select({ id: col('id') })
            .from(def.table)
            .where(scoped);
          if (seen.length !== new Set(ids).size) throw notFound();
          return seen.length;
        }
        let done: number;
        if (inline) {
          // one statement: the rows before locked, the update, and the entries from what it returns
          const update = updateOf(tx, scoped, values).returning({ b: oldJson.as('b'), a: rowJson.as('a') });
          const [r] = await runAudited<{ n: number }>(
            caller,
            tx,
            'batch',
            update.getSQL(),
            'select count(*)::int as n from audit_rows',
          );
          done = Number(r?.n ?? 0);
        } else {
          const before = await fullRows(tx, ids);
          done = (
            await tx
              .update(def.table)
              .set(values)
              .where(scoped)
              .returning({ id: col('id') })
          ).length;
          if (done === new Set(ids).size && auditing) await audit(caller, tx, 'batch', before, await fullRows(tx, ids));
        }
        if (done !== new Set(ids).size) throw notFound();
        return done;
      })
      .then(wrote);
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
        await def.hooks?.beforeDeleteRows?.({ db: tx, actor: caller.actor, caller, def, registry }, rows as Row[]);
        await refuseDependents(registry, def, tx, rows as Row[]);
        if (def.hooks?.beforeDelete)
          for (const r of rows)
            await def.hooks.beforeDelete({ db: tx, actor: caller.actor, caller, def, registry }, r as Row);
        const gone = tx.delete(def.table).where(and(sql`${col('id')} = any(${intArray(ids)})`, ofCompany(caller)));
        if (inline)
          await runAudited(
            caller,
            tx,
            'delete',
            gone.returning({ b: rowJson.as('b'), a: noRow.as('a') }).getSQL(),
            'select 1',
          );
        else {
          const before = await fullRows(tx, ids);
          await gone;
          if (auditing) await audit(caller, tx, 'delete', before, null);
        }
        return rows.length;
      })
      .then(wrote);

  const sortList = async (caller: Caller) => {
    if (!def.sort) throw fail('该列表不支持排序');
    const title = def.fields.find((f) => f.prop === def.sort!.titleProp)!;
    const rows = await db
      .select({ id: col('id'), title: fieldTarget(def, title) })
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
        where ${and(sql`${def.table}.id = s.id`, ofCompany(caller))}`);
    });
  };

  /** {label, value} of every row the caller can see, for selects and table pickers elsewhere; one village's with villageId */
  const options = async (caller: Caller, villageId?: number) => {
    const label = def.fields.find((f) => f.prop === (def.labelProp ?? 'name'));
    if (!label) throw fail('该列表没有可选项');
    const rows = await db
      .select({ value: col('id'), label: fieldTarget(def, label) })
      .from(def.table)
      .where(
        and(
          scopeWhere(def, caller, false),
          villageId && def.villageScoped ? eq(col('village_id'), villageId) : undefined,
          def.hooks?.optionsWhere?.(caller),
        ),
      )
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
    registry,
    parseRow,
  };
};
export type ResourceService = ReturnType<typeof resourceService>;
