/**
 * 巡更时间: when a route must be walked. Stored as the JSON of PatrolTime; the server's validation and the web
 * picker both run checkPatrolTime, so a user sees the same message in the form and from the API.
 * Zod-free on purpose: the web imports it at runtime.
 */
export type PatrolTimeType = 1 | 2 | 3;
export type PatrolSpan = { start: string; end: string };
export type PatrolTime = { type: PatrolTimeType; week: number[]; month: number[]; times: PatrolSpan[] };
export type PatrolTimeCheck = { ok: true; value: PatrolTime; json: string } | { ok: false; message: string };

export const patrolTimeTypes: readonly { value: PatrolTimeType; label: string }[] = [
  { value: 1, label: '每天' },
  { value: 2, label: '每周' },
  { value: 3, label: '每月' },
];
export const weekdayNames = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export const patrolTimeMessages = {
  format: '巡更时间格式错误',
  type: '请选择巡更类型',
  week: '请选择巡更星期',
  month: '请选择巡更日期',
  times: '请添加巡更时段',
  clock: '巡更时段格式应为HH:mm:ss',
  order: '结束时间必须晚于开始时间',
  overlap: '巡更时段不能重叠',
} as const;

const clock = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** 'HH:mm' is taken as 'HH:mm:00' (a picker without seconds) */
const normalClock = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  const full = /^\d{2}:\d{2}$/.test(t) ? `${t}:00` : t;
  return clock.test(full) ? full : null;
};

const intList = (v: unknown, min: number, max: number): number[] | null => {
  const raw = v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(raw)) return null;
  const out: number[] = [];
  for (const x of raw) {
    const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
};

/** The value as the picker sends it (the JSON text, or the object) → a normalised PatrolTime or the first problem. */
export const checkPatrolTime = (input: unknown): PatrolTimeCheck => {
  const m = patrolTimeMessages;
  let p: unknown = input;
  if (typeof input === 'string') {
    try {
      p = JSON.parse(input);
    } catch {
      return { ok: false, message: m.format };
    }
  }
  if (!p || typeof p !== 'object' || Array.isArray(p)) return { ok: false, message: m.format };
  const o = p as Record<string, unknown>;
  const type = Number(o.type);
  if (type !== 1 && type !== 2 && type !== 3) return { ok: false, message: m.type };
  const week = type === 2 ? intList(o.week, 1, 7) : [];
  if (!week || (type === 2 && !week.length)) return { ok: false, message: m.week };
  const month = type === 3 ? intList(o.month, 1, 31) : [];
  if (!month || (type === 3 && !month.length)) return { ok: false, message: m.month };
  if (!Array.isArray(o.times) || !o.times.length) return { ok: false, message: m.times };
  if (o.times.length > 48) return { ok: false, message: m.format };
  const times: PatrolSpan[] = [];
  for (const t of o.times as unknown[]) {
    const s = t && typeof t === 'object' ? (t as Record<string, unknown>) : {};
    const start = normalClock(s.start);
    const end = normalClock(s.end);
    if (!start || !end) return { ok: false, message: m.clock };
    if (end <= start) return { ok: false, message: m.order };
    times.push({ start, end });
  }
  const sorted = [...times].sort((a, b) => (a.start < b.start ? -1 : 1));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.start < sorted[i - 1]!.end) return { ok: false, message: m.overlap };
  const value: PatrolTime = { type, week, month, times: sorted };
  return { ok: true, value, json: JSON.stringify(value) };
};
