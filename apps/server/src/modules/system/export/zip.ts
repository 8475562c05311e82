import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { APP_VERSION } from '@5a/contracts';
import type { RawSql } from '../../../core/db/raw.ts';
import { csvLine } from '../../../core/engine/xlsx.ts';
import type { Storage } from '../../../core/storage/storage.ts';
import { formatTime } from '../../../core/time.ts';
import type { ExportTable } from './catalog.ts';
import { isSecretColumn } from '../../../core/secret-columns.ts';
import { tableRows } from './read.ts';

const BOM = '\ufeff';
/** bytes of CSV gathered before one write into the zip: a few writes per batch, not one per row */
const CHUNK = 64 * 1024;

export type ExportedTable = { name: string; file: string; rows: number; columns: string[]; blanked: string[] };
export type Manifest = {
  company: { id: number; name: string };
  exported_at: string;
  app_version: string;
  format: string;
  notes: string[];
  tables: ExportedTable[];
};

const README = (m: Manifest) =>
  [
    `${m.company.name} 数据导出`,
    `导出时间：${m.exported_at}（北京时间）`,
    `系统版本：${m.app_version}`,
    '',
    '每张数据表一个 CSV 文件（UTF-8 带 BOM，Excel 可直接打开），第一行为列名。',
    ...m.notes,
    '各表的行数与列见 manifest.json。',
    '',
    ...m.tables.map((t) => `${t.file}\t${t.rows} 行`),
    '',
  ].join('\r\n');

/** writes a chunk into the entry's stream, waiting while the zip has not taken the last ones */
const writeChunk = async (out: PassThrough, chunk: string) => {
  if (!out.write(chunk)) await once(out, 'drain');
};

/** one table's CSV into its entry: header, then the rows a batch at a time; its row count */
const writeTable = async (
  zip: ZipFile,
  raw: RawSql,
  t: ExportTable,
  tenantId: number,
  mtime: Date,
  signal?: AbortSignal,
) => {
  const out = new PassThrough();
  zip.addReadStream(out, `${t.name}.csv`, { mtime });
  let buf = BOM + csvLine(t.columns.map((c) => c.name));
  let rows = 0;
  for await (const cells of tableRows(raw, t, tenantId, signal)) {
    buf += csvLine(cells);
    rows++;
    if (buf.length >= CHUNK) {
      await writeChunk(out, buf);
      buf = '';
    }
  }
  if (buf) await writeChunk(out, buf);
  out.end();
  return rows;
};

export type ZipProgress = (done: number, total: number, note: string) => Promise<void>;

/**
 * The company's tables as CSV in one zip, streamed into the store under `key`: each table read in keyset batches
 * and written into its entry as it is read (the zip takes one entry at a time, the writes wait for it), then the
 * manifest and a README. A failure removes the partial file (the store writes beside it and renames at the end).
 */
export const writeExportZip = async (opts: {
  raw: RawSql;
  storage: Storage;
  key: string;
  tables: readonly ExportTable[];
  company: { id: number; name: string };
  progress: ZipProgress;
  signal?: AbortSignal;
}) => {
  const { raw, storage, key, tables, company, progress, signal } = opts;
  const zip = new ZipFile();
  // yazl's types call it a NodeJS.ReadableStream; it is a PassThrough
  const output = zip.outputStream as unknown as Readable;
  const stored = storage.put(key, output);
  // the store's pipeline rejects once the zip's stream is destroyed; noted here so it is never unhandled
  stored.catch(() => undefined);
  const now = new Date();
  const exported: ExportedTable[] = [];
  try {
    for (const [i, t] of tables.entries()) {
      await progress(i, tables.length, t.name);
      const rows = await writeTable(zip, raw, t, company.id, now, signal);
      exported.push({
        name: t.name,
        file: `${t.name}.csv`,
        rows,
        columns: t.columns.map((c) => c.name),
        blanked: t.columns.filter(isSecretColumn).map((c) => c.name),
      });
    }
    const manifest: Manifest = {
      company,
      exported_at: formatTime(now),
      app_version: APP_VERSION,
      format: 'CSV, UTF-8 with BOM, CRLF, RFC 4180',
      notes: [
        '金额以分为单位；时间为北京时间 YYYY-MM-DD HH:mm:ss；空单元格为空值。',
        '密码、密钥、令牌等机密字段已清空（见各表 blanked），加密保存的参数值同样不导出。',
        '以 = + - @ 开头的文本前加了单引号，防止 Excel 当作公式执行。',
      ],
      tables: exported,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json', { mtime: now });
    zip.addBuffer(Buffer.from(BOM + README(manifest)), 'README.txt', { mtime: now });
    zip.end();
    const { size } = await stored;
    await progress(tables.length, tables.length, '完成');
    return { size, manifest };
  } catch (e) {
    output.destroy(e instanceof Error ? e : new Error(String(e)));
    await stored.catch(() => undefined);
    throw e;
  }
};
