import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { readXlsx } from './import-sheet.ts';
import { xlsxStream, type XlsxCell, type XlsxSheetOptions } from './xlsx-write.ts';

/** Everything written to a PassThrough, once end() has resolved. */
const written = async (opts: XlsxSheetOptions, header: string[] | null, rows: XlsxCell[][]) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = xlsxStream(out, opts);
  if (header) w.header(header);
  w.rows(rows);
  await w.end();
  return Buffer.concat(chunks);
};

type Part = { flags: number; method: number; text: string };
/** The zip read by hand from its central directory, each part checked against its CRC-32 and sizes. */
const zipParts = (buf: Buffer) => {
  const eocd = buf.length - 22;
  expect(buf.readUInt32LE(eocd)).toBe(0x06054b50);
  const parts = new Map<string, Part>();
  let p = buf.readUInt32LE(eocd + 16);
  expect(p + buf.readUInt32LE(eocd + 12)).toBe(eocd);
  for (let n = buf.readUInt16LE(eocd + 10); n > 0; n--) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const [flags, method, crc, csize, usize, nameLen, local] = [
      buf.readUInt16LE(p + 8),
      buf.readUInt16LE(p + 10),
      buf.readUInt32LE(p + 16),
      buf.readUInt32LE(p + 20),
      buf.readUInt32LE(p + 24),
      buf.readUInt16LE(p + 28),
      buf.readUInt32LE(p + 42),
    ];
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    expect(buf.readUInt16LE(local + 6)).toBe(flags);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + csize);
    const data = method === 8 ? inflateRawSync(raw) : raw;
    expect(data.length).toBe(usize);
    expect(crc32(data)).toBe(crc);
    if (flags & 8) {
      // the data descriptor, with its signature, right after the data
      expect([0, 4, 8, 12].map((o) => buf.readUInt32LE(start + csize + o))).toEqual([0x08074b50, crc, csize, usize]);
    }
    parts.set(name, { flags, method, text: data.toString('utf8') });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return parts;
};

/** `unzip -t` on the file; null when there is no unzip binary. */
const unzipTest = (buf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-write-'));
  try {
    const file = join(dir, 'test.xlsx');
    writeFileSync(file, buf);
    const r = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return null;
    return { status: r.status, stdout: r.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const COLS = 30;
const labels = Array.from({ length: COLS }, (_, i) => `列${i + 1}`);
const long = '长'.repeat(30_000);
// 😀 is a surrogate pair (kept); a lone high surrogate is not XML and is dropped
const sample: XlsxCell[][] = [
  [
    '张三',
    12,
    1234.5,
    null,
    'a<&>"b\u0001c',
    long,
    '第一行\n第二行\t制表',
    '😀\uD800x',
    '_x0041_ 字面',
    ...Array.from({ length: COLS - 9 }, (_, i) => `远${i}`),
  ],
  ['李四', -3.25, 0.1, 7, '', 'x'.repeat(40_000), null, 0, 1e21],
];
// what comes back: the control character and the lone surrogate gone, '' as no cell, text cut at Excel's 32,767
const expected: XlsxCell[][] = [
  [
    '张三',
    12,
    1234.5,
    null,
    'a<&>"bc',
    long,
    '第一行\n第二行\t制表',
    '😀x',
    '_x0041_ 字面',
    ...Array.from({ length: COLS - 9 }, (_, i) => `远${i}`),
  ],
  ['李四', -3.25, 0.1, 7, null, 'x'.repeat(32_767), null, 0, 1e21],
];
/** a long run of one character as '长×30000', so a failed comparison prints something readable */
const brief = (cells: readonly unknown[]) =>
  cells.map((c) =>
    typeof c === 'string' && c.length > 100 && c === c[0]!.repeat(c.length) ? `${c[0]}×${c.length}` : c,
  );
const opts: XlsxSheetOptions = { sheetName: '住户 & <租户>', widths: [12, 20.5, 15], moneyColumns: [2] };

describe('xlsx writer', () => {
  it('writes a zip of the OOXML parts: deflated, UTF-8 names, the sheet with a data descriptor, cells with references', async () => {
    const parts = zipParts(await written(opts, labels, sample));
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const [name, part] of parts) {
      expect(part.method).toBe(8);
      expect(part.flags).toBe(name === 'xl/worksheets/sheet1.xml' ? 0x0808 : 0x0800);
    }
    expect(parts.get('xl/workbook.xml')!.text).toContain(
      '<sheet name="住户 &amp; &lt;租户&gt;" sheetId="1" r:id="rId1"/>',
    );
    const sheet = parts.get('xl/worksheets/sheet1.xml')!.text;
    expect(sheet).toContain(
      '<cols><col min="1" max="1" width="12" customWidth="1"/><col min="2" max="2" width="20.5" customWidth="1"/><col min="3" max="3" width="15" customWidth="1"/></cols><sheetData>',
    );
    expect(sheet).toContain('<row r="1"><c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">列1</t></is></c>');
    expect(sheet).toContain('<c r="AD1" s="1" t="inlineStr"><is><t xml:space="preserve">列30</t></is></c></row>');
    expect(sheet).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">张三</t></is></c><c r="B2"><v>12</v></c><c r="C2" s="2"><v>1234.5</v></c><c r="E2" t="inlineStr"><is><t xml:space="preserve">a&lt;&amp;&gt;&quot;bc</t></is></c>',
    );
    expect(sheet).toContain('<t xml:space="preserve">_x005F_x0041_ 字面</t>');
    expect(sheet).toContain('<c r="AA2" t="inlineStr"><is><t xml:space="preserve">远17</t></is></c>');
    expect(sheet.endsWith('</row></sheetData></worksheet>')).toBe(true);
    expect(parts.get('xl/styles.xml')!.text).toContain(
      '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>',
    );
  });

  it('reads back in exceljs: values, bold header, money format, widths, sheet name', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await written(opts, labels, sample)) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['住户 & <租户>']);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    const values = (r: number) =>
      Array.from({ length: ws.getRow(r).cellCount }, (_, i) => ws.getRow(r).getCell(i + 1).value);
    expect(values(1)).toEqual(labels);
    // exceljs does not undo Excel's _xHHHH_ escape in inline strings (Excel and our reader do)
    expect(brief(values(2))).toEqual(brief(expected[0]!.map((c, i) => (i === 8 ? '_x005F_x0041_ 字面' : c))));
    expect(brief(values(3))).toEqual(brief(expected[1]!));
    expect([brief(values(2))[5], brief(values(3))[5]]).toEqual(['长×30000', 'x×32767']);
    expect(ws.getCell('AA2').value).toBe('远17');
    expect(labels.every((_, i) => ws.getRow(1).getCell(i + 1).font?.bold === true)).toBe(true);
    expect(ws.getCell('A2').font?.bold).toBeFalsy();
    expect([ws.getCell('C2').numFmt, ws.getCell('C3').numFmt]).toEqual(['0.00', '0.00']);
    expect(ws.getCell('B2').numFmt).toBeFalsy();
    expect([1, 2, 3].map((c) => ws.getColumn(c).width)).toEqual([12, 20.5, 15]);
  });

  it('reads back in our own reader, and unzip -t accepts the file', async () => {
    const buf = await written(opts, labels, sample);
    const sheet = await readXlsx(buf, 10);
    expect(sheet.headers).toEqual(labels);
    expect(sheet.rows.map((r) => ({ row: r.row, cells: brief(r.cells) }))).toEqual([
      { row: 2, cells: brief(expected[0]!) },
      { row: 3, cells: brief(expected[1]!) },
    ]);
    const unzip = unzipTest(buf);
    if (unzip) {
      expect(unzip.status).toBe(0);
      expect(unzip.stdout).toContain('No errors detected');
    }
  });

  it('keeps the carriage return of CRLF text and writes a sheet without header or widths', async () => {
    const buf = await written({ sheetName: 'S', widths: [], moneyColumns: [] }, null, [['a\r\nb', Number.NaN, 5]]);
    const sheet = zipParts(buf).get('xl/worksheets/sheet1.xml')!.text;
    expect(sheet).not.toContain('<cols>');
    expect(sheet).toContain(
      '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">a&#13;\nb</t></is></c><c r="C1"><v>5</v></c></row>',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect([wb.worksheets[0]!.getCell('A1').value, wb.worksheets[0]!.getCell('B1').value]).toEqual(['a\r\nb', null]);
  });

  it('refuses misuse: header after rows, writing after end, more columns than Excel has', async () => {
    const w = xlsxStream(new PassThrough().resume(), { sheetName: 'S', widths: [], moneyColumns: [] });
    w.rows([[1]]);
    expect(() => w.header(['a'])).toThrow(/header\(\) after rows/);
    expect(() => w.rows([Array<number>(16_385).fill(1)])).toThrow(/16385 columns/);
    await w.end();
    expect(() => w.rows([[1]])).toThrow(/after end/);
  });

  it('streams 100,000 rows × 12 columns as they come, waiting on drained(), and the file reads back whole', async () => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let queued = 0;
    // a slow consumer (one write per turn of the event loop) that counts what it gets
    const out = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        chunks.push(chunk);
        setImmediate(done);
      },
    });
    const w = xlsxStream(out, { sheetName: '大表', widths: Array<number>(12).fill(14), moneyColumns: [3, 4] });
    w.header(Array.from({ length: 12 }, (_, i) => `字段${i}`));
    const rowOf = (i: number): XlsxCell[] => [
      i,
      `住户${i}`,
      `${(i % 30) + 1}栋${(i % 2000) + 101}室`,
      i * 1.25,
      i % 7 ? 99.5 : null,
      '2026-01-05',
      `备注<${i % 97}>`,
      i % 5,
      '正常',
      'A区',
      `P${i}`,
      String(i * 3),
    ];
    let waits = 0;
    for (let s = 0; s < 100_000; s += 250) {
      const batch = Array.from({ length: 250 }, (_, k) => rowOf(s + k));
      queued = Math.max(queued, out.writableLength);
      if (!w.rows(batch)) {
        waits++;
        await w.drained();
      }
    }
    const beforeEnd = bytes;
    await w.end();
    expect(out.writableFinished).toBe(true);
    expect(bytes).toBe(Buffer.concat(chunks).length);
    // written while rows came in, never more than about one deflated batch waiting in `out`
    expect(waits).toBeGreaterThan(10);
    expect(beforeEnd / bytes).toBeGreaterThan(0.95);
    expect(queued).toBeLessThan(512 * 1024);
    const sheet = await readXlsx(Buffer.concat(chunks), 200_000);
    expect(sheet.headers[11]).toBe('字段11');
    expect(sheet.rows.length).toBe(100_000);
    expect(sheet.rows[0]).toEqual({ row: 2, cells: rowOf(0) });
    expect(sheet.rows[99_999]).toEqual({ row: 100_001, cells: rowOf(99_999) });
    expect(sheet.rows.every((r, i) => r.row === i + 2 && r.cells[1] === `住户${i}`)).toBe(true);
    // ~3 s alone; the margin is for a machine busy with other work
  }, 20_000);
});
