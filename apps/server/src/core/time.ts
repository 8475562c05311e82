/** API time strings are 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (UTC+8, no DST). */
const pad = (n: number) => String(n).padStart(2, '0');
const shift = (d: Date) => new Date(d.getTime() + 8 * 3600_000);
// '00'…'59' made once: exports format millions of times, and each padStart was a string more
const P2 = Array.from({ length: 60 }, (_, i) => pad(i));

export const formatTime = (d: Date | string | null | undefined): string => {
  if (!d) return '';
  const t = shift(typeof d === 'string' ? new Date(d) : d);
  return `${t.getUTCFullYear()}-${P2[t.getUTCMonth() + 1]}-${P2[t.getUTCDate()]} ${P2[t.getUTCHours()]}:${P2[t.getUTCMinutes()]}:${P2[t.getUTCSeconds()]}`;
};

export const formatDate = (d: Date | string | null | undefined): string => formatTime(d).slice(0, 10);

/** 'YYYY-MM-DD HH:mm:ss' in Shanghai → an instant */
export const shanghaiInstant = (s: string): Date => new Date(`${s.replace(' ', 'T')}+08:00`);

/** A calendar month (m 1–12): months are cut on Beijing time, so 00:30 on the 1st there belongs to the new month. */
export type CalendarMonth = { y: number; m: number };

/** the Beijing month an instant falls in */
export const beijingMonth = (d: Date): CalendarMonth => {
  const t = shift(d);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1 };
};

/** the month `n` months later (earlier when negative) */
export const addMonths = ({ y, m }: CalendarMonth, n: number): CalendarMonth => {
  const i = y * 12 + (m - 1) + n;
  return { y: Math.floor(i / 12), m: (i % 12) + 1 };
};

/** 'YYYYMM' */
export const monthKey = ({ y, m }: CalendarMonth) => `${y}${pad(m)}`;

/** 'YYYYMM' → the month */
export const monthOfKey = (k: string): CalendarMonth => ({ y: Number(k.slice(0, 4)), m: Number(k.slice(4, 6)) });

/** the instant the month begins: its 1st, 00:00 in Beijing */
export const monthStart = ({ y, m }: CalendarMonth): Date => new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000);
