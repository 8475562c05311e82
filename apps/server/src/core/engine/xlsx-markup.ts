import type { Entry } from 'yauzl';

/** The markup of an xlsx's parts read as text: entities, string items, the styles' date formats, the workbook's parts. */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML entities and OOXML's _xHHHH_ escapes (control characters, a literal "_x" is _x005F_) */
export const decode = (s: string) =>
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
export const ends = (c: number | undefined) => c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;
const isTag = (s: string, at: number, name: string) =>
  s.startsWith(name, at + 1) && ends(s.charCodeAt(at + 1 + name.length));
export const tagEnd = (s: string, at: number) => {
  const gt = s.indexOf('>', at);
  if (gt < 0) throw new Error('xlsx: unterminated tag');
  return gt;
};
export const closeOf = (s: string, from: number, close: string) => {
  const e = s.indexOf(close, from);
  if (e < 0) throw new Error(`xlsx: missing ${close}`);
  return e;
};

/** The text of an <si> or <is>: its <t>, or its rich-text runs' <t> joined; phonetic runs (<rPh>) left out. */
export const stringItem = (s: string, from: number, to: number) => {
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
export const dateStyles = (styles: string) => {
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
export const partsOf = (entries: Map<string, Entry>, workbook: string, rels: string) => {
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
