import { checkPatrolTime, type PatrolSpan, type PatrolTimeType } from '@5a/contracts';

/** What the time picker edits: loose on purpose (a half-typed window), checked by the shared rules on every change. */
export type TimeDraft = { type: PatrolTimeType; week: number[]; month: number[]; times: PatrolSpan[] };

export const emptyDraft = (): TimeDraft => ({ type: 1, week: [], month: [], times: [{ start: '', end: '' }] });

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : []);

/** The stored JSON (or an object) → a draft; anything unreadable starts a new one. */
export const draftOf = (value: unknown): TimeDraft => {
  let p: unknown = value;
  if (typeof value === 'string') {
    if (!value.trim()) return emptyDraft();
    try {
      p = JSON.parse(value);
    } catch {
      return emptyDraft();
    }
  }
  if (!p || typeof p !== 'object') return emptyDraft();
  const o = p as Record<string, unknown>;
  const type = Number(o.type);
  const times = Array.isArray(o.times)
    ? (o.times as unknown[]).map((t) => {
        const s = (t && typeof t === 'object' ? t : {}) as Record<string, unknown>;
        return { start: String(s.start ?? ''), end: String(s.end ?? '') };
      })
    : [];
  return {
    type: type === 2 || type === 3 ? type : 1,
    week: ints(o.week),
    month: ints(o.month),
    times: times.length ? times : [{ start: '', end: '' }],
  };
};

/** The value the form holds: the draft as JSON, only the list of the chosen type kept. */
export const draftJson = (d: TimeDraft): string =>
  JSON.stringify({
    type: d.type,
    week: d.type === 2 ? d.week : [],
    month: d.type === 3 ? d.month : [],
    times: d.times,
  });

/** The picker's message for a draft ('' when it is fine): the same rules and words as the server's. */
export const draftProblem = (d: TimeDraft): string => {
  const r = checkPatrolTime(draftJson(d));
  return r.ok ? '' : r.message;
};

/** A route's point chain as a row holds it ([{id, name}]) → tags in walking order. */
export type ChainPoint = { id: number; name: string };
export const chainOf = (value: unknown): ChainPoint[] =>
  Array.isArray(value)
    ? value
        .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
        .map((p) => ({ id: Number(p.id), name: String(p.name ?? p.id) }))
    : [];

/** The form's ordered ids: an id array, [{id}] or '1,2,3' → ids, each once. */
export const idsOf = (value: unknown): number[] => {
  const raw = Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : [];
  const out: number[] = [];
  for (const x of raw) {
    const n = Number(x && typeof x === 'object' ? (x as { id?: unknown }).id : x);
    if (Number.isInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
};

/** Moves the id at `from` to the place of `to` (a drag onto another point). */
export const moveId = (ids: readonly number[], from: number, to: number): number[] => {
  const i = ids.indexOf(from);
  const j = ids.indexOf(to);
  if (i < 0 || j < 0 || i === j) return [...ids];
  const out = [...ids];
  out.splice(i, 1);
  out.splice(j, 0, from);
  return out;
};

/** Why 线路二维码 cannot print a route ('' when it can): a greyed button must say why. */
export const lineQrProblem = (points: readonly ChainPoint[]) =>
  points.length ? '' : '该路线没有巡更点，请先编辑路线添加巡更点';

/** 线路二维码: the print page of the route's points in walking order, titled by the route's name. */
export const lineQrUrl = (points: readonly ChainPoint[], routeName: string) => {
  const q = new URLSearchParams({ ids: points.map((p) => p.id).join(','), title: routeName });
  return `/print/patrol-qr?${q.toString()}`;
};

/** staff_ids as the route holds it ('3,5') → the dispatch dialog's selection */
export const staffIdsOf = (value: unknown): number[] => idsOf(typeof value === 'number' ? String(value) : value);
