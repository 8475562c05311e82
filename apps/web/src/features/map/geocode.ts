import { parsePoint, type LonLat } from './geom.ts';

/**
 * Address search (a maps place-text search GET with keyword and key → pois[0].location).
 * Pure helpers (request URL, reply parsing) plus the fetch.
 */
export const SEARCH_NOT_CONFIGURED = '未配置地图搜索服务';
export const SEARCH_FAILED = '地址搜索失败，请检查网络';
export const SEARCH_NOT_FOUND = '未找到该地址';

export type GeocodeResult = { ok: true; point: LonLat; name: string } | { ok: false; message: string };

/** The GET address: {keyword} and {key} in the template are replaced (URL-encoded); null when unusable. */
export const searchUrlOf = (template: string, keyword: string, key: string): string | null => {
  const t = template.trim();
  if (!t || !key.trim() || !keyword.trim()) return null;
  const url = t
    .replaceAll('{keyword}', encodeURIComponent(keyword.trim()))
    .replaceAll('{key}', encodeURIComponent(key.trim()));
  // a template without placeholders gets them as query parameters
  if (url === t)
    return `${t}${t.includes('?') ? '&' : '?'}keywords=${encodeURIComponent(keyword.trim())}&key=${encodeURIComponent(key.trim())}`;
  return url;
};

/** pois[0].location ('lon,lat', [lon,lat] or {lng,lat}) of a reply; null when there is none. */
export const parseGeocodeReply = (reply: unknown): { point: LonLat; name: string } | null => {
  if (!reply || typeof reply !== 'object') return null;
  const pois = (reply as { pois?: unknown }).pois;
  if (!Array.isArray(pois) || !pois.length) return null;
  const first = pois[0] as { location?: unknown; name?: unknown } | null;
  const point = parsePoint(first?.location);
  return point ? { point, name: typeof first?.name === 'string' ? first.name : '' } : null;
};

export const geocode = async (
  template: string,
  key: string,
  keyword: string,
  timeoutMs = 8000,
): Promise<GeocodeResult> => {
  if (!template.trim() || !key.trim()) return { ok: false, message: SEARCH_NOT_CONFIGURED };
  const url = searchUrlOf(template, keyword, key);
  if (!url) return { ok: false, message: '请输入要搜索的地址' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { method: 'GET', signal: controller.signal });
    if (!res.ok) return { ok: false, message: SEARCH_FAILED };
    const hit = parseGeocodeReply(await res.json());
    return hit ? { ok: true, ...hit } : { ok: false, message: SEARCH_NOT_FOUND };
  } catch {
    return { ok: false, message: SEARCH_FAILED };
  } finally {
    clearTimeout(timer);
  }
};
