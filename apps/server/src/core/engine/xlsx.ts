export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYYMMDDHHmmss in Asia/Shanghai (UTC+8, no DST), for file names. */
export const stamp = (d = new Date()) => {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
};

/** attachment with an ASCII fallback and the real (Chinese) name per RFC 5987/6266. */
export const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** Sheet names: at most 31 characters, none of []:*?/\ */
export const sheetName = (s: string) => s.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/** xlsx starts with a zip local-file header; anything else (xls, csv, renamed files) is refused. */
export const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export type Plain = string | number | boolean | Date | null;

/**
 * Excel keeps wall-clock times without a zone; the reader (xlsx-read.ts) hands them over as UTC
 * Dates, so the UTC fields are the typed date. Serial numbers (a date cell without a date format)
 * count from 1899-12-30.
 */
export const excelDate = (v: Date | number, kind: 'date' | 'datetime' | 'month') => {
  const d = typeof v === 'number' ? new Date(Math.round((v - 25569) * 86400_000)) : v;
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (kind === 'month') return day.slice(0, 7);
  return kind === 'date' ? day : `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** '2026/1/5' or '2026.1.5 8:00' → '2026-01-05' / '2026-01-05 08:00:00'; anything else unchanged. */
export const normalizeDateText = (s: string, kind: 'date' | 'datetime' | 'month') => {
  const m = /^(\d{4})[-/.年](\d{1,2})(?:[-/.月](\d{1,2})日?)?(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return s;
  const [, y, mo, d, h, mi, se] = m;
  if (kind === 'month') return `${y}-${pad(Number(mo))}`;
  if (!d) return s;
  const day = `${y}-${pad(Number(mo))}-${pad(Number(d))}`;
  return kind === 'date' ? day : `${day} ${pad(Number(h ?? 0))}:${pad(Number(mi ?? 0))}:${pad(Number(se ?? 0))}`;
};

const needsQuote = /[",\r\n]/;
/** Excel runs cells that start like a formula; a leading apostrophe keeps them text (CSV only). */
const formulaLike = /^[=+\-@\t\r]/;

/** One RFC 4180 CSV line (CRLF), quoting only where needed. */
export const csvLine = (cells: readonly (string | number | null)[]) =>
  cells
    .map((c) => {
      if (c === null) return '';
      let s = String(c);
      if (typeof c === 'string' && formulaLike.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
      return needsQuote.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',') + '\r\n';
