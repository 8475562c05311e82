/**
 * Resident import from xlsx files built from the app's own template (POST …/importTemplate), with
 * residents of houses that exist (3 per house, valid ID cards and mobiles, made by the same SQL as
 * the dataset). Over HTTP (multipart upload, as the browser sends it), then through the engine's
 * readXlsx + importRows in-process, timed part by part (the cap lifted if the upload hit it).
 */
import ExcelJS from 'exceljs';
import { getTableColumns } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../apps/server/src/core/db/client.ts';
import { resolveToken } from '../../apps/server/src/modules/auth/tokens.ts';
import { bulkInsert } from '../../apps/server/src/core/engine/bulk-insert.ts';
import { importRows, MAX_IMPORT_ROWS } from '../../apps/server/src/core/engine/import.ts';
import { readXlsx } from '../../apps/server/src/core/engine/import-sheet.ts';
import { resourceService } from '../../apps/server/src/core/engine/service.ts';
import { gatePersonResource } from '../../apps/server/src/modules/estate/resource-person.ts';
import { gatePersons } from '../../apps/server/src/modules/estate/schema.ts';
import { loadAccess } from '../../apps/server/src/modules/rbac/service.ts';
import { createRegistry } from '../../apps/server/src/core/engine/registry.ts';
import { modules } from '../../apps/server/src/modules/index.ts';
import { personsSelectSql, SERIAL_IMPORT } from './data-residents.ts';
import type { Ctx } from './estate-list.ts';

type Person = Record<string, string | number>;
export type ImportRun = {
  label: string;
  rows: number;
  bytes: number;
  ms: number;
  ok: boolean;
  msg: string;
  statements?: number;
  dbMs?: number;
  parseMs?: number;
  insertMs?: number;
  firstInsertMs?: number;
};
export type ImportFigures = { rows: number; cap: number; runs: ImportRun[]; buildMs: number; bulkMs: number };

const LABELS: Record<string, (p: Person) => string> = {
  小区: (p) => String(p.village_name),
  楼栋: (p) => String(p.building_name),
  单元: (p) => String(p.unit_name),
  房号: (p) => String(p.room_name),
  姓名: (p) => String(p.name),
  人员类型: (p) => ['', '业主', '租户', '家属'][Number(p.personnel_type)]!,
  证件类型: () => '居民身份证',
  身份证号码: (p) => String(p.idcard),
  性别: (p) => (Number(p.sex) === 1 ? '男' : '女'),
  手机号码: (p) => String(p.tel),
  与户主关系: (p) => ['', '本人', '配偶', '子女', '父母', '其他亲属', '其他'][Number(p.relationship)]!,
  户籍身份: (p) => ['', '户籍人口', '流动人口', '境外人员'][Number(p.household_identity)]!,
  是否户主: (p) => (Number(p.is_huzhu) === 1 ? '是' : '否'),
  是否入住: (p) => (Number(p.is_livein) === 1 ? '是' : '否'),
  审核状态: (p) => ['待审核', '已通过', '已驳回'][Number(p.status)]!,
};

/** an xlsx like Excel saves it (shared strings), written with exceljs' streaming writer */
const xlsxOf = async (headers: string[], people: Person[]) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('住户');
  ws.addRow(headers).commit();
  const fns = headers.map((h) => LABELS[h.replace(/^[*＊]\s*/, '').trim()]);
  for (const p of people) ws.addRow(fns.map((f) => (f ? f(p) : ''))).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
};

export const importBench = async (
  ctx: Ctx,
  db: Db,
  opts: { tenantId: number; rows: number; token: string },
): Promise<ImportFigures> => {
  const { base, auth, cp, log } = ctx;
  const t0 = performance.now();
  const tpl = await fetch(`${base}/Web/Basic/GatePerson/importTemplate?tab_type=owner`, {
    method: 'POST',
    headers: auth,
  });
  if (!tpl.ok) throw new Error(`importTemplate: HTTP ${tpl.status}`);
  const twb = new ExcelJS.Workbook();
  await twb.xlsx.load(Buffer.from(await tpl.arrayBuffer()) as unknown as ArrayBuffer);
  const headers = (twb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const unknown = headers.filter((h) => !LABELS[h.replace(/^[*＊]\s*/, '').trim()]);
  log(`  template columns: ${headers.join(' | ')}${unknown.length ? ` (left blank: ${unknown.join(', ')})` : ''}`);

  // the newest houses of the tenant, 3 residents each
  const houses = Math.ceil(opts.rows / 3);
  const lower = (
    await cp.pool.query<{ id: number }>(
      `select id from houses where tenant_id = $1 order by id desc offset $2 limit 1`,
      [opts.tenantId, houses - 1],
    )
  ).rows[0]?.id;
  if (!lower) throw new Error(`tenant ${opts.tenantId} has fewer than ${houses} houses`);
  const where = `h.tenant_id = ${opts.tenantId} and h.id >= ${lower}`;
  const people = async (rows: number, serial0: number) => {
    const c = await cp.pool.connect();
    try {
      await c.query('begin');
      await c.query('set local jit = off'); // this connection goes back to the app's pool: local to this transaction only
      return (
        await c.query<Person>(
          `select * from (${personsSelectSql(where, houses, rows, serial0)}) p order by house_id, idcard`,
        )
      ).rows;
    } finally {
      await c.query('commit').catch(() => undefined);
      c.release();
    }
  };
  const whole = await xlsxOf(headers, await people(opts.rows, SERIAL_IMPORT));
  const halfRows = await people(opts.rows, SERIAL_IMPORT + 1_000_000);
  const half = Math.ceil(halfRows.length / 2);
  const halves = [await xlsxOf(headers, halfRows.slice(0, half)), await xlsxOf(headers, halfRows.slice(half))];
  const buildMs = performance.now() - t0;
  log(
    `  files built in ${(buildMs / 1000).toFixed(1)} s: ${opts.rows} rows = ${(whole.length / 1024 / 1024).toFixed(1)} MB`,
  );

  const upload = async (label: string, file: Buffer, rows: number): Promise<ImportRun> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'residents.xlsx');
    const c0 = cp.count;
    const t = performance.now();
    const res = (await (
      await fetch(`${base}/Web/Basic/GatePerson/import?tab_type=owner`, { method: 'POST', headers: auth, body: form })
    ).json()) as { code: number; msg: string; data: { inserted?: number } | null };
    const run = {
      label,
      rows,
      bytes: file.length,
      ms: performance.now() - t,
      ok: res.code === 0 && res.data?.inserted === rows,
      msg: res.msg,
      statements: cp.count - c0,
    };
    log(
      `  ${label.padEnd(48)} ${(run.ms / 1000).toFixed(2)} s  ${run.ok ? 'inserted' : `refused: ${res.msg}`}  (${run.statements} SQL statements)`,
    );
    return run;
  };

  const runs: ImportRun[] = [];
  const one = await upload(`HTTP, one file of ${opts.rows.toLocaleString('en-US')}`, whole, opts.rows);
  runs.push(one);
  runs.push(await upload(`HTTP, file 1 of 2 (${half.toLocaleString('en-US')})`, halves[0]!, half));
  runs.push(
    await upload(
      `HTTP, file 2 of 2 (${(halfRows.length - half).toLocaleString('en-US')})`,
      halves[1]!,
      halfRows.length - half,
    ),
  );

  {
    // the engine's own code in-process, timed part by part: the xlsx parse, then the import (checks and
    // inserts overlap); a file of its own (the one above went in already) unless the cap refused that one
    const capped = !one.ok && opts.rows > MAX_IMPORT_ROWS;
    const file = capped ? whole : await xlsxOf(headers, await people(opts.rows, SERIAL_IMPORT + 3_000_000));
    const actor = await resolveToken(db, opts.token);
    if (!actor) throw new Error('token');
    const registry = createRegistry(modules);
    const access = await loadAccess(registry, db, actor);
    const caller = { actor, perms: access.perms, villageIds: access.villageIds };
    const t = performance.now();
    const sheet = await readXlsx(file, capped ? opts.rows * 2 : MAX_IMPORT_ROWS);
    const parseMs = performance.now() - t;
    const c0 = cp.count;
    const t1 = performance.now();
    const { value, statements } = await cp.capture(() =>
      importRows(db, gatePersonResource, resourceService(db, gatePersonResource, registry), caller, sheet),
    );
    const ms = performance.now() - t;
    const dbMs = statements.reduce((a, s) => a + (s.end - s.start), 0);
    const inserts = statements.filter((s) => /^insert into "gate_persons"/.test(s.text));
    const insertMs = inserts.reduce((a, s) => a + (s.end - s.start), 0);
    const firstInsertMs = inserts.length ? inserts[0]!.start - t1 : NaN;
    const afterInsertsMs = inserts.length ? performance.now() - Math.max(...inserts.map((s) => s.end)) : NaN;
    const label = `engine in-process, one file of ${opts.rows.toLocaleString('en-US')}${capped ? ' (cap lifted)' : ''}`;
    const run = {
      label,
      rows: opts.rows,
      bytes: file.length,
      ms,
      ok: value.inserted === opts.rows,
      msg: '',
      statements: cp.count - c0,
      dbMs,
      parseMs,
      insertMs,
      firstInsertMs,
    };
    log(
      `  ${run.label.padEnd(48)} ${(ms / 1000).toFixed(2)} s: parse ${(parseMs / 1000).toFixed(2)} s, import ${((ms - parseMs) / 1000).toFixed(2)} s ` +
        `(first insert after ${(firstInsertMs / 1000).toFixed(2)} s; ${inserts.length} inserts, ${(insertMs / 1000).toFixed(2)} s in the database; ` +
        `commit and analyze ${(afterInsertsMs / 1000).toFixed(2)} s; ${run.statements} SQL statements in all)`,
    );
    runs.push(run);
  }
  // the engine's set-based path (bulkInsert: insert … select unnest, chunks of 5,000) for as many rows of
  // the same kind, in a transaction rolled back: what the insert costs when no per-row builder is used
  const cols = Object.entries(getTableColumns(gatePersons)).filter(
    ([, c]) => !['id', 'created_at', 'updated_at'].includes(c.name),
  );
  const values = (await people(opts.rows, SERIAL_IMPORT + 2_000_000)).map((p) =>
    Object.fromEntries(cols.map(([k, c]) => [k, p[c.name] ?? undefined])),
  );
  let bulkMs = NaN;
  const rollback = new Error('rollback');
  await db
    .transaction(async (tx) => {
      const t = performance.now();
      await bulkInsert(tx, gatePersons, values);
      bulkMs = performance.now() - t;
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  log(
    `  engine bulkInsert (unnest) of ${values.length.toLocaleString('en-US')} rows, rolled back: ${(bulkMs / 1000).toFixed(2)} s`,
  );
  return { rows: opts.rows, cap: MAX_IMPORT_ROWS, runs, buildMs, bulkMs };
};
