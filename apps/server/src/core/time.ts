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
