/**
 * Writes the xlsx corpus next to this file: the sample table (sample.ts) as different producers
 * write it, so the import reads files from other spreadsheet programs, not only our own.
 *
 *   node --import tsx apps/server/src/core/engine/xlsx-corpus/make-corpus.ts
 *
 * exceljs and our writer are always there; SheetJS is not a dependency: give its package folder
 * (an `npm install xlsx` somewhere else) as SHEETJS=/path/node_modules/xlsx; LibreOffice when
 * `soffice` is on the PATH (Debian: libreoffice-calc-nogui). Producers that are missing are
 * skipped and their committed files kept. The hand-built files stand for what no installable
 * producer writes: the namespace-prefixed SpreadsheetML of the .NET OpenXML SDK, and inline
 * strings in stored parts, a streamed part with a data descriptor and ZIP64 records.
 */
import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import { xlsxStream } from '../xlsx-write.ts';
import { HEADERS, ROWS, isoDay } from './sample.ts';

// SheetJS writes dates in the local time zone
process.env.TZ = 'UTC';
const here = dirname(fileURLToPath(import.meta.url));
const save = (name: string, buf: Buffer) => {
  writeFileSync(join(here, name), buf);
  console.log(`${name}: ${buf.length} bytes`);
};

const collect = async (out: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of out as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
};

const exceljs = async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('住户');
  ws.addRow(HEADERS);
  for (const [name, room, area, movedIn, note] of ROWS) {
    // the third name as rich text: runs in the shared string
    const cell = name === '王五' ? { richText: [{ text: '王', font: { bold: true } }, { text: '五' }] } : name;
    ws.addRow([cell, room, area, movedIn, note]);
  }
  ws.getColumn(4).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
};

const ownWriter = async () => {
  const out = new PassThrough();
  const done = collect(out);
  const w = xlsxStream(out, { sheetName: '住户', widths: [10, 12, 8, 12, 20], moneyColumns: [2] });
  w.header(HEADERS);
  // exports write dates as text
  w.rows(ROWS.map(([name, room, area, movedIn, note]) => [name, room, area, isoDay(movedIn), note]));
  await w.end();
  return done;
};

type SheetJs = {
  utils: {
    aoa_to_sheet: (rows: unknown[][]) => unknown;
    book_new: () => unknown;
    book_append_sheet: (wb: unknown, ws: unknown, name: string) => void;
  };
  write: (wb: unknown, opts: { type: 'buffer'; bookType: 'xlsx' }) => Buffer;
};
const sheetjs = () => {
  if (!process.env.SHEETJS) return null;
  const X = createRequire(import.meta.url)(process.env.SHEETJS) as SheetJs;
  const wb = X.utils.book_new();
  // Dates become serial numbers with the built-in date format 14
  X.utils.book_append_sheet(wb, X.utils.aoa_to_sheet([HEADERS, ...ROWS]), '住户');
  return X.write(wb, { type: 'buffer', bookType: 'xlsx' });
};

const csvCell = (v: string | number | Date | null) => {
  if (v === null) return '';
  const s = v instanceof Date ? isoDay(v) : String(v);
  return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const libreOffice = () => {
  if (spawnSync('soffice', ['--version']).error) return null;
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-corpus-'));
  try {
    writeFileSync(
      join(dir, 'libreoffice.csv'),
      [HEADERS, ...ROWS].map((r) => r.map(csvCell).join(',')).join('\n') + '\n',
    );
    // comma, double quote, UTF-8, from line 1, …, detect special numbers (the ISO dates)
    const r = spawnSync(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        '--infilter=CSV:44,34,76,1,,0,false,true',
        '--convert-to',
        'xlsx',
        '--outdir',
        dir,
        join(dir, 'libreoffice.csv'),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (r.status !== 0) throw new Error(`soffice: ${r.stderr || r.stdout}`);
    return readFileSync(join(dir, 'libreoffice.xlsx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const XML = '<?xml version="1.0" encoding="utf-8"?>';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Excel's serial day number (1900 system) of a UTC midnight */
const serial = (d: Date) => d.getTime() / 86400_000 + 25569;

const contentTypes = (sheets: string[], more: string) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>${sheets.map((s) => `<Override PartName="/${s}" ContentType="${CT}.worksheet+xml"/>`).join('')}` +
  `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/>${more}</Types>`;
const rootRels = `${XML}<Relationships xmlns="${PKG}"><Relationship Type="${REL}/officeDocument" Target="/xl/workbook.xml" Id="R0"/></Relationships>`;

const zipOf = async (parts: { name: string; text: string; how: 'deflate' | 'store' | 'stream' }[], zip64: boolean) => {
  const zip = new ZipFile();
  const done = collect(zip.outputStream);
  const options = { forceZip64Format: zip64, mtime: new Date(Date.UTC(2026, 0, 5)) };
  for (const p of parts) {
    const data = Buffer.from(p.text);
    if (p.how === 'stream') zip.addReadStream(Readable.from([data]), p.name, options);
    else zip.addBuffer(data, p.name, { ...options, compress: p.how === 'deflate' });
  }
  zip.end({ forceZip64Format: zip64, comment: '' });
  return done;
};

/**
 * As the .NET OpenXML SDK writes: every SpreadsheetML tag with the x: prefix, absolute targets,
 * the data sheet listed first though its part is not sheet1.xml, shared strings with a rich run,
 * dates under the built-in format 14 and a custom yyyy-mm-dd.
 */
const dotnetPrefixed = () => {
  const strings: string[] = [];
  const sst = (s: string) => {
    if (!strings.includes(s)) strings.push(s);
    return strings.indexOf(s);
  };
  const text = (ref: string, s: string) => `<x:c r="${ref}" t="s"><x:v>${sst(s)}</x:v></x:c>`;
  const rows = [`<x:row r="1">${HEADERS.map((h, i) => text(`${'ABCDE'[i]}1`, h)).join('')}</x:row>`];
  ROWS.forEach(([name, room, area, movedIn, note], i) => {
    const r = i + 2;
    // the rich string is its own item, whatever other items hold the same text
    const rich = () => strings.push('<x:r><x:rPr><x:b/></x:rPr><x:t>王</x:t></x:r><x:r><x:t>五</x:t></x:r>') - 1;
    const cells = [
      name === '王五' ? `<x:c r="A${r}" t="s"><x:v>${rich()}</x:v></x:c>` : text(`A${r}`, name),
      text(`B${r}`, room),
      `<x:c r="C${r}"><x:v>${area}</x:v></x:c>`,
      `<x:c r="D${r}" s="${i % 2 ? 2 : 1}"><x:v>${serial(movedIn)}</x:v></x:c>`,
      note === null ? '' : text(`E${r}`, note),
    ];
    rows.push(`<x:row r="${r}">${cells.join('')}</x:row>`);
  });
  const si = strings
    .map((s) => (s.startsWith('<x:r>') ? `<x:si>${s}</x:si>` : `<x:si><x:t>${esc(s)}</x:t></x:si>`))
    .join('');
  const sheet = (data: string) =>
    `${XML}<x:worksheet xmlns:x="${MAIN}"><x:sheetData>${data}</x:sheetData></x:worksheet>`;
  return zipOf(
    [
      {
        name: '[Content_Types].xml',
        text: contentTypes(
          ['xl/worksheets/data.xml', 'xl/worksheets/sheet1.xml'],
          `<Override PartName="/xl/sharedStrings.xml" ContentType="${CT}.sharedStrings+xml"/>`,
        ),
        how: 'deflate',
      },
      { name: '_rels/.rels', text: rootRels, how: 'deflate' },
      {
        name: 'xl/workbook.xml',
        text: `${XML}<x:workbook xmlns:r="${REL}" xmlns:x="${MAIN}"><x:sheets><x:sheet name="住户" sheetId="1" r:id="R5f1"/><x:sheet name="说明" sheetId="2" r:id="R5f2"/></x:sheets></x:workbook>`,
        how: 'deflate',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text:
          `${XML}<Relationships xmlns="${PKG}"><Relationship Type="${REL}/worksheet" Target="/xl/worksheets/sheet1.xml" Id="R5f2"/><Relationship Type="${REL}/worksheet" Target="/xl/worksheets/data.xml" Id="R5f1"/>` +
          `<Relationship Type="${REL}/sharedStrings" Target="/xl/sharedStrings.xml" Id="R5f3"/><Relationship Type="${REL}/styles" Target="/xl/styles.xml" Id="R5f4"/></Relationships>`,
        how: 'deflate',
      },
      {
        name: 'xl/styles.xml',
        text:
          `${XML}<x:styleSheet xmlns:x="${MAIN}"><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></x:numFmts>` +
          '<x:cellXfs count="3"><x:xf numFmtId="0"/><x:xf numFmtId="14" applyNumberFormat="1"/><x:xf numFmtId="164" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>',
        how: 'deflate',
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        text: sheet('<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>不是这一页</x:t></x:is></x:c></x:row>'),
        how: 'deflate',
      },
      { name: 'xl/worksheets/data.xml', text: sheet(rows.join('')), how: 'deflate' },
      {
        name: 'xl/sharedStrings.xml',
        text: `${XML}<x:sst xmlns:x="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${si}</x:sst>`,
        how: 'deflate',
      },
    ],
    false,
  );
};

/**
 * Inline strings (one in rich-text runs), rows and cells without r, a custom yyyy/m/d date, no
 * shared strings; the small parts stored, the sheet streamed (a data descriptor), ZIP64 records
 * throughout.
 */
const inlineZip64 = () => {
  const str = (s: string) => `<c t="inlineStr"><is><t xml:space="preserve">${esc(s)}</t></is></c>`;
  const rows = [`<row>${HEADERS.map(str).join('')}</row>`];
  for (const [name, room, area, movedIn, note] of ROWS) {
    const first =
      name === '王五' ? '<c t="inlineStr"><is><r><t>王</t></r><r><rPr><b/></rPr><t>五</t></r></is></c>' : str(name);
    rows.push(
      `<row>${first}${str(room)}<c><v>${area}</v></c><c s="1"><v>${serial(movedIn)}</v></c>${note === null ? '' : str(note)}</row>`,
    );
  }
  return zipOf(
    [
      { name: '[Content_Types].xml', text: contentTypes(['xl/worksheets/residents.xml'], ''), how: 'store' },
      { name: '_rels/.rels', text: rootRels, how: 'store' },
      {
        name: 'xl/workbook.xml',
        text: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="住户" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        how: 'store',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        text: `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/residents.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
        how: 'store',
      },
      {
        name: 'xl/styles.xml',
        text: `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="170" formatCode="yyyy/m/d"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="170" applyNumberFormat="1"/></cellXfs></styleSheet>`,
        how: 'store',
      },
      {
        name: 'xl/worksheets/residents.xml',
        text: `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
        how: 'stream',
      },
    ],
    true,
  );
};

save('exceljs.xlsx', await exceljs());
save('own-writer.xlsx', await ownWriter());
const sj = sheetjs();
if (sj) save('sheetjs.xlsx', sj);
else console.log('sheetjs.xlsx: skipped (no SHEETJS)');
const lo = libreOffice();
if (lo) save('libreoffice.xlsx', lo);
else console.log('libreoffice.xlsx: skipped (no soffice)');
save('dotnet-prefixed.xlsx', await dotnetPrefixed());
save('inline-zip64.xlsx', await inlineZip64());
