import type { Plain } from './xlsx.ts';
import { CARRY_LIMIT, eachWhole, openZip, partBytes, partText, wholeText } from './xlsx-zip.ts';
import { closeOf, dateStyles, decode, ends, partsOf, stringItem, tagEnd } from './xlsx-markup.ts';

/**
 * A lean reader for the first worksheet of an xlsx: the zip opened by yauzl (central directory,
 * ZIP64, data descriptors, stored or deflated parts), the parts inflated as streams (node:zlib)
 * and scanned tag by tag, the sheet as bytes (no DOM, no general XML parser). exceljs'
 * streaming reader took ~4 s for 100,000 rows, most of it SAX events and cell objects,
 * and garbled a character split between two inflated pieces. Values come out as exceljs gave
 * them (shared, inline and rich strings joined, numbers, date-formatted numbers as Dates,
 * booleans, errors as null), strings trimmed.
 */

/** one data row: its Excel row number and its cells from column A (gaps null) */
export type SheetRow = { row: number; cells: Plain[] };

/** inflated bytes allowed: the sheet is cut short by the row cap anyway; strings and the small parts are kept in memory */
const SHEET_LIMIT = 1 << 30;
const STRINGS_LIMIT = 256 << 20;

type Context = { strings: string[]; dates: boolean[]; date1904: boolean; lastRow: number };

const ROW_END = Buffer.from('</row>');
/** cell types (the t attribute) */
const NUM = 0;
const SHARED = 1;
const STR = 2;
const INLINE = 3;
const BOOL = 4;
const ERROR = 5;
const DATE = 6;

/** what the last <c> or <row> tag's attributes said: r's letters (a column) or digits (a row), s, t */
const attrs = { col: 0, row: 0, style: 0, type: NUM };
/** Reads the attributes from `from` on and returns where the tag ends (its '>'), or -1. */
const readAttrs = (b: Buffer, from: number, to: number, isRow: boolean) => {
  attrs.col = attrs.row = attrs.style = 0;
  attrs.type = NUM;
  for (let k = from; k < to;) {
    const c = b[k]!;
    if (c === 62) return k;
    if (c <= 32 || c === 47) {
      k++;
      continue;
    }
    const name = k;
    while (k < to && b[k] !== 61 && b[k]! > 32) k++;
    const short = k - name === 1;
    while (k < to && b[k] !== 61) k++;
    k++;
    while (k < to && b[k]! <= 32) k++;
    const quote = b[k];
    const v0 = ++k;
    while (k < to && b[k] !== quote) k++;
    if (short) {
      let i = v0;
      if (c === 114 && isRow) for (; i < k && b[i]! >= 48 && b[i]! <= 57; i++) attrs.row = attrs.row * 10 + b[i]! - 48;
      else if (c === 114) for (; i < k && b[i]! >= 65 && b[i]! <= 90; i++) attrs.col = attrs.col * 26 + b[i]! - 64;
      else if (c === 115) for (; i < k && b[i]! >= 48 && b[i]! <= 57; i++) attrs.style = attrs.style * 10 + b[i]! - 48;
      else if (c === 116) {
        const t = b[v0];
        attrs.type =
          t === 115
            ? k - v0 === 1
              ? SHARED
              : STR
            : t === 105
              ? INLINE
              : t === 98
                ? BOOL
                : t === 101
                  ? ERROR
                  : t === 100
                    ? DATE
                    : NUM;
      }
    }
    k++;
  }
  return -1;
};

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86400_000));

/** a <v>'s number: plain integers straight from the digits, anything else through Number() */
const numberAt = (b: Buffer, from: number, to: number) => {
  let i = from;
  const negative = b[i] === 45;
  if (negative) i++;
  if (to - i > 0 && to - i <= 15) {
    let n = 0;
    for (; i < to && b[i]! >= 48 && b[i]! <= 57; i++) n = n * 10 + b[i]! - 48;
    if (i === to) return negative ? -n : n;
  }
  return Number(b.toString('latin1', from, to));
};

const textAt = (b: Buffer, from: number, to: number) => decode(b.toString('utf8', from, to));

const isoDate = (v: string) => {
  // ISO text without a zone is a wall-clock time: read as UTC like the serial dates
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) || !v.includes('T') ? v : `${v}Z`);
  return Number.isNaN(d.getTime()) ? v.trim() || null : d;
};

const cellValue = (
  ctx: Context,
  b: Buffer,
  type: number,
  style: number,
  v0: number,
  v1: number,
  inline: string | null,
): Plain => {
  if (type === INLINE && inline !== null) return inline.trim();
  if (v0 < 0 || type === ERROR) return null;
  switch (type) {
    case SHARED:
      return ctx.strings[numberAt(b, v0, v1)] ?? null;
    case STR:
    case INLINE:
      return textAt(b, v0, v1).trim();
    case BOOL:
      return numberAt(b, v0, v1) !== 0;
    case DATE:
      return isoDate(textAt(b, v0, v1));
    default: {
      if (v0 === v1) return null;
      const n = numberAt(b, v0, v1);
      if (Number.isNaN(n)) return textAt(b, v0, v1).trim() || null;
      return ctx.dates[style] ? excelDate(n, ctx.date1904) : n;
    }
  }
};

/**
 * Emits the rows in b[0, to), which holds whole rows only; scanned as bytes (the markup is
 * ASCII, only text values are decoded). True once </sheetData> is reached.
 */
const scanRows = (ctx: Context, b: Buffer, from: number, to: number, emit: (r: SheetRow) => void): boolean => {
  let cells: Plain[] | null = null;
  let row = 0;
  let lastCol = 0;
  // the open cell
  let inCell = false;
  let col = 0;
  let style = 0;
  let type = NUM;
  let v0 = -1;
  let v1 = -1;
  let inline: string | null = null;
  for (let i = from; i < to;) {
    if (b[i] !== 60) {
      i++;
      continue;
    }
    const c1 = b[i + 1];
    if (c1 === 99 && ends(b[i + 2])) {
      // <c>: the attributes are read on the way to its end
      const gt = readAttrs(b, i + 2, to, false);
      if (gt < 0) throw new Error('xlsx: unterminated tag');
      col = attrs.col || lastCol + 1;
      if (col > 16384) throw new Error('xlsx: bad cell reference');
      lastCol = col;
      ({ style, type } = attrs);
      v0 = v1 = -1;
      inline = null;
      inCell = b[gt - 1] !== 47;
      i = gt + 1;
      continue;
    }
    if (c1 === 114 && b[i + 2] === 111 && b[i + 3] === 119 && ends(b[i + 4])) {
      // <row>: a row without r follows the one before it
      const gt = readAttrs(b, i + 4, to, true);
      if (gt < 0) throw new Error('xlsx: unterminated tag');
      row = attrs.row || ctx.lastRow + 1;
      ctx.lastRow = row;
      lastCol = 0;
      cells = [];
      if (b[gt - 1] === 47) {
        emit({ row, cells });
        cells = null;
      }
      i = gt + 1;
      continue;
    }
    let gt = i + 1;
    while (gt < to && b[gt] !== 62) gt++;
    if (gt >= to) throw new Error('xlsx: unterminated tag');
    const open = b[gt - 1] !== 47;
    if (c1 === 47) {
      const c2 = b[i + 2];
      if (c2 === 99 && b[i + 3] === 62) {
        // </c>
        if (cells && inCell) {
          while (cells.length < col - 1) cells.push(null);
          cells[col - 1] = cellValue(ctx, b, type, style, v0, v1, inline);
        }
        inCell = false;
      } else if (c2 === 114 && b[i + 3] === 111 && b[i + 4] === 119 && b[i + 5] === 62) {
        // </row>
        if (cells) emit({ row, cells });
        cells = null;
      } else if (c2 === 115 && b.toString('latin1', i, i + 12) === '</sheetData>') return true;
      i = gt + 1;
    } else if (c1 === 118 && ends(b[i + 2]) && inCell && open) {
      // <v>: its text runs to the next '<' (a '<' in text is always escaped)
      v0 = gt + 1;
      v1 = v0;
      while (v1 < to && b[v1] !== 60) v1++;
      if (v1 >= to) throw new Error('xlsx: unterminated value');
      i = v1;
    } else if (c1 === 105 && b[i + 2] === 115 && ends(b[i + 3]) && inCell && open) {
      // <is>: an inline (maybe rich) string
      const end = b.indexOf('</is>', gt);
      if (end < 0 || end >= to) throw new Error('xlsx: unterminated inline string');
      const s = b.toString('utf8', gt + 1, end);
      inline = stringItem(s, 0, s.length);
      i = end + 5;
    } else i = gt + 1;
  }
  return false;
};

/**
 * Calls `onRow` for each row of the workbook's first sheet, in order; `onRow` may throw to stop
 * (the rest is not inflated). Throws a plain Error when the file is not a readable xlsx.
 */
export const scanXlsx = async (buf: Buffer, onRow: (r: SheetRow) => void) => {
  const zip = await openZip(buf);
  const { entries } = zip;
  const workbookEntry = entries.get('xl/workbook.xml');
  if (!workbookEntry) throw new Error('xlsx: no workbook');
  const parts = partsOf(
    entries,
    await wholeText(zip, workbookEntry),
    await wholeText(zip, entries.get('xl/_rels/workbook.xml.rels')),
  );
  const sheet = parts.sheet ? entries.get(parts.sheet) : undefined;
  if (!sheet) throw new Error('xlsx: no worksheet');
  const ctx: Context = {
    strings: [],
    dates: dateStyles(await wholeText(zip, entries.get(parts.styles))),
    date1904: parts.date1904,
    lastRow: 0,
  };
  const sst = entries.get(parts.strings);
  if (sst) {
    await eachWhole(partText(zip, sst, STRINGS_LIMIT), '</si>', (s) => {
      for (let a = s.indexOf('<si', 0); a >= 0; a = s.indexOf('<si', a + 3)) {
        if (!ends(s.charCodeAt(a + 3))) continue;
        const gt = tagEnd(s, a);
        if (s.charCodeAt(gt - 1) === 47) {
          ctx.strings.push('');
          continue;
        }
        const e = closeOf(s, gt, '</si>');
        ctx.strings.push(stringItem(s, gt + 1, e).trim());
        a = e;
      }
    });
  }
  // whole rows at a time: a row split between two pieces is put together from the carried rest and
  // the next piece's head; the rest of a piece is scanned where it lies
  let carry: Buffer | null = null;
  for await (const piece of partBytes(zip, sheet, SHEET_LIMIT)) {
    let from = 0;
    if (carry) {
      const first = piece.indexOf(ROW_END);
      if (first < 0) {
        carry = Buffer.concat([carry, piece]);
        if (carry.length > CARRY_LIMIT) throw new Error('xlsx: row too large');
        continue;
      }
      from = first + ROW_END.length;
      const head = Buffer.concat([carry, piece.subarray(0, from)]);
      if (scanRows(ctx, head, 0, head.length, onRow)) return;
    }
    const end = piece.lastIndexOf(ROW_END) + ROW_END.length;
    if (end > from && scanRows(ctx, piece, from, end, onRow)) return;
    carry = piece.subarray(Math.max(from, end));
  }
  if (carry) scanRows(ctx, carry, 0, carry.length, onRow);
};
