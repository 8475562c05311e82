/**
 * Map values — pure, no OpenLayers, shared by the picker, the cells and tests.
 *
 * Point (`lonlat` fields): `'lon,lat'`, WGS84 degrees (EPSG:4326) with 6 decimals, e.g. `'120.130100,30.278900'`.
 *
 * Hot area (`geom` fields), exactly what the server stores (modules/estate/format.ts normalizeGeom):
 *
 *     <ring>--<centre>--<fill>--<border>
 *
 *   - ring:   the polygon's vertices `lon,lat` joined by `;`, at least 3, NOT closed (the first
 *             point is not repeated at the end), 6 decimals: `120.1285,30.2801;120.1318,30.2803;…`
 *   - centre: one `lon,lat` — the label/marker point of the area (the picked location, else the
 *             ring's centroid); may be empty in stored data (then computed)
 *   - fill:   CSS colour of the area: `#rrggbb` or `rgba(r,g,b,a)` (a ≤ 2 decimals); default
 *             `rgba(24,144,255,0.3)` (semi-transparent blue)
 *   - border: CSS colour of the outline, same forms; default `#1890ff`; drawn 4 px wide
 *
 * Parsing is defensive: the ring may also be `lon lat,lon lat,…` (WKT-like), `POLYGON((…))` or a
 * JSON array of pairs; a closing point is dropped; missing or malformed colours fall back to the
 * defaults; anything without three valid points is "no polygon" (null).
 */

export type LonLat = [number, number];

export type Geom = {
  ring: LonLat[];
  centre: LonLat | null;
  fill: string;
  border: string;
};

export const DEFAULT_FILL = 'rgba(24,144,255,0.3)';
export const DEFAULT_BORDER = '#1890ff';
/** Polygon border width 4 (dashboards 2). */
export const POLYGON_BORDER_WIDTH = 4;
const DECIMALS = 6;

const isLon = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;
const isLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;

/** A number kept at 6 decimals without trailing noise ('120.130100' → 120.1301 as a number). */
const round = (n: number) => Number(n.toFixed(DECIMALS));

const pair = (lon: unknown, lat: unknown): LonLat | null => {
  if (lon === '' || lat === '' || lon === null || lat === null) return null;
  const x = Number(lon);
  const y = Number(lat);
  return isLon(x) && isLat(y) ? [round(x), round(y)] : null;
};

/** 'lon,lat' (also 'lon lat', Chinese comma, '[lon,lat]', {lng,lat}) → [lon, lat]; invalid → null. */
export const parsePoint = (v: unknown): LonLat | null => {
  if (Array.isArray(v)) return v.length >= 2 ? pair(v[0], v[1]) : null;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return pair(o.lng ?? o.lon ?? o.longitude, o.lat ?? o.latitude);
  }
  if (typeof v !== 'string') return null;
  const parts = v
    .trim()
    .replace(/^\[|\]$/g, '')
    .split(/[\s,，]+/)
    .filter(Boolean);
  return parts.length === 2 ? pair(parts[0], parts[1]) : null;
};

/** [lon, lat] → 'lon,lat' with 6 decimals. */
export const formatPoint = ([lon, lat]: LonLat) => `${lon.toFixed(DECIMALS)},${lat.toFixed(DECIMALS)}`;

const samePoint = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];

/** The vertices of a ring in any of the accepted spellings; the closing point is dropped. */
export const parseRing = (raw: string): LonLat[] => {
  let s = raw.trim();
  if (!s) return [];
  let points: (LonLat | null)[];
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      const list =
        Array.isArray(parsed) && Array.isArray(parsed[0]) && Array.isArray(parsed[0][0]) ? parsed[0] : parsed;
      points = Array.isArray(list) ? list.map((p) => parsePoint(p)) : [];
    } catch {
      points = [];
    }
  } else {
    s = s.replace(/^(multi)?polygon\s*/i, '').replace(/[()]/g, '');
    // 'lon,lat;lon,lat' (server) or 'lon lat,lon lat' (WKT-like)
    const chunks = s.includes(';') ? s.split(';') : /\d\s+-?\d/.test(s) ? s.split(/[,，]/) : pairsOf(s);
    points = chunks.map((c) => parsePoint(c));
  }
  if (points.some((p) => p === null)) return [];
  const ring = points as LonLat[];
  if (ring.length > 1 && samePoint(ring[0]!, ring[ring.length - 1]!)) ring.pop();
  return ring;
};

/** 'a,b,c,d' → ['a,b', 'c,d'] (a flat comma list of numbers). */
const pairsOf = (s: string) => {
  const nums = s.split(/[,，]/).map((x) => x.trim());
  if (nums.length % 2) return ['x'];
  const out: string[] = [];
  for (let i = 0; i < nums.length; i += 2) out.push(`${nums[i]},${nums[i + 1]}`);
  return out;
};

const hex = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/i;

const clampByte = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
const to2 = (n: number) => n.toString(16).padStart(2, '0');

/**
 * A colour in the stored form: opaque → '#rrggbb', translucent → 'rgba(r,g,b,a)' with at most two
 * decimals of alpha (what the server accepts). Unknown text → null.
 */
export const normalizeColor = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  let r: number, g: number, b: number, a: number;
  const h = hex.exec(s);
  const m = rgb.exec(s);
  if (h) {
    let d = h[1]!;
    if (d.length <= 4) d = [...d].map((c) => c + c).join('');
    r = parseInt(d.slice(0, 2), 16);
    g = parseInt(d.slice(2, 4), 16);
    b = parseInt(d.slice(4, 6), 16);
    a = d.length === 8 ? parseInt(d.slice(6, 8), 16) / 255 : 1;
  } else if (m) {
    [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])].map(clampByte) as [number, number, number];
    a = m[4] === undefined ? 1 : Number(m[4]);
  } else return null;
  if (!Number.isFinite(a)) return null;
  const alpha = Math.max(0, Math.min(1, Math.round(a * 100) / 100));
  if (alpha === 1) return `#${to2(r)}${to2(g)}${to2(b)}`;
  return `rgba(${r},${g},${b},${alpha})`;
};

/** Area centroid of a ring (falls back to the vertex mean for a degenerate ring). */
export const ringCentre = (ring: LonLat[]): LonLat | null => {
  if (!ring.length) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-12) {
    const n = ring.length;
    return [round(ring.reduce((s, p) => s + p[0], 0) / n), round(ring.reduce((s, p) => s + p[1], 0) / n)];
  }
  return [round(cx / (3 * a)), round(cy / (3 * a))];
};

/** geom text → parts; null when there is no polygon of at least three valid points. */
export const parseGeom = (v: unknown): Geom | null => {
  if (typeof v !== 'string' || !v.trim()) return null;
  const [ring = '', centre = '', fill = '', border = ''] = v.split('--');
  const points = parseRing(ring);
  if (points.length < 3) return null;
  return {
    ring: points,
    centre: parsePoint(centre) ?? ringCentre(points),
    fill: normalizeColor(fill) ?? DEFAULT_FILL,
    border: normalizeColor(border) ?? DEFAULT_BORDER,
  };
};

/** Parts → geom text (see the header); the centre defaults to the ring's centroid, colours to blue. */
export const formatGeom = (g: {
  ring: LonLat[];
  centre?: LonLat | null;
  fill?: string | null;
  border?: string | null;
}): string => {
  const ring = g.ring.length > 1 && samePoint(g.ring[0]!, g.ring[g.ring.length - 1]!) ? g.ring.slice(0, -1) : g.ring;
  if (ring.length < 3) return '';
  const centre = g.centre ?? ringCentre(ring);
  return [
    ring.map(formatPoint).join(';'),
    centre ? formatPoint(centre) : '',
    normalizeColor(g.fill) ?? DEFAULT_FILL,
    normalizeColor(g.border) ?? DEFAULT_BORDER,
  ].join('--');
};

/** The short text a form shows for a stored hot area. */
export const geomSummary = (v: unknown): string => {
  const g = parseGeom(v);
  return g ? `已设置热区（${g.ring.length} 个点）` : '';
};

/** Whether a record can be shown on a map (a valid point or hot area). */
export const hasLocation = (lonlat: unknown, geom?: unknown) => parsePoint(lonlat) !== null || parseGeom(geom) !== null;

export const NO_LOCATION_MSG = 'this information has no location data';
export const NOTHING_SELECTED_MSG = 'you have not selected data';

/** Ray casting: whether a point lies inside a ring (on the edge counts as outside or inside, either). */
export const pointInRing = ([x, y]: LonLat, ring: LonLat[]) => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** What a map draws of a village: a marker (its location, else its hot area's centre) and the hot area. */
export type VillageMark = {
  id: number;
  name: string;
  point: LonLat | null;
  ring: LonLat[] | null;
  fill: string;
  border: string;
};

export const villageMarkOf = (v: { id: number; name: string; lonlat: unknown; geom: unknown }): VillageMark => {
  const g = parseGeom(v.geom);
  return {
    id: v.id,
    name: v.name,
    point: parsePoint(v.lonlat) ?? g?.centre ?? null,
    ring: g?.ring ?? null,
    fill: g?.fill ?? '',
    border: g?.border ?? '',
  };
};
