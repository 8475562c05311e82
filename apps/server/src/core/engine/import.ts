import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Code, type ImportResult } from '@5a/contracts';
import { recordCustomAudit } from './audit.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { bulkInsert, UNNEST_CHUNK } from './bulk-insert.ts';
import { loadChoices } from './choices.ts';
import { columnName, columnsOf, toColumnValues } from './columns.ts';
import { fieldConfig } from './config.ts';
import { checkChunk, newLookups, type ChunkCtx, type ImportError, type Parsed } from './import-check.ts';
import type { SheetData } from './import-sheet.ts';
import { ownerValues, scopeWhere, type Caller } from './scope.ts';
import type { ResourceService } from './service.ts';
import type { FieldDef, ResourceDef, Row, Tx } from './types.ts';

export type { ImportError } from './import-check.ts';

export const MAX_IMPORT_ROWS = 100_000;
const MAX_ERRORS = 1000;
/** rows per insertRows call when hooks must see each row (multi-row insert, not one per row) */
const HOOK_CHUNK = 500;
const ANALYZE_AFTER = 5000;
/** rows checked, then inserted, at a time (one unnest statement each); tests pass fewer */
const CHUNK = UNNEST_CHUNK;

export const importFields = (def: ResourceDef) => def.fields.filter((f) => fieldConfig(f).inImport);

const refused = (total: number, errors: ImportError[]) => {
  const e = errors[0]!;
  const where = e.row > 0 ? `第${e.row}行 ` : '';
  return new AppError(Code.validation, `导入失败：${where}${e.column} ${e.message}`, {
    total,
    inserted: 0,
    errors: errors.slice(0, MAX_ERRORS),
  });
};

/** A unique violation names its key; point at the row that carries it (the second one if the file repeats it). */
const uniqueError = (def: ResourceDef, parsed: Parsed[], err: unknown): ImportError | null => {
  for (let e = err as { code?: unknown; detail?: unknown; cause?: unknown } | null; e; e = e.cause as typeof e) {
    if (e.code !== '23505') continue;
    const m = /Key \(([^)]+)\)=\((.*)\) already exists/.exec(String(e.detail ?? ''));
    const f = m ? def.fields.find((x) => columnName(x) === m[1]) : undefined;
    if (!m || !f) return { row: 0, column: def.title, message: `${def.title}已存在，请勿重复导入` };
    const rows = parsed.filter((p) => String(p.values[f.prop] ?? '') === m[2]);
    return { row: (rows[1] ?? rows[0])?.row ?? 0, column: f.label, message: `${f.label}“${m[2]}”已存在` };
  }
  return null;
};

/** beforeSave for each row, as add runs it; a refusal names its row (and then nothing is written) */
const beforeSaveEach = async (
  tx: Tx,
  svc: ResourceService,
  def: ResourceDef,
  caller: Caller,
  chunk: Parsed[],
  values: Row[],
  refusals: ImportError[],
) => {
  const hook = def.hooks!.beforeSave!;
  const ctx = { db: tx, actor: caller.actor, caller, def, registry: svc.registry };
  const out: Row[] = [];
  for (let i = 0; i < values.length && refusals.length < MAX_ERRORS; i++) {
    try {
      out.push(await hook(ctx, values[i]!, null, chunk[i]!.values));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const field = (err.data as { field?: string } | null)?.field;
      refusals.push({
        row: chunk[i]!.row,
        column: def.fields.find((f) => f.prop === field)?.label ?? def.title,
        message: err.message,
      });
    }
  }
  return out;
};

/** afterSave needs each row's id: the builder's insert … returning, a few hundred rows a statement */
const insertBuilt = async (tx: Tx, svc: ResourceService, caller: Caller, inputs: Row[]) => {
  for (let i = 0; i < inputs.length; i += HOOK_CHUNK) await svc.insertRows(caller, tx, inputs.slice(i, i + HOOK_CHUNK));
};

/** thrown to end the transaction when the import is refused: nothing it wrote stays */
const rollback = new Error('import refused');

/**
 * Checking the next chunk while the transaction inserts one takes a second connection. Only a pool
 * with connections to spare lends one (not PGlite, not the embedded one-connection socket), and
 * imports overlapping so take at most half of it, so no two can wait on each other's connection.
 */
// counted per pool: one app's imports take nothing from another app's pool
const overlapping = new WeakMap<object, number>();
const poolOf = (db: Db) => (db as unknown as { $client?: unknown }).$client;
const canOverlap = (db: Db) => {
  const client = poolOf(db);
  return client instanceof pg.Pool && (overlapping.get(client) ?? 0) < Math.floor((client.options.max ?? 10) / 2);
};
const countOverlap = (db: Db, by: number) => {
  const client = poolOf(db) as object;
  overlapping.set(client, (overlapping.get(client) ?? 0) + by);
};

/**
 * Validates every row (labels → values, refs → ids, the form's own rules, visible villages/parents,
 * resolveImport, dictionary values); any error writes nothing: all rows go in one transaction, in
 * chunks, set-based (unnest; beforeSave run per row first) or, with an afterSave hook, through the
 * builder's insert … returning. On PostgreSQL the next chunk is checked (on another connection)
 * while the database inserts one, so a large import takes about as long as its insert.
 */
export const importRows = async (
  db: Db,
  def: ResourceDef,
  svc: ResourceService,
  caller: Caller,
  sheet: SheetData,
  chunkRows = CHUNK,
): Promise<ImportResult> => {
  const fields = importFields(def);
  const byName = new Map<string, FieldDef>();
  for (const f of fields) byName.set(f.label, f);
  for (const f of fields) if (!byName.has(f.prop)) byName.set(f.prop, f);
  const seen = new Set<FieldDef>();
  const columns = sheet.headers.map((h) => {
    const f = byName.get(
      h
        .trim()
        .replace(/^[*＊]\s*/, '')
        .trim(),
    );
    if (!f || seen.has(f)) return undefined;
    seen.add(f);
    return f;
  });
  // a row with text only in ignored columns (a note beside the table) is not a data row
  const rows = sheet.rows.filter((r) =>
    columns.some((f, i) => f && r.cells[i] !== null && r.cells[i] !== undefined && r.cells[i] !== ''),
  );
  const total = rows.length;
  const missing = fields.filter((f) => f.required && !seen.has(f));
  if (missing.length)
    throw refused(
      total,
      missing.map((f) => ({ row: 1, column: f.label, message: '缺少必填列' })),
    );
  if (!total) throw new AppError(Code.validation, '文件中没有数据', { total: 0, inserted: 0, errors: [] });

  const c: ChunkCtx = {
    registry: svc.registry,
    def,
    caller,
    fields,
    columns,
    choices: await loadChoices(svc.registry, db, caller, fields),
    lookups: newLookups(),
  };
  const parsed: Parsed[] = [];
  // reported in this order, the first kind found: field and row errors, a save hook's refusals, the database's
  const errors: ImportError[] = [];
  const refusals: ImportError[] = [];
  let failure = null as { err: unknown } | null;
  const writing = () => !errors.length && !refusals.length && !failure;
  let next = 0;
  /** the next chunk of rows, checked (its lookups outside the transaction), or null after the last */
  const checkNext = async () => {
    if (next >= rows.length) return null;
    const slice = rows.slice(next, next + chunkRows);
    next += slice.length;
    const chunk = await checkChunk(db, c, slice, errors);
    parsed.push(...chunk);
    if (!errors.length)
      await svc
        .checkReferences(
          caller,
          db,
          chunk.map((p) => p.values),
        )
        .catch((err: unknown) => void (failure ??= { err }));
    return chunk;
  };

  const overlap = canOverlap(db);
  const checked: Parsed[][] = [];
  // without a second connection every row is checked before the transaction begins
  if (!overlap) for (let chunk = await checkNext(); chunk; chunk = await checkNext()) checked.push(chunk);
  if (overlap) countOverlap(db, 1);
  try {
    if (writing())
      await writeChunks(db, def, svc, caller, {
        next: async () => (overlap ? checkNext() : (checked.shift() ?? null)),
        errors,
        refusals,
        failure: () => failure,
        fail: (err) => void (failure ??= { err }),
      });
  } finally {
    if (overlap) countOverlap(db, -1);
  }
  // the rows the transaction did not get to (it stops at the first error) are checked too: all errors are listed
  while (await checkNext());

  if (errors.length)
    throw refused(
      total,
      errors.sort((a, b) => a.row - b.row),
    );
  if (refusals.length) throw refused(total, refusals);
  if (failure) {
    const { err } = failure;
    const unique = uniqueError(def, parsed, err);
    if (unique) throw refused(total, [unique]);
    if (err instanceof AppError) {
      const field = (err.data as { field?: string } | null)?.field;
      throw refused(total, [
        { row: 0, column: def.fields.find((f) => f.prop === field)?.label ?? def.title, message: err.message },
      ]);
    }
    throw err;
  }
  // PGlite has no autovacuum: without fresh statistics the planner keeps estimating the table as
  // tiny and picks plans (tenant index + sort) that rescan it for every keyset batch of an export
  if (total >= ANALYZE_AFTER) await db.execute(sql`analyze ${def.table}`);
  return { total, inserted: total, errors: [] };
};

type Feed = {
  next: () => Promise<Parsed[] | null>;
  errors: ImportError[];
  refusals: ImportError[];
  failure: () => { err: unknown } | null;
  fail: (err: unknown) => void;
};

/**
 * One transaction: each chunk is prepared (order numbers, column values, beforeSave) and sent
 * while the one before is still inserting. Stops at the first error; refusals of the save hook
 * are all collected, but nothing more is sent.
 */
const writeChunks = (db: Db, def: ResourceDef, svc: ResourceService, caller: Caller, feed: Feed) =>
  db
    .transaction(async (tx) => {
      const { errors, refusals, failure } = feed;
      const sortProp = def.sort ? def.fields.find((f) => columnName(f) === def.sort!.column)?.prop : undefined;
      // like add: rows without an order go after the rows already there, in file order
      let sort = 0;
      if (sortProp) {
        const { col } = columnsOf(def.table);
        const [m] = await tx
          .select({ m: sql<number>`coalesce(max(${col(def.sort!.column)}), 0)::int` })
          .from(def.table)
          .where(scopeWhere(def, caller, true));
        sort = Number(m?.m ?? 0);
      }
      const owner = ownerValues(def, caller.actor);
      let inflight: Promise<unknown> = Promise.resolve();
      let written = 0;
      // a hook's query behind an insert that failed fails too (the transaction is aborted): stop there
      const aborted = async (err: unknown) => {
        await inflight;
        if (failure()) return null;
        throw err;
      };
      for (let chunk = await feed.next(); chunk && !errors.length && !failure(); chunk = await feed.next()) {
        const inputs = chunk.map((p) => p.values);
        if (sortProp) for (const v of inputs) if (v[sortProp] === undefined) v[sortProp] = ++sort;
        let values: Row[] | null = inputs;
        if (!def.hooks?.afterSave) {
          values = inputs.map((v) => Object.assign(toColumnValues(def, v), owner));
          if (def.hooks?.beforeSave)
            values = await beforeSaveEach(tx, svc, def, caller, chunk, values, refusals).catch(aborted);
        }
        await inflight;
        if (!values || refusals.length || failure()) continue;
        const insert = def.hooks?.afterSave ? insertBuilt(tx, svc, caller, values) : bulkInsert(tx, def.table, values);
        written += values.length;
        inflight = insert.catch(feed.fail);
      }
      await inflight;
      if (errors.length || refusals.length || failure()) throw rollback;
      // one entry for the whole file, not one per row: an import of 100,000 rows would write 100,000 more
      await recordCustomAudit(svc.registry, tx, caller.actor, {
        screen: def.name,
        screenTitle: def.title,
        action: 'import',
        after: { rows: written },
      });
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
