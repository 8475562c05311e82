import { z } from 'zod';
import { parentIdOf } from '@5a/contracts';
import { invalid } from '../../../core/errors.ts';
import { formatDate } from '../../../core/time.ts';

/** the longest range one report covers */
export const MAX_REPORT_DAYS = 366;
/** without dates the report covers the last four weeks, today included */
export const DEFAULT_REPORT_DAYS = 28;

const DAY_MS = 86_400_000;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** days since 1970-01-01 of a real calendar day, or null ('2026-02-30' is not one) */
const dayNumber = (s: string): number | null => {
  const m = YMD.exec(s);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? t / DAY_MS
    : null;
};
const ymdOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const day = (label: string) =>
  z
    .string({ error: `${label}格式应为YYYY-MM-DD` })
    .trim()
    .max(10, `${label}格式应为YYYY-MM-DD`)
    .refine((v) => v === '' || dayNumber(v) !== null, `${label}格式应为YYYY-MM-DD`)
    .optional();

export const reportBody = z
  .object({
    village_id: parentIdOf('所属小区').optional().describe('小区 id，省略或 0 为全部小区'),
    start_date: day('开始日期').describe('YYYY-MM-DD，默认 27 天前'),
    end_date: day('结束日期').describe('YYYY-MM-DD，默认今天'),
  })
  .nullish();
export type ReportBody = z.infer<typeof reportBody>;

/**
 * The range to report on: both given, or the four weeks ending on the given end (today when none); one date alone
 * anchors the other. Refused: an end before the start, a span over MAX_REPORT_DAYS.
 */
export const reportRange = (body: ReportBody, today = formatDate(new Date())): { start: string; end: string } => {
  const s = body?.start_date ? dayNumber(body.start_date) : null;
  const e = body?.end_date ? dayNumber(body.end_date) : null;
  const end = e ?? (s !== null ? Math.max(s, dayNumber(today)!) : dayNumber(today)!);
  const start = s ?? end - (DEFAULT_REPORT_DAYS - 1);
  if (end < start) throw invalid('结束日期不能早于开始日期', 'end_date');
  if (end - start + 1 > MAX_REPORT_DAYS) throw invalid(`统计时间跨度不能超过${MAX_REPORT_DAYS}天`, 'end_date');
  return { start: ymdOf(start), end: ymdOf(end) };
};
