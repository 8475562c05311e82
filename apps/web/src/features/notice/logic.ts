/** Face-comparison content of a type-1 alert, as the capture system writes it. */
export type FaceView = { faceUrl: string; faceTime: string; similarity: string; facePicUrl: string; name: string };

export const FACE_ALERT = 1;

const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Similarity as a percentage: 0.9321 and 93.21 both read 93.21%. */
export const similarityText = (v: unknown) => {
  const n = Number(v);
  if (!Number.isFinite(n) || str(v) === '') return '';
  const pct = n <= 1 ? n * 100 : n;
  return `${pct.toFixed(2)}%`;
};

/** The face view of a type-1 alert; null for other types or content that is not a face comparison. */
export const faceViewOf = (type: number, raw: string): FaceView | null => {
  if (type !== FACE_ALERT) return null;
  const o = parse(raw);
  if (!o || typeof o !== 'object') return null;
  const c = o as Record<string, unknown>;
  return {
    faceUrl: str(c.face_url),
    faceTime: str(c.face_time),
    similarity: similarityText(c.similarity),
    facePicUrl: str(c.face_pic_url),
    name: str(c.face_info_name),
  };
};

/** Plain content: text as it is; a JSON object as "key：value" lines. */
export const plainContentOf = (raw: string): string => {
  const o = parse(raw);
  if (!o || typeof o !== 'object' || Array.isArray(o)) return raw;
  return Object.entries(o as Record<string, unknown>)
    .map(([k, v]) => `${k}：${str(v)}`)
    .join('\n');
};

/** Alerts not yet shown in this session, oldest first (the dialog shows them in turn). */
export const unshown = <T extends { id: number }>(list: readonly T[], shown: ReadonlySet<number>): T[] =>
  list.filter((a) => !shown.has(a.id)).sort((a, b) => a.id - b.id);

/** The id a route carries in `vuexNoticeId`, or null. */
export const highlightedNoticeId = (search: string): number | null => {
  const v = Number(new URLSearchParams(search).get('vuexNoticeId'));
  return Number.isInteger(v) && v > 0 ? v : null;
};
