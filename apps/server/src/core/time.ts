/** API time strings are 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (UTC+8, no DST). */
const pad = (n: number) => String(n).padStart(2, '0');
const shift = (d: Date) => new Date(d.getTime() + 8 * 3600_000);

export const formatTime = (d: Date | string | null | undefined): string => {
  if (!d) return '';
  const t = shift(typeof d === 'string' ? new Date(d) : d);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
};

export const formatDate = (d: Date | string | null | undefined): string => formatTime(d).slice(0, 10);
