import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Page } from '@5a/contracts';
import type { Db } from './db/client.ts';
import { ownerOf, type Actor } from './auth/actor.ts';
import { actorOf } from './http/access.ts';
import { ok } from './http/envelope.ts';
import { fail, notFound } from './errors.ts';
import { formatTime } from './time.ts';

type Row = Record<string, unknown>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SearchMode = 'like' | 'eq';

/**
 * How rows belong to callers:
 * - 'owner': tenant rows for staff, operator rows for operators, platform rows for admins;
 * - 'owner+shared': like owner, and platform rows are readable by all (dictionaries);
 * - 'global': product data edited only by whoever holds the permission (menus).
 */
export type Ownership = 'owner' | 'owner+shared' | 'global';

export type CrudSpec<T extends PgTable> = {
  /** path segment under /api */
  name: string;
  title: string;
  table: T;
  /** permission prefix: view / add / edit / remove */
  perm: string;
  ownership: Ownership;
  /** API field names (= SQL column names) accepted on create; update accepts the partial */
  input: z.ZodObject;
  /** fields the list search accepts and how they match */
  search: Record<string, SearchMode>;
  order?: { column: string; dir: 'asc' | 'desc' }[];
  /** never sent to the client */
  hidden?: string[];
  maxPageSize?: number;
  /** extra row filter (e.g. users of the caller's kind) */
  scope?: (actor: Actor) => SQL | undefined;
  beforeSave?: (ctx: SaveCtx, values: Row, existing: Row | null, input: Row) => Promise<Row> | Row;
  afterSave?: (ctx: SaveCtx, id: number, input: Row) => Promise<void> | void;
  beforeDelete?: (ctx: SaveCtx, existing: Row) => Promise<void> | void;
  /** adds computed fields to listed rows, one query per page */
  decorate?: (db: Db, rows: Row[]) => Promise<Row[]>;
};
export type SaveCtx = { tx: Tx; actor: Actor };

const pageSchema = z
  .object({
    current: z.coerce.number().int().min(1).optional(),
    page: z.coerce.number().int().min(1).optional(),
    size: z.coerce.number().int().min(1).optional(),
    page_size: z.coerce.number().int().min(1).optional(),
  })
  .passthrough();
const idBody = z.object({ id: z.coerce.number({ error: 'id 不能为空' }).int('id 格式错误').positive('id 格式错误') });

/** SQL column name ⇄ drizzle key, so the API speaks the spec's snake_case names. */
const columnMaps = (table: PgTable) => {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const byName = new Map<string, { key: string; col: PgColumn }>();
  for (const [key, col] of Object.entries(cols)) byName.set(col.name, { key, col });
  return { cols, byName };
};

export const uniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && ('code' in e ? (e as { code: unknown }).code === '23505' : false);

export const registerCrud = <T extends PgTable>(app: FastifyInstance, db: Db, spec: CrudSpec<T>) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cols, byName } = columnMaps(spec.table);
  const hidden = new Set(spec.hidden ?? []);
  const col = (name: string) => {
    const c = byName.get(name)?.col;
    if (!c) throw new Error(`${spec.name}: unknown column ${name}`);
    return c;
  };
  const has = (name: string) => byName.has(name);

  const ownerWhere = (actor: Actor, forWrite: boolean): SQL | undefined => {
    if (spec.ownership === 'global') return spec.scope?.(actor);
    const o = ownerOf(actor);
    const own = and(
      o.tenantId === null ? isNull(col('tenant_id')) : eq(col('tenant_id'), o.tenantId),
      o.operatorId === null ? isNull(col('operator_id')) : eq(col('operator_id'), o.operatorId),
    );
    const shared = and(isNull(col('tenant_id')), isNull(col('operator_id')));
    const base = spec.ownership === 'owner+shared' && !forWrite ? or(own, shared) : own;
    return and(base, spec.scope?.(actor));
  };

  const toApi = (row: Row): Row => {
    const out: Row = {};
    for (const [key, c] of Object.entries(cols)) {
      if (hidden.has(c.name)) continue;
      const v = row[key];
      out[c.name] = v instanceof Date ? formatTime(v) : v;
    }
    return out;
  };
  const toColumns = (input: Row): Row => {
    const out: Row = {};
    for (const [name, v] of Object.entries(input)) {
      const m = byName.get(name);
      if (m && name !== 'id' && v !== undefined) out[m.key] = v;
    }
    return out;
  };

  const findOwn = async (actor: Actor, id: number, forWrite: boolean, q: Db | Tx = db) => {
    const rows = await q
      .select()
      .from(spec.table as PgTable)
      .where(and(eq(col('id'), id), ownerWhere(actor, forWrite)))
      .limit(1);
    return (rows[0] as Row | undefined) ?? null;
  };

  const parseInput = (schema: z.ZodObject, body: unknown) => schema.parse(body) as Row;
  const base = `/api/${spec.name}`;
  const tags = [spec.title];

  api.post(
    `${base}/index`,
    { schema: { tags, summary: `${spec.title}列表`, body: pageSchema.optional() }, config: { access: { perm: `${spec.perm}:view` } } },
    async (req) => {
      const actor = actorOf(req);
      const body = (req.body ?? {}) as Row & z.infer<typeof pageSchema>;
      const max = spec.maxPageSize ?? 500;
      const size = body.size ?? body.page_size ?? 10;
      if (size > max) throw fail(`size 不能超过${max}`);
      const current = body.current ?? body.page ?? 1;
      const conds: (SQL | undefined)[] = [ownerWhere(actor, false)];
      for (const [field, mode] of Object.entries(spec.search)) {
        const v = body[field];
        if (v === undefined || v === null || v === '') continue;
        conds.push(mode === 'like' ? ilike(col(field), `%${String(v).replace(/[\\%_]/g, '\\$&')}%`) : eq(col(field), v));
      }
      const where = and(...conds);
      const order = (spec.order ?? [{ column: 'id', dir: 'desc' as const }]).map((o) => (o.dir === 'asc' ? asc(col(o.column)) : desc(col(o.column))));
      const [rows, [total]] = await Promise.all([
        db.select().from(spec.table as PgTable).where(where).orderBy(...order).limit(size).offset((current - 1) * size),
        db.select({ n: count() }).from(spec.table as PgTable).where(where),
      ]);
      let records = (rows as Row[]).map(toApi);
      if (spec.decorate) records = await spec.decorate(db, records);
      const n = Number(total?.n ?? 0);
      const page: Page<Row> = { records, total: n, current, size, pageCount: Math.ceil(n / size) };
      return ok(page);
    },
  );

  api.put(
    `${base}/create`,
    { schema: { tags, summary: `新增${spec.title}`, body: spec.input }, config: { access: { perm: `${spec.perm}:add` } } },
    async (req) => {
      const actor = actorOf(req);
      const input = parseInput(spec.input, req.body);
      const id = await db.transaction(async (tx) => {
        let values = toColumns(input);
        if (spec.ownership !== 'global') Object.assign(values, ownerOf(actor));
        if (spec.beforeSave) values = await spec.beforeSave({ tx, actor }, values, null, input);
        const [row] = await tx.insert(spec.table).values(values as T['$inferInsert']).returning({ id: col('id') });
        const newId = Number((row as Row).id);
        await spec.afterSave?.({ tx, actor }, newId, input);
        return newId;
      }).catch(rethrowUnique(spec.title));
      return ok({ id }, '保存成功!');
    },
  );

  api.post(
    `${base}/update`,
    { schema: { tags, summary: `读取${spec.title}`, body: idBody }, config: { access: { perm: `${spec.perm}:view` } } },
    async (req) => {
      const row = await findOwn(actorOf(req), req.body.id, false);
      if (!row) throw notFound(spec.title);
      const [out] = spec.decorate ? await spec.decorate(db, [toApi(row)]) : [toApi(row)];
      return ok(out);
    },
  );

  const updateSchema = spec.input.partial().extend(idBody.shape);
  api.put(
    `${base}/update`,
    { schema: { tags, summary: `保存${spec.title}`, body: updateSchema }, config: { access: { perm: `${spec.perm}:edit` } } },
    async (req) => {
      const actor = actorOf(req);
      const input = parseInput(updateSchema, req.body);
      const id = Number(input.id);
      await db.transaction(async (tx) => {
        const existing = await findOwn(actor, id, true, tx);
        if (!existing) throw notFound(spec.title);
        let values = toColumns(input);
        if (spec.beforeSave) values = await spec.beforeSave({ tx, actor }, values, existing, input);
        if (has('updated_at')) values[byName.get('updated_at')!.key] = new Date();
        if (Object.keys(values).length) await tx.update(spec.table).set(values as Partial<T['$inferInsert']>).where(eq(col('id'), id));
        await spec.afterSave?.({ tx, actor }, id, input);
      }).catch(rethrowUnique(spec.title));
      return ok(null, '修改成功!');
    },
  );

  const deleteHandler = async (req: FastifyRequest) => {
    const actor = actorOf(req);
    const { id } = idBody.parse({ ...(req.query as Row), ...((req.body as Row | undefined) ?? {}) });
    await db.transaction(async (tx) => {
      const existing = await findOwn(actor, id, true, tx);
      if (!existing) throw notFound(spec.title);
      await spec.beforeDelete?.({ tx, actor }, existing);
      await tx.delete(spec.table).where(eq(col('id'), id));
    });
    return ok(null, '删除成功!');
  };
  api.delete(
    `${base}/delete`,
    { schema: { tags, summary: `删除${spec.title}` }, config: { access: { perm: `${spec.perm}:remove` } } },
    deleteHandler,
  );

  return { ownerWhere, toApi, findOwn, col };
};

const rethrowUnique = (title: string) => (e: unknown) => {
  if (uniqueViolation(e) || uniqueViolation((e as { cause?: unknown })?.cause)) throw fail(`${title}已存在，请勿重复添加`);
  throw e;
};

/** Non-empty trimmed text with the field's Chinese label in every message. */
export const text = (label: string, max = 64) =>
  z.string({ error: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(max, `${label}不能超过${max}个字符`);
export const optionalText = (label: string, max = 255) =>
  z.string({ error: `${label}格式错误` }).trim().max(max, `${label}不能超过${max}个字符`).optional();
export const oneOf = (label: string, values: readonly number[]) =>
  z.coerce
    .number({ error: `${label}格式错误` })
    .int(`${label}格式错误`)
    .refine((v) => values.includes(v), `${label}只能是${values.join('/')}`);
export const intField = (label: string, min = 0) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, `${label}不能小于${min}`);
/** keeps a row count query readable at call sites */
export const countOf = sql<number>`count(*)::int`;
