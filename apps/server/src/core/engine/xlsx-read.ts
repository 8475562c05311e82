import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import type { Plain } from './xlsx.ts';

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
const SMALL_LIMIT = 16 << 20;
/** text carried between inflated pieces waiting for a closing tag: one row or string this big is refused */
const CARRY_LIMIT = 64 << 20;
/** inflated piece size: fewer rows split between two pieces */
const PIECE = 1 << 20;

type Zip = { file: ZipFile; entries: Map<string, Entry> };

const openZip = async (buf: Buffer): Promise<Zip> => {
  const file = await fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true }).catch((err: unknown) => {
    throw new Error(`zip: ${err instanceof Error ? err.message : String(err)}`);
  });
  const entries = new Map<string, Entry>();
  for await (const e of file.eachEntry()) entries.set(e.fileName.toLowerCase(), e);
  return { file, entries };
};

/** SpreadsheetML's main namespace, transitional and strict */
const MAIN_NS =
  /\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*["'](?:http:\/\/schemas\.openxmlformats\.org\/spreadsheetml\/2006\/main|http:\/\/purl\.oclc\.org\/ooxml\/spreadsheetml\/main)["']/;

/**
 * A part whose root element binds the main namespace to a prefix (`<x:worksheet xmlns:x=…>`, as
 * the .NET OpenXML SDK writes) comes out with that prefix dropped from its tags (`<x:row>` →
 * `<row>`), so the scanners see the usual markup; other prefixes (x14ac:, mc:) are kept. Text
 * never holds a raw '<', so only markup is touched.
 */
async function* unprefixed(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let tag: RegExp | null = null;
  let hold = 0;
  let first = true;
  let carry = Buffer.alloc(0);
  for await (const piece of pieces) {
    if (first) {
      first = false;
      // the declaration is on the root element, at the head of the first piece
      const head = piece.toString('latin1', 0, 64 * 1024);
      const root = /<[A-Za-z_][^>]*>/.exec(head)?.[0];
      const prefix = root ? MAIN_NS.exec(root)?.[1] : undefined;
      if (prefix) {
        tag = new RegExp(`<(/?)${prefix.replace(/[.]/g, '\\.')}:`, 'g');
        hold = prefix.length + 2;
      }
    }
    if (!tag) {
      yield piece;
      continue;
    }
    const s = carry.length ? Buffer.concat([carry, piece]) : piece;
    // a tag name cut at the end of the piece waits for the next one
    const lt = s.lastIndexOf(60);
    const cut = lt >= 0 && s.length - lt <= hold && s.indexOf(62, lt) < 0 ? lt : s.length;
    carry = Buffer.from(s.subarray(cut));
    // latin1 maps bytes to characters one to one, so UTF-8 text passes through unchanged
    yield Buffer.from(s.toString('latin1', 0, cut).replace(tag, '<$1'), 'latin1');
  }
  if (carry.length) yield carry;
}

/**
 * A part's bytes, piece by piece as it inflates (zlib works on the thread pool meanwhile). yauzl
 * finds the part's data (local header, ZIP64 sizes); it is inflated here in 1 MB pieces, where
 * yauzl's 16 KB ones cost the scanner a quarter more time, and checked against the size the
 * central directory gives, as yauzl would.
 */
async function* inflated(zip: Zip, e: Entry, limit: number): AsyncGenerator<Buffer> {
  if (e.isEncrypted()) throw new Error('zip: encrypted part');
  if (e.compressionMethod !== 0 && e.compressionMethod !== 8)
    throw new Error(`zip: compression method ${e.compressionMethod}`);
  const raw = await zip.file.openReadStreamPromise(e, { decodeFileData: false });
  const stream = e.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: PIECE })) : raw;
  // pipe() does not pass a source's error on: the loop below would wait for ever
  if (stream !== raw) raw.once('error', (err) => stream.destroy(err));
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw new Error('xlsx: part too large');
      if (total > e.uncompressedSize) throw new Error('zip: part larger than its stated size');
      yield chunk;
    }
    if (total !== e.uncompressedSize) throw new Error('zip: part smaller than its stated size');
  } finally {
    stream.destroy();
    raw.destroy();
  }
}

const partBytes = (zip: Zip, e: Entry, limit: number) => unprefixed(inflated(zip, e, limit));

async function* partText(zip: Zip, e: Entry, limit: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const piece of partBytes(zip, e, limit)) yield decoder.write(piece);
  const rest = decoder.end();
  if (rest) yield rest;
}

const wholeText = async (zip: Zip, e: Entry | undefined) => {
  let s = '';
  if (e) for await (const piece of partText(zip, e, SMALL_LIMIT)) s += piece;
  return s;
};

/** Hands `parse` the text up to the last `close` seen, so it only ever sees whole elements. */
const eachWhole = async (pieces: AsyncIterable<string>, close: string, parse: (s: string) => void) => {
  let carry = '';
  for await (const piece of pieces) {
    const s = carry + piece;
    const end = s.lastIndexOf(close);
    if (end < 0) {
      if (s.length > CARRY_LIMIT) throw new Error('xlsx: element too large');
      carry = s;
      continue;
    }
    parse(s.slice(0, end + close.length));
    carry = s.slice(end + close.length);
  }
  parse(carry);
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML entities and OOXML's _xHHHH_ escapes (control characters, a literal "_x" is _x005F_) */
const decode = (s: string) =>
  s.indexOf('&') < 0 && s.indexOf('_x') < 0
    ? s
    : s
        .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
        .replace(/&(#x[0-9A-Fa-f]+|#\d+|amp|lt|gt|quot|apos);/g, (m, n: string) =>
          n[0] === '#'
            ? String.fromCodePoint(n[1] === 'x' ? parseInt(n.slice(2), 16) : Number(n.slice(1)))
            : (entities[n] ?? m),
        );

/** whitespace, '>' or '/': the character after a tag name */
const ends = (c: number | undefined) => c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;
const isTag = (s: string, at: number, name: string) =>
  s.startsWith(name, at + 1) && ends(s.charCodeAt(at + 1 + name.length));
const tagEnd = (s: string, at: number) => {
  const gt = s.indexOf('>', at);
  if (gt < 0) throw new Error('xlsx: unterminated tag');
  return gt;
};
const closeOf = (s: string, from: number, close: string) => {
  const e = s.indexOf(close, from);
  if (e < 0) throw new Error(`xlsx: missing ${close}`);
  return e;
};

/** The text of an <si> or <is>: its <t>, or its rich-text runs' <t> joined; phonetic runs (<rPh>) left out. */
const stringItem = (s: string, from: number, to: number) => {
  let out = '';
  let p = from;
  for (let a = s.indexOf('<', p); a >= 0 && a < to; a = s.indexOf('<', p)) {
    const gt = tagEnd(s, a);
    if (isTag(s, a, 't') && s.charCodeAt(gt - 1) !== 47) {
      const e = closeOf(s, gt, '</t>');
      out += s.slice(gt + 1, e);
      p = e + 4;
    } else if (isTag(s, a, 'rPh') && s.charCodeAt(gt - 1) !== 47) p = closeOf(s, gt, '</rPh>') + 6;
    else p = gt + 1;
  }
  return decode(out);
};

/** Excel's built-in date and time formats (ids 14-22, 45-47 and the CJK ones 27-36, 50-58) */
const BUILTIN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);
/**
 * exceljs' test: a y/m/d/h/s/b outside quotes and [brackets], in either case (LibreOffice writes
 * YYYY-MM-DD); escaped characters (\x), widths (_x) and fills (*x) are literal
 */
const isDateFormat = (code: string) =>
  /[ymdhsb]/i.test(
    code
      .replace(/\[[^\]]*]/g, '')
      .replace(/"[^"]*"/g, '')
      .replace(/[\\_*]./g, ''),
  );
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** cellXfs index → whether a number with that style is a date */
const dateStyles = (styles: string) => {
  const custom = new Map<number, string>();
  for (const [tag] of styles.matchAll(/<numFmt\b[^>]*>/g))
    custom.set(Number(attr(tag, 'numFmtId')), decode(attr(tag, 'formatCode') ?? ''));
  const start = styles.indexOf('<cellXfs');
  const section = start < 0 ? '' : styles.slice(start, styles.indexOf('</cellXfs>', start) >>> 0);
  return [...section.matchAll(/<xf\b[^>]*>/g)].map(([tag]) => {
    const id = Number(attr(tag, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATES.has(id);
  });
};

/** workbook.xml's first sheet, found through its relationship; else the lowest sheetN.xml */
const partsOf = (entries: Map<string, Entry>, workbook: string, rels: string) => {
  const targets = new Map<string, { target: string; type: string }>();
  for (const [tag] of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const target = decode(attr(tag, 'Target') ?? '');
    targets.set(attr(tag, 'Id') ?? '', {
      target: (target.startsWith('/') ? target.slice(1) : `xl/${target}`).toLowerCase(),
      type: attr(tag, 'Type') ?? '',
    });
  }
  const byType = (suffix: string) => [...targets.values()].find((t) => t.type.endsWith(suffix))?.target;
  const first = /<sheet\b[^>]*>/.exec(workbook)?.[0];
  const rid = first ? /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(first)?.[1] : undefined;
  const numbered = [...entries.keys()]
    .filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  const listed = rid ? targets.get(rid)?.target : undefined;
  return {
    sheet: listed && entries.has(listed) ? listed : numbered[0],
    strings: byType('/sharedStrings') ?? 'xl/sharedstrings.xml',
    styles: byType('/styles') ?? 'xl/styles.xml',
    date1904: /<workbookPr\b[^>]*\sdate1904\s*=\s*"(1|true)"/.test(workbook),
  };
};

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
