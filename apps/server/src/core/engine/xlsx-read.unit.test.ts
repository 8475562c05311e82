import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { AppError } from '../errors.ts';
import { readXlsx } from './import-sheet.ts';
import { HEADERS, ROWS, isoDay } from './xlsx-corpus/sample.ts';

const written = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** exceljs' streaming writer, as the benchmark and big exports write: shared strings or inline ones */
const streamed = async (rows: ExcelJS.CellValue[][], useSharedStrings: boolean) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings, useStyles: true });
  const ws = wb.addWorksheet('住户');
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
};

/** A zip of stored (uncompressed) parts, for sheets exceljs does not write. */
const zipOf = (files: Record<string, string>) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
};
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const workbookXml = (sheets: string[], pr = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${pr}<sheets>${sheets
    .map((s, i) => `<sheet name="${s}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
const relsXml = (targets: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${targets
    .map(
      (t, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="${t}"/>`,
    )
    .join('')}</Relationships>`;

describe('xlsx reader', () => {
  it('reads what exceljs writes: shared and rich strings, numbers, dates, booleans, formulas, errors, links, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据');
    ws.addRow([]);
    ws.addRow(['名称', '数', '日期', '布尔', '公式', '富文本', '错误', '链接', '空', '文本公式']);
    ws.addRow([
      ' 甲 ',
      12.5,
      new Date(Date.UTC(2026, 10, 22, 8, 30)),
      true,
      { formula: 'B3*2', result: 25 },
      { richText: [{ text: '红' }, { font: { bold: true }, text: '色' }] },
      { error: '#N/A' },
      { text: '链接', hyperlink: 'https://a.cn' },
      null,
      { formula: 'A3&"x"', result: '甲x' },
    ]);
    ws.getCell('C3').numFmt = 'yyyy-mm-dd hh:mm';
    ws.addRow([]);
    ws.addRow(['<&>"\'', -3, 45658, false]);
    ws.getCell('AB5').value = '远列';
    wb.addWorksheet('第二页').addRow(['不读这一页']);
    const sheet = await readXlsx(await written(wb), 100);
    expect(sheet.headers).toEqual(['名称', '数', '日期', '布尔', '公式', '富文本', '错误', '链接', '空', '文本公式']);
    expect(sheet.rows).toEqual([
      {
        row: 3,
        cells: ['甲', 12.5, new Date(Date.UTC(2026, 10, 22, 8, 30)), true, 25, '红色', null, '链接', null, '甲x'],
      },
      { row: 5, cells: ['<&>"\'', -3, 45658, false, ...Array<null>(23).fill(null), '远列'] },
    ]);
  });

  it('reads inline strings with their rich-text runs joined and entities decoded', async () => {
    const sheet = await readXlsx(
      await streamed(
        [
          ['表头', '二'],
          ['a<&>"b', { richText: [{ text: '红' }, { font: { bold: true }, text: '色' }] }],
        ],
        false,
      ),
      100,
    );
    expect(sheet).toEqual({ headers: ['表头', '二'], rows: [{ row: 2, cells: ['a<&>"b', '红色'] }] });
  });

  it('keeps Chinese text whole across the pieces a large sheet inflates in', async () => {
    // the reader inflates 1 MB at a time: both the strings and the sheet span several pieces
    const names = Array.from({ length: 12_000 }, (_, i) => [
      `${'住户名称很长的一行文字'.repeat(4)}${i}`,
      `${i}号`,
      i * 1.5,
    ]);
    for (const shared of [true, false]) {
      const sheet = await readXlsx(await streamed([['名称', '房号', '面积'], ...names], shared), 20_000);
      expect(sheet.rows.length).toBe(12_000);
      expect(
        sheet.rows.every(
          (r, i) =>
            r.row === i + 2 &&
            r.cells[0] === names[i]![0] &&
            r.cells[1] === names[i]![1] &&
            r.cells[2] === names[i]![2],
        ),
      ).toBe(true);
    }
    // ~3 s alone; the margin is for a machine busy with other work
  }, 20_000);

  it('counts dates from 1904 when the workbook says so', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    const ws = wb.addWorksheet('a');
    ws.addRow(['日期']);
    ws.addRow([new Date(Date.UTC(2026, 0, 5))]);
    ws.getCell('A2').numFmt = 'yyyy/m/d';
    expect((await readXlsx(await written(wb), 10)).rows).toEqual([{ row: 2, cells: [new Date(Date.UTC(2026, 0, 5))] }]);
  });

  it('reads hand-made sheets: the first sheet listed, rows and cells without r, phonetic runs, escapes, stored parts', async () => {
    // as Excel writes it: views and columns before the data, merged cells and more after it
    const sheetXml = (rows: string) =>
      `<?xml version="1.0"?><worksheet ${NS}><sheetPr/><dimension ref="A1:C7"/><sheetViews><sheetView workbookViewId="0"><selection activeCell="A1"/></sheetView></sheetViews>` +
      `<cols><col min="1" max="3" width="12"/></cols><sheetData>${rows}</sheetData><mergeCells count="1"><mergeCell ref="A9:B9"/></mergeCells><rowBreaks count="1"><brk id="3"/></rowBreaks></worksheet>`;
    const file = zipOf({
      'xl/workbook.xml': workbookXml(['第一', '第二']),
      'xl/_rels/workbook.xml.rels': relsXml(['worksheets/sheet2.xml', 'worksheets/sheet1.xml']),
      'xl/sharedStrings.xml': `<sst ${NS}><si><t>姓名</t></si><si><r><t>张</t></r><r><t>三</t></r><rPh sb="0" eb="1"><t>チョウ</t></rPh></si><si><t>行一_x000D_行二</t></si><si/></sst>`,
      'xl/worksheets/sheet1.xml': sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>不是这一页</t></is></c></row>'),
      'xl/worksheets/sheet2.xml': sheetXml(
        '<row><c t="s"><v>0</v></c><c t="inlineStr"><is><t xml:space="preserve"> 备注 </t></is></c></row>' +
          '<row><c t="s"><v>1</v></c><c s="0"/><c t="s"><v>2</v></c></row><row r="5"/><row r="7" spans="1:2"><c r="B7" t="str"><f>A1</f><v>x&amp;y</v></c><c r="C7" t="d"><v>2026-03-04T05:06:07</v></c></row>',
      ),
    });
    expect(await readXlsx(file, 10)).toEqual({
      headers: ['姓名', '备注'],
      rows: [
        { row: 2, cells: ['张三', null, '行一\r行二'] },
        { row: 7, cells: [null, 'x&y', new Date(Date.UTC(2026, 2, 4, 5, 6, 7))] },
      ],
    });
  });

  it('reads numbers under an upper-case date format as dates, and under escaped or quoted letters as numbers', async () => {
    const file = zipOf({
      'xl/workbook.xml': workbookXml(['a']),
      'xl/_rels/workbook.xml.rels': relsXml(['worksheets/sheet1.xml']),
      'xl/styles.xml':
        `<styleSheet ${NS}><numFmts count="3"><numFmt numFmtId="164" formatCode="YYYYformatCode="YYYY&quot;年&quot;M&quot;月&quot;D&quot;日&quot;"quot;年formatCode="YYYY&quot;年&quot;M&quot;月&quot;D&quot;日&quot;"quot;"/><numFmt numFmtId="165" formatCode="0.0\\ \\h"/><numFmt numFmtId="166" formatCode="#,##0.00_);[Red]\\(#,##0.00\\)&quot;d&quot;"/></numFmts>` +
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/></cellXfs></styleSheet>',
      'xl/worksheets/sheet1.xml': `<worksheet ${NS}><sheetData><row><c t="inlineStr"><is><t>日期</t></is></c></row><row><c s="1"><v>46027</v></c><c s="2"><v>46027</v></c><c s="3"><v>-1.5</v></c></row></sheetData></worksheet>`,
    });
    expect((await readXlsx(file, 10)).rows).toEqual([{ row: 2, cells: [new Date(Date.UTC(2026, 0, 5)), 46027, -1.5] }]);
  });

  it('stops at the row cap and refuses a zip that is no workbook', async () => {
    const file = await streamed([['名称'], ...Array.from({ length: 20 }, (_, i) => [`第${i}行`])], true);
    expect((await readXlsx(file, 20)).rows.length).toBe(20);
    const capped = await readXlsx(file, 19).then(
      () => null,
      (e: unknown) => e,
    );
    expect(capped).toBeInstanceOf(AppError);
    expect((capped as AppError).message).toBe('一次最多导入19行');
    const docx = zipOf({ 'word/document.xml': '<w:document/>' });
    await expect(readXlsx(docx, 10)).rejects.toThrow(/no workbook/);
    await expect(readXlsx(Buffer.from('PK\x03\x04not really a workbook'), 10)).rejects.toThrow(/zip/);
  });

  // files other programs wrote (xlsx-corpus/make-corpus.ts): each must import to the sample table
  it.each([
    ['exceljs.xlsx', 'shared strings with a rich-text run, a custom yyyy-mm-dd date'],
    ['sheetjs.xlsx', 'SheetJS: t="str" strings, the built-in date format 14'],
    ['libreoffice.xlsx', 'LibreOffice from CSV: shared strings, yyyy\\-mm\\-dd dates, the empty cell left out'],
    [
      'dotnet-prefixed.xlsx',
      '.NET OpenXML SDK style: x: prefixes, absolute targets, the first sheet not sheet1.xml, formats 14 and yyyy-mm-dd',
    ],
    ['inline-zip64.xlsx', 'inline (rich) strings, no r attributes, yyyy/m/d, stored parts, a data descriptor, ZIP64'],
    ['own-writer.xlsx', 'our export: inline strings, dates as text'],
  ])('imports %s (%s)', async (file) => {
    const sheet = await readXlsx(readFileSync(new URL(`./xlsx-corpus/${file}`, import.meta.url)), 10);
    const text = file === 'own-writer.xlsx';
    expect(sheet.headers).toEqual(HEADERS);
    expect(
      sheet.rows.map((r) => ({
        row: r.row,
        cells: [...r.cells, ...Array<null>(HEADERS.length - r.cells.length).fill(null)],
      })),
    ).toEqual(
      ROWS.map(([name, room, area, movedIn, note], i) => ({
        row: i + 2,
        cells: [name, room, area, text ? isoDay(movedIn) : movedIn, note],
      })),
    );
  });

  it('drops the x: prefix across the 1 MB pieces a large prefixed sheet inflates in, and reads a ZIP64 zip with stored parts', async () => {
    const rows = Array.from(
      { length: 30_000 },
      (_, i) =>
        `<x:row><x:c t="inlineStr"><x:is><x:t>第${i}行 x:v &lt;x:c&gt;</x:t></x:is></x:c><x:c><x:v>${i}</x:v></x:c></x:row>`,
    );
    const zip = new ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((r) => zip.outputStream.on('end', r));
    const x = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    zip.addBuffer(
      Buffer.from(
        `<x:workbook ${x} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="a" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
      ),
      'xl/workbook.xml',
      { compress: false },
    );
    zip.addBuffer(Buffer.from(relsXml(['worksheets/sheet1.xml'])), 'xl/_rels/workbook.xml.rels', {
      forceZip64Format: true,
    });
    zip.addBuffer(
      Buffer.from(
        `<?xml version="1.0"?>\n<x:worksheet ${x}><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>名称</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>号</x:t></x:is></x:c></x:row>${rows.join('')}</x:sheetData></x:worksheet>`,
      ),
      'xl/worksheets/sheet1.xml',
      { forceZip64Format: true },
    );
    zip.end({ forceZip64Format: true, comment: '' });
    await done;
    const sheet = await readXlsx(Buffer.concat(chunks), 50_000);
    expect(sheet.headers).toEqual(['名称', '号']);
    expect(sheet.rows.length).toBe(30_000);
    expect(sheet.rows.every((r, i) => r.row === i + 2 && r.cells[0] === `第${i}行 x:v <x:c>` && r.cells[1] === i)).toBe(
      true,
    );
  });

  it('refuses a part whose data does not match its stated size', async () => {
    const file = await streamed([['名称'], ['甲']], true);
    // the central directory's uncompressed size of every part, one byte more than the data holds
    const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    for (
      let p = file.readUInt32LE(eocd + 16);
      file.readUInt32LE(p) === 0x02014b50;
      p += 46 + file.readUInt16LE(p + 28) + file.readUInt16LE(p + 30) + file.readUInt16LE(p + 32)
    ) {
      file.writeUInt32LE(file.readUInt32LE(p + 24) + 1, p + 24);
    }
    await expect(readXlsx(file, 10)).rejects.toThrow(/stated size/);
  });
});
