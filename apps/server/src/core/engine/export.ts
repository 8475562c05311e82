import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { PassThrough, type Writable } from 'node:stream';
import type { Db } from '../db/client.ts';
import { columnsOf } from './columns.ts';
import { fieldConfig } from './config.ts';
import { loadChoices, switchLabel, type Choices } from './choices.ts';
import type { Caller } from './scope.ts';
import type { ResourceService } from './service.ts';
import type { ListInput } from './list-where.ts';
import type { FieldDef, ResourceDef, Row } from './types.ts';
import { apiRowReader, rawSelection, readRaw } from './raw-rows.ts';
import { CSV_TYPE, XLSX_TYPE, csvLine, sheetName, stamp } from './xlsx.ts';
import { xlsxStream } from './xlsx-write.ts';

export type ExportFormat = 'xlsx' | 'csv';
export type ExportFile = { filename: string; contentType: string; stream: PassThrough };
type Cell = string | number | null;

/**
 * rows per keyset batch: memory stays one batch whatever the export size. 500 rather than 2,000: a
 * batch lives while it is written (and the next is read meanwhile), so bigger batches outlived
 * young-generation GCs, were promoted, and the old generation grew ~200 MB before a full GC
 * (peak RSS for 136k bills as csv 377 → ~250 MB, at the same speed)
 */
export const EXPORT_BATCH = 500;
/** rows written between two yields to the event loop */
export const SLICE = 250;

export const exportFields = (def: ResourceDef) => def.fields.filter((f) => fieldConfig(f).inExport);

/** id → label for fields that point at another table (`ref`), one query per field per batch. */
const refLabels = async (db: Db, caller: Caller, fields: FieldDef[], rows: Row[]) => {
  const out = new Map<string, Map<number, string>>();
  for (const f of fields) {
    if (!f.ref) continue;
    const ids = [...new Set(rows.map((r) => Number(r[f.prop])).filter((n) => Number.isInteger(n) && n > 0))];
    const m = new Map<number, string>();
    out.set(f.prop, m);
    if (!ids.length) continue;
    const { col, has } = columnsOf(f.ref.table);
    const tenant =
      f.ref.tenantScoped && has('tenant_id') && caller.actor.tenantId !== null
        ? eq(col('tenant_id'), caller.actor.tenantId)
        : undefined;
    const found = await db
      .select({ id: col('id'), label: col(f.ref.labelColumn) })
      .from(f.ref.table)
      .where(and(inArray(col('id'), ids), tenant));
    for (const r of found) m.set(Number(r.id), String(r.label ?? ''));
  }
  return out;
};

/** One API value as a file cell: labels for choices and refs, yuan for money, text otherwise. */
const cellOf = (
  f: FieldDef,
  v: unknown,
  choices: Map<string, Choices>,
  refs: Map<string, Map<number, string>>,
  xlsx: boolean,
): Cell => {
  if (v === null || v === undefined || v === '') return null;
  const c = choices.get(f.prop);
  if (c) {
    const parts = Array.isArray(v) ? v : f.type === 'checkbox' || f.multiple ? String(v).split(',') : [v];
    return parts.map((p) => c.toLabel.get(String(p)) ?? String(p)).join(',');
  }
  const r = refs.get(f.prop);
  if (r) return r.get(Number(v)) ?? String(v);
  if (f.type === 'switch') return String(switchLabel(v));
  // xlsx: a number cell with a 0.00 format, so the sheet can sum it
  if (f.type === 'money') return xlsx ? Number(v) : String(v);
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? '是' : '否';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** Resolves when the consumer has room again (or is gone): the producer never runs ahead. */
const drained = (out: Writable) =>
  out.writableNeedDrain && !out.destroyed
    ? new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      })
    : Promise.resolve();
const tick = () => new Promise<void>((r) => setImmediate(r));

/**
 * Streams the rows a list request would see (scope, tab, search values, selected ids) as xlsx or
 * csv. Rows are read in keyset batches (id desc) and written as they come, so memory stays flat
 * for any size. The first batch is read before anything is sent: a failure there is still an
 * envelope; a later one aborts the download.
 */
export const exportResource = async (
  db: Db,
  def: ResourceDef,
  svc: ResourceService,
  caller: Caller,
  input: ListInput,
  tab: string | undefined,
  format: ExportFormat,
): Promise<ExportFile> => {
  const { col } = columnsOf(def.table);
  const fields = exportFields(def);
  const choices = await loadChoices(svc.registry, db, caller, fields);
  const where = svc.listWhere(caller, input, tab);
  const { selection, decoders } = rawSelection(svc.selection());
  const toRow = apiRowReader(def, decoders);
  const fetch = async (after?: number) => {
    const q = db
      .select(selection)
      .from(def.table)
      .where(and(where, after === undefined ? undefined : lt(col('id'), after)))
      .orderBy(desc(col('id')))
      .limit(EXPORT_BATCH);
    return readRaw(db, q, toRow);
  };
  const first = await fetch();

  /**
   * Batches with the next one already being read while this one is written: the database and the
   * file writer work side by side instead of in turn.
   */
  async function* batches() {
    let rows = first;
    while (rows.length) {
      const next = rows.length < EXPORT_BATCH ? null : fetch(Number(rows[rows.length - 1]!.id));
      // a failed read-ahead surfaces when awaited, not as an unhandled rejection meanwhile
      next?.catch(() => undefined);
      const decorated = def.hooks?.decorate
        ? await def.hooks.decorate({ db, actor: caller.actor, caller, def, registry: svc.registry }, rows)
        : rows;
      const refs = await refLabels(db, caller, fields, decorated);
      yield { rows: decorated, refs };
      if (!next) return;
      rows = await next;
    }
  }

  const stream = new PassThrough();
  const xlsx = format === 'xlsx';
  const cells = (r: Row, refs: Map<string, Map<number, string>>) =>
    fields.map((f) => cellOf(f, r[f.prop], choices, refs, xlsx));

  const writeCsv = async () => {
    stream.write(`\uFEFF${csvLine(fields.map((f) => f.label))}`);
    for await (const { rows, refs } of batches()) {
      for (let i = 0; i < rows.length; i += SLICE) {
        if (stream.destroyed) return;
        let chunk = '';
        for (const r of rows.slice(i, i + SLICE)) chunk += csvLine(cells(r, refs));
        stream.write(chunk);
        // other requests get the event loop between slices (the embedded database shares it)
        await tick();
        await drained(stream);
      }
    }
    stream.end();
  };

  const writeXlsx = async () => {
    // our own streaming writer (xlsx-write.ts): exceljs built row, cell and style objects per cell
    const w = xlsxStream(stream, {
      sheetName: sheetName(def.title),
      widths: fields.map((f) => Math.max(10, Math.min(40, f.width ? Math.round(f.width / 7) : f.label.length * 2 + 4))),
      moneyColumns: fields.flatMap((f, i) => (f.type === 'money' ? [i] : [])),
    });
    w.header(fields.map((f) => f.label));
    for await (const { rows, refs } of batches()) {
      for (let s = 0; s < rows.length; s += SLICE) {
        if (stream.destroyed) return;
        w.rows(rows.slice(s, s + SLICE).map((r) => cells(r, refs)));
        // other requests run, and the zip and the response take what was written, before the next slice
        await tick();
        await w.drained();
      }
    }
    await w.end();
  };

  void (xlsx ? writeXlsx() : writeCsv()).catch((err: unknown) =>
    stream.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return { filename: `${def.title}_${stamp()}.${format}`, contentType: xlsx ? XLSX_TYPE : CSV_TYPE, stream };
};
