import { t } from '../../lib/i18n.ts';

/** Display formatting shared by the cell renderers. */
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money the one way tables, cards and charts show it: ¥1,234.56 (-¥12.00 below zero); not a number as it came. */
export const formatMoney = (v: unknown): string => {
  if (v === undefined || v === null || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return `${n < 0 ? '-' : ''}¥${moneyFormat.format(Math.abs(n))}`;
};

/** Days until an expiry: 长期 (none), N 天, 今天到期, 已过期 N 天 — in the page's language. */
export const daysLeftText = (v: unknown): string => {
  if (v === undefined || v === null || v === '') return t('noExpiry');
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  if (n < 0) return t('expiredDays', { n: -n });
  return n === 0 ? t('expiresToday') : t('daysLeft', { n });
};

/** Rich text as plain text: tags dropped, common entities decoded, whitespace collapsed. */
export const stripHtml = (html: unknown): string => {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
};

const weekNames = ['一', '二', '三', '四', '五', '六', '日'];
type PatrolTime = { type?: unknown; week?: unknown; month?: unknown; times?: unknown };
type Span = { start?: unknown; end?: unknown };

const list = (v: unknown): number[] =>
  (Array.isArray(v)
    ? v.map(Number)
    : v === undefined || v === null || v === ''
      ? []
      : String(v).split(',').map(Number)
  ).filter(Number.isFinite);

/** Patrol time JSON (type 1 daily / 2 weekly / 3 monthly, week, month, times) as text. */
export const patrolTimeText = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '';
  let p: PatrolTime;
  try {
    p = (typeof value === 'string' ? JSON.parse(value) : value) as PatrolTime;
  } catch {
    return String(value);
  }
  if (!p || typeof p !== 'object') return String(value);
  const type = Number(p.type);
  let head = '每日';
  if (type === 2)
    head = `每周${list(p.week)
      .map((w) => weekNames[w - 1] ?? String(w))
      .join('、')}`;
  if (type === 3)
    head = `每月${list(p.month)
      .map((d) => `${d}日`)
      .join('、')}`;
  const spans = Array.isArray(p.times) ? (p.times as Span[]) : [];
  const times = spans.map((t) => `${String(t.start ?? '')}-${String(t.end ?? '')}`).join('，');
  return times ? `${head} ${times}` : head;
};

/** Content-Disposition → file name (RFC 5987 filename* first). */
export const filenameFromDisposition = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
};

export const formatBytes = (n: number): string => {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
};

/** GB/T 2260 region code → its ancestors' codes (province, city, county…), for the cascader path. */
export const regionPath = (code: unknown): string[] => {
  const c = typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  if (!/^\d{6}(\d{3}(\d{3})?)?$/.test(c)) return [];
  const six = c.slice(0, 6);
  const path = [`${six.slice(0, 2)}0000`, `${six.slice(0, 4)}00`, six].filter(
    (v, i, a) => a.indexOf(v) === i && !/^0+$/.test(v),
  );
  if (c.length >= 9) path.push(`${c.slice(0, 9)}${'0'.repeat(c.length - 9)}`);
  if (c.length === 12 && !path.includes(c)) path.push(c);
  return path.filter((v, i, a) => a.indexOf(v) === i);
};
